import Foundation

/// Where stamp pictures come from: each emoji as a square, premultiplied picture (the server
/// reads them from the colour emoji font the browser also draws with).
public protocol StampArtwork: Sendable {
    func image(for emoji: String) -> Raster?
}

/// Lays a stamp's picture on the paint layer: scaled to `size`, turned, mirrored, sampled
/// between pixels (bilinear).
enum StampPainter {
    static func paint(_ image: Raster, at centre: Point, size: Double, rotation: Double, flipped: Bool, onto layer: inout Raster) {
        let reach = size * 0.7072  // half the diagonal
        let left = max(0, Int((centre.x - reach).rounded(.down))), right = min(layer.width - 1, Int((centre.x + reach).rounded(.up)))
        let top = max(0, Int((centre.y - reach).rounded(.down))), bottom = min(layer.height - 1, Int((centre.y + reach).rounded(.up)))
        guard left <= right, top <= bottom else { return }
        let angle = rotation * .pi / 180
        let cosine = cos(angle), sine = sin(angle)
        // The picture's longer side is `size`; the other keeps its proportion.
        let scale = Double(max(image.width, image.height)) / size
        let layerWidth = layer.width
        layer.pixels.withUnsafeMutableBufferPointer { out in
            image.pixels.withUnsafeBufferPointer { source in
                for y in top...bottom {
                    for x in left...right {
                        let vx = Double(x) + 0.5 - centre.x, vy = Double(y) + 0.5 - centre.y
                        var ux = vx * cosine + vy * sine
                        let uy = -vx * sine + vy * cosine
                        if flipped { ux = -ux }
                        let sx = ux * scale + Double(image.width) / 2 - 0.5, sy = uy * scale + Double(image.height) / 2 - 0.5
                        let sample = bilinear(source, width: image.width, height: image.height, sx, sy)
                        guard sample.3 > 0 else { continue }
                        let index = (y * layerWidth + x) * 4
                        let keep = 255 - sample.3
                        out[index] = UInt8(min(255, sample.0 + Blend.scale(Int(out[index]), keep)))
                        out[index + 1] = UInt8(min(255, sample.1 + Blend.scale(Int(out[index + 1]), keep)))
                        out[index + 2] = UInt8(min(255, sample.2 + Blend.scale(Int(out[index + 2]), keep)))
                        out[index + 3] = UInt8(min(255, sample.3 + Blend.scale(Int(out[index + 3]), keep)))
                    }
                }
            }
        }
    }

    /// The premultiplied colour at (sx, sy) in source pixels, transparent outside the picture.
    private static func bilinear(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, _ sx: Double, _ sy: Double) -> (Int, Int, Int, Int) {
        guard sx > -1, sy > -1, sx < Double(width), sy < Double(height) else { return (0, 0, 0, 0) }
        let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
        let fx = sx - Double(x0), fy = sy - Double(y0)
        var sums = (0.0, 0.0, 0.0, 0.0)
        for (dx, dy, weight) in [(0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)), (0, 1, (1 - fx) * fy), (1, 1, fx * fy)] {
            let x = x0 + dx, y = y0 + dy
            guard weight > 0, x >= 0, y >= 0, x < width, y < height else { continue }
            let index = (y * width + x) * 4
            sums.0 += Double(pixels[index]) * weight
            sums.1 += Double(pixels[index + 1]) * weight
            sums.2 += Double(pixels[index + 2]) * weight
            sums.3 += Double(pixels[index + 3]) * weight
        }
        return (Int(sums.0.rounded()), Int(sums.1.rounded()), Int(sums.2.rounded()), Int(sums.3.rounded()))
    }
}
