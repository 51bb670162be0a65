/// Lines, rectangles, circles and stars dragged from one corner to the other.
enum ShapePainter {
    static func paint(_ kind: ShapeKind, from: Point, to: Point, color: RGBA, size: Double, filled: Bool, onto layer: inout Raster) {
        let radius = size / 2
        let minX = min(from.x, to.x), maxX = max(from.x, to.x), minY = min(from.y, to.y), maxY = max(from.y, to.y)
        var mask = CoverageMask(minX: minX - radius, minY: minY - radius, maxX: maxX + radius, maxY: maxY + radius,
                                pictureWidth: layer.width, pictureHeight: layer.height)
        switch kind {
        case .line:
            mask.addCapsule(from, to, radius: radius)
        case .rectangle:
            if filled {
                mask.addBox(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
            } else {
                outline([Point(minX, minY), Point(maxX, minY), Point(maxX, maxY), Point(minX, maxY)], radius: radius, into: &mask)
            }
        case .circle:
            mask.addEllipse(minX: minX, minY: minY, maxX: maxX, maxY: maxY, filled: filled, thickness: size)
        case .star:
            let corners = star(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
            if filled { mask.addPolygon(corners) } else { outline(corners, radius: radius, into: &mask) }
        }
        mask.paint(color, onto: &layer)
    }

    private static func outline(_ corners: [Point], radius: Double, into mask: inout CoverageMask) {
        for (index, corner) in corners.enumerated() { mask.addCapsule(corner, corners[(index + 1) % corners.count], radius: radius) }
    }

    /// A five-pointed star filling the box, its top point up: outer and inner corners in turn.
    static func star(minX: Double, minY: Double, maxX: Double, maxY: Double) -> [Point] {
        let cx = (minX + maxX) / 2, cy = (minY + maxY) / 2, a = (maxX - minX) / 2, b = (maxY - minY) / 2
        return starCorners.map { Point(cx + $0.0 * a, cy + $0.1 * b) }
    }

    /// Unit star corners from −90° every 36°, outer radius 1 and inner 0.382 (written out so every
    /// platform uses the same numbers).
    static let starCorners: [(Double, Double)] = [
        (0, -1), (0.22451398828979272, -0.30901699437494745), (0.9510565162951535, -0.30901699437494745),
        (0.3632712640026804, 0.11803398874989484), (0.5877852522924732, 0.8090169943749473), (0, 0.382),
        (-0.5877852522924729, 0.8090169943749476), (-0.36327126400268045, 0.1180339887498949),
        (-0.9510565162951536, -0.30901699437494734), (-0.22451398828979283, -0.3090169943749474),
    ]
}
