/// Paints one stroke of a brush onto the paint layer. Solid brushes (crayon, marker, chalk,
/// sparkle) lay one mask along the path with their texture; pattern brushes (hearts, dots,
/// flowers, confetti) place shapes at even steps along it; the eraser takes paint away.
enum BrushPainter {
    static func paint(_ brush: Brush, color: RGBA, size: Double, points: [Point], seed: UInt32, onto layer: inout Raster) {
        let radius = size / 2
        switch brush {
        case .crayon, .marker, .chalk, .sparkle, .eraser:
            var mask = pathMask(points, radius: radius, layer: layer)
            switch brush {
            case .eraser: mask.erase(&layer)
            case .crayon:
                // Wax skips on the paper's grain: about one pixel in four takes little colour.
                mask.paint(color, onto: &layer) { x, y, alpha in Blend.scale(alpha, Texture.grain(x, y, seed) < 64 ? 90 : 240) }
            case .marker:
                mask.paint(color, onto: &layer) { _, _, alpha in Blend.scale(alpha, 200) }
            case .chalk:
                // Dusty: two-pixel grains, many of them nearly bare.
                mask.paint(color, onto: &layer) { x, y, alpha in Blend.scale(alpha, Texture.grain(x >> 1, y >> 1, seed) < 100 ? 50 : 225) }
            case .sparkle:
                mask.paint(color, onto: &layer) { _, _, alpha in Blend.scale(alpha, 220) }
                var scatter = Scatter(seed: seed)
                for centre in steps(along: points, every: max(4, size * 0.8)) {
                    let arm = radius * (0.5 + 0.5 * scatter.unit())
                    let spot = Point(centre.x + (scatter.unit() - 0.5) * radius, centre.y + (scatter.unit() - 0.5) * radius)
                    mask = CoverageMask(minX: spot.x - arm, minY: spot.y - arm, maxX: spot.x + arm, maxY: spot.y + arm,
                                        pictureWidth: layer.width, pictureHeight: layer.height)
                    mask.addCapsule(Point(spot.x - arm, spot.y), Point(spot.x + arm, spot.y), radius: 1)
                    mask.addCapsule(Point(spot.x, spot.y - arm), Point(spot.x, spot.y + arm), radius: 1)
                    mask.paint(RGBA(255, 255, 255, 235), onto: &layer)
                }
            default: break
            }
        case .hearts:
            for centre in steps(along: points, every: size * 1.1) {
                var mask = box(centre, radius, layer)
                mask.addHeart(centre, size: size)
                mask.paint(color, onto: &layer)
            }
        case .dots:
            for centre in steps(along: points, every: size * 1.2) {
                var mask = box(centre, radius, layer)
                mask.addDisc(centre, radius: radius * 0.6)
                mask.paint(color, onto: &layer)
            }
        case .flowers:
            for centre in steps(along: points, every: size * 1.2) {
                var petals = box(centre, radius, layer)
                for (dx, dy) in petalDirections { petals.addDisc(Point(centre.x + dx * radius * 0.5, centre.y + dy * radius * 0.5), radius: radius * 0.32) }
                petals.paint(color, onto: &layer)
                var middle = box(centre, radius, layer)
                middle.addDisc(centre, radius: radius * 0.25)
                middle.paint(flowerMiddle, onto: &layer)
            }
        case .confetti:
            var scatter = Scatter(seed: seed)
            for centre in steps(along: points, every: max(3, size * 0.45)) {
                let piece = Point(centre.x + (scatter.unit() - 0.5) * size, centre.y + (scatter.unit() - 0.5) * size)
                let tall = scatter.next() & 1 == 0
                let (w, h) = tall ? (size / 6, size / 3) : (size / 3, size / 6)
                var mask = box(piece, max(w, h), layer)
                mask.addBox(minX: piece.x - w / 2, minY: piece.y - h / 2, maxX: piece.x + w / 2, maxY: piece.y + h / 2)
                let pick = Int(scatter.next() % UInt32(confettiColors.count))
                mask.paint(scatter.next() % 3 == 0 ? color : confettiColors[pick], onto: &layer)
            }
        }
    }

    /// The five petals' directions, starting straight up (cos and sin of −90° + k·72°, written out
    /// so every platform uses the same numbers).
    static let petalDirections: [(Double, Double)] = [
        (0, -1), (0.9510565162951535, -0.30901699437494745), (0.5877852522924732, 0.8090169943749473),
        (-0.5877852522924729, 0.8090169943749476), (-0.9510565162951536, -0.30901699437494734),
    ]
    static let flowerMiddle = RGBA(255, 212, 0)
    static let confettiColors = [RGBA(237, 10, 63), RGBA(255, 136, 51), RGBA(251, 232, 112), RGBA(58, 166, 85), RGBA(0, 149, 183), RGBA(131, 89, 163)]

    private static func box(_ centre: Point, _ radius: Double, _ layer: Raster) -> CoverageMask {
        CoverageMask(minX: centre.x - radius, minY: centre.y - radius, maxX: centre.x + radius, maxY: centre.y + radius,
                     pictureWidth: layer.width, pictureHeight: layer.height)
    }

    /// The whole path as one mask of round-ended segments.
    static func pathMask(_ points: [Point], radius: Double, layer: Raster) -> CoverageMask {
        let xs = points.map(\.x), ys = points.map(\.y)
        var mask = CoverageMask(minX: xs.min()! - radius, minY: ys.min()! - radius, maxX: xs.max()! + radius, maxY: ys.max()! + radius,
                                pictureWidth: layer.width, pictureHeight: layer.height)
        if points.count == 1 { mask.addDisc(points[0], radius: radius) }
        for (a, b) in zip(points, points.dropFirst()) { mask.addCapsule(a, b, radius: radius) }
        return mask
    }

    /// Points every `spacing` along the path, starting at its first point.
    static func steps(along points: [Point], every spacing: Double) -> [Point] {
        guard let first = points.first, spacing > 0 else { return [] }
        var found = [first]
        var carried = 0.0  // distance walked since the last step
        for (a, b) in zip(points, points.dropFirst()) {
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { continue }
            var along = spacing - carried
            while along <= length {
                found.append(Point(a.x + dx * along / length, a.y + dy * along / length))
                along += spacing
            }
            carried = length - (along - spacing)
        }
        return found
    }
}
