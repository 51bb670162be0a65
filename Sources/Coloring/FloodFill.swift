/// The fill bucket: the pixels joined to the tapped one (up, down, left, right) whose colour is
/// within `tolerance` of it on every channel, plus a one-pixel rim so no pale halo is left
/// against soft-edged lines.
public enum FloodFill {
    public static let defaultTolerance = 48

    /// The region as one flag a pixel (row by row), or nil when the point is off the picture.
    public static func region(in picture: Raster, x: Int, y: Int, tolerance: Int) -> [Bool]? {
        let width = picture.width, height = picture.height
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        var inside = [Bool](repeating: false, count: width * height)
        picture.pixels.withUnsafeBufferPointer { pixels in
            inside.withUnsafeMutableBufferPointer { inside in
                let seed = (y * width + x) * 4
                let r = Int(pixels[seed]), g = Int(pixels[seed + 1]), b = Int(pixels[seed + 2]), a = Int(pixels[seed + 3])
                @inline(__always) func matches(_ index: Int) -> Bool {
                    let p = index * 4
                    return abs(Int(pixels[p]) - r) <= tolerance && abs(Int(pixels[p + 1]) - g) <= tolerance
                        && abs(Int(pixels[p + 2]) - b) <= tolerance && abs(Int(pixels[p + 3]) - a) <= tolerance
                }
                // Scanline fill: fill a run, then look for new runs in the rows above and below it.
                var stack = [(x, y)]
                while let (sx, sy) = stack.popLast() {
                    let row = sy * width
                    guard !inside[row + sx] else { continue }
                    var left = sx, right = sx
                    while left > 0 && !inside[row + left - 1] && matches(row + left - 1) { left -= 1 }
                    while right < width - 1 && !inside[row + right + 1] && matches(row + right + 1) { right += 1 }
                    for index in left...right { inside[row + index] = true }
                    for ny in [sy - 1, sy + 1] where ny >= 0 && ny < height {
                        let nrow = ny * width
                        var index = left
                        while index <= right {
                            if !inside[nrow + index] && matches(nrow + index) {
                                stack.append((index, ny))
                                while index <= right && !inside[nrow + index] && matches(nrow + index) { index += 1 }
                            } else {
                                index += 1
                            }
                        }
                    }
                }
            }
        }
        return inside
    }

    /// Grows a region by one pixel in the four directions.
    static func withRim(_ region: [Bool], width: Int, height: Int) -> [Bool] {
        var grown = region
        region.withUnsafeBufferPointer { region in
            grown.withUnsafeMutableBufferPointer { grown in
                for y in 0..<height {
                    let row = y * width
                    for x in 0..<width where !region[row + x] {
                        if (x > 0 && region[row + x - 1]) || (x < width - 1 && region[row + x + 1])
                            || (y > 0 && region[row + x - width]) || (y < height - 1 && region[row + x + width]) {
                            grown[row + x] = true
                        }
                    }
                }
            }
        }
        return grown
    }

    /// Fills the region found in `picture` (what the child sees) on the paint `layer`.
    static func fill(layer: inout Raster, seeing picture: Raster, x: Int, y: Int, color: RGBA, tolerance: Int) {
        guard let region = region(in: picture, x: x, y: y, tolerance: tolerance) else { return }
        let painted = withRim(region, width: picture.width, height: picture.height)
        let premultiplied = RGBA(color.r, color.g, color.b, 255)
        layer.pixels.withUnsafeMutableBufferPointer { pixels in
            for (index, isInside) in painted.enumerated() where isInside {
                pixels[index * 4] = premultiplied.r
                pixels[index * 4 + 1] = premultiplied.g
                pixels[index * 4 + 2] = premultiplied.b
                pixels[index * 4 + 3] = 255
            }
        }
    }

    /// Fills straight onto an opaque picture (used by the benchmark and tests on plain pictures).
    public static func fill(_ picture: inout Raster, x: Int, y: Int, color: RGBA, tolerance: Int = defaultTolerance) {
        var layer = Raster(width: picture.width, height: picture.height)
        fill(layer: &layer, seeing: picture, x: x, y: y, color: color, tolerance: tolerance)
        picture = layer.composited(over: picture)
    }
}
