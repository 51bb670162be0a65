/// How much of each pixel a shape covers (0…255), over the part of the picture it touches. Shapes
/// added to one mask merge (the larger coverage wins), so a stroke's overlapping pieces don't darken.
/// Coverage is measured at pixel centres with a one-pixel soft edge.
struct CoverageMask {
    let x0: Int, y0: Int, width: Int, height: Int
    var values: [UInt8]

    /// A mask over `bounds` (minX, minY, maxX, maxY in picture pixels), clipped to the picture.
    init(minX: Double, minY: Double, maxX: Double, maxY: Double, pictureWidth: Int, pictureHeight: Int) {
        let left = max(0, Int((minX - 1).rounded(.down))), top = max(0, Int((minY - 1).rounded(.down)))
        let right = min(pictureWidth - 1, Int((maxX + 1).rounded(.up))), bottom = min(pictureHeight - 1, Int((maxY + 1).rounded(.up)))
        x0 = left
        y0 = top
        width = max(0, right - left + 1)
        height = max(0, bottom - top + 1)
        values = [UInt8](repeating: 0, count: width * height)
    }

    var isEmpty: Bool { width == 0 || height == 0 }

    @inline(__always) static func level(_ coverage: Double) -> UInt8 {
        coverage <= 0 ? 0 : coverage >= 1 ? 255 : UInt8((coverage * 255).rounded())
    }

    /// Runs `coverage(px, py)` for every pixel centre in the box (clipped to the mask), keeping the larger value.
    private mutating func add(minX: Double, minY: Double, maxX: Double, maxY: Double, _ coverage: (Double, Double) -> Double) {
        let left = max(x0, Int((minX - 1).rounded(.down))), right = min(x0 + width - 1, Int((maxX + 1).rounded(.up)))
        let top = max(y0, Int((minY - 1).rounded(.down))), bottom = min(y0 + height - 1, Int((maxY + 1).rounded(.up)))
        guard left <= right, top <= bottom else { return }
        values.withUnsafeMutableBufferPointer { values in
            for y in top...bottom {
                let py = Double(y) + 0.5
                let row = (y - y0) * width - x0
                for x in left...right {
                    let value = Self.level(coverage(Double(x) + 0.5, py))
                    if value > values[row + x] { values[row + x] = value }
                }
            }
        }
    }

    /// A round-ended line of radius `radius` from `a` to `b` (a single point is a disc).
    mutating func addCapsule(_ a: Point, _ b: Point, radius: Double) {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        add(minX: min(a.x, b.x) - radius, minY: min(a.y, b.y) - radius, maxX: max(a.x, b.x) + radius, maxY: max(a.y, b.y) + radius) { px, py in
            var t = lengthSquared > 0 ? ((px - a.x) * dx + (py - a.y) * dy) / lengthSquared : 0
            t = t < 0 ? 0 : t > 1 ? 1 : t
            let ex = px - (a.x + t * dx), ey = py - (a.y + t * dy)
            return radius + 0.5 - (ex * ex + ey * ey).squareRoot()
        }
    }

    mutating func addDisc(_ centre: Point, radius: Double) { addCapsule(centre, centre, radius: radius) }

    /// An axis-aligned box, with soft edges where it cuts pixels.
    mutating func addBox(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        add(minX: minX, minY: minY, maxX: maxX, maxY: maxY) { px, py in
            let overlapX = min(px + 0.5, maxX) - max(px - 0.5, minX)
            let overlapY = min(py + 0.5, maxY) - max(py - 0.5, minY)
            return overlapX <= 0 || overlapY <= 0 ? 0 : min(1, overlapX) * min(1, overlapY)
        }
    }

    /// The ellipse filling the box (filled), or its rim `thickness` wide.
    mutating func addEllipse(minX: Double, minY: Double, maxX: Double, maxY: Double, filled: Bool, thickness: Double) {
        let cx = (minX + maxX) / 2, cy = (minY + maxY) / 2
        let a = max(0.5, (maxX - minX) / 2), b = max(0.5, (maxY - minY) / 2)
        let pad = filled ? 0 : thickness / 2
        add(minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad) { px, py in
            let nx = (px - cx) / a, ny = (py - cy) / b
            let signed = ((nx * nx + ny * ny).squareRoot() - 1) * min(a, b)
            return filled ? 0.5 - signed : thickness / 2 + 0.5 - abs(signed)
        }
    }

    /// A closed polygon, filled (four samples a pixel, even-odd rule).
    mutating func addPolygon(_ points: [Point]) {
        guard points.count >= 3 else { return }
        let xs = points.map(\.x), ys = points.map(\.y)
        add(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!) { px, py in
            var inside = 0
            for (sx, sy) in [(-0.25, -0.25), (0.25, -0.25), (-0.25, 0.25), (0.25, 0.25)] where Self.contains(points, px + sx, py + sy) {
                inside += 1
            }
            return Double(inside) / 4
        }
    }

    /// The heart brush's heart, `size` across, centred on `centre` (four samples a pixel).
    mutating func addHeart(_ centre: Point, size: Double) {
        let half = size / 2
        add(minX: centre.x - half, minY: centre.y - half, maxX: centre.x + half, maxY: centre.y + half) { px, py in
            var inside = 0
            for (sx, sy) in [(-0.25, -0.25), (0.25, -0.25), (-0.25, 0.25), (0.25, 0.25)] {
                // (x² + y² − 1)³ − x²y³ ≤ 0, with y up and the heart scaled to the box.
                let x = (px + sx - centre.x) / half * 1.25, y = -(py + sy - centre.y) / half * 1.25 + 0.2
                let q = x * x + y * y - 1
                if q * q * q - x * x * y * y * y <= 0 { inside += 1 }
            }
            return Double(inside) / 4
        }
    }

    static func contains(_ polygon: [Point], _ x: Double, _ y: Double) -> Bool {
        var inside = false
        var j = polygon.count - 1
        for i in 0..<polygon.count {
            let a = polygon[i], b = polygon[j]
            if (a.y > y) != (b.y > y) && x < (b.x - a.x) * (y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }

    /// Paints `color` through the mask onto a premultiplied layer; `texture` turns each pixel's
    /// coverage (0…255) into the alpha laid down there.
    func paint(_ color: RGBA, onto layer: inout Raster, texture: (Int, Int, Int) -> Int = { _, _, alpha in alpha }) {
        guard !isEmpty else { return }
        let layerWidth = layer.width
        layer.pixels.withUnsafeMutableBufferPointer { pixels in
            values.withUnsafeBufferPointer { values in
                for y in 0..<height {
                    for x in 0..<width {
                        let coverage = Int(values[y * width + x])
                        guard coverage > 0 else { continue }
                        let alpha = texture(x0 + x, y0 + y, Blend.scale(coverage, Int(color.a)))
                        Blend.paint(pixels, ((y0 + y) * layerWidth + x0 + x) * 4, color, alpha)
                    }
                }
            }
        }
    }

    /// Takes paint away through the mask (the eraser).
    func erase(_ layer: inout Raster) {
        guard !isEmpty else { return }
        let layerWidth = layer.width
        layer.pixels.withUnsafeMutableBufferPointer { pixels in
            values.withUnsafeBufferPointer { values in
                for y in 0..<height {
                    for x in 0..<width { Blend.erase(pixels, ((y0 + y) * layerWidth + x0 + x) * 4, Int(values[y * width + x])) }
                }
            }
        }
    }
}
