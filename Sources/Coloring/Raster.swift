/// A picture in memory: `width × height` pixels, 4 bytes each (r, g, b, a), rows top to bottom.
/// Paint layers hold premultiplied colour (r, g, b ≤ a); a finished picture is opaque.
public struct Raster: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, fill color: RGBA = .clear) {
        self.width = width
        self.height = height
        let premultiplied = color.premultiplied
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        if premultiplied != .clear {
            for index in stride(from: 0, to: pixels.count, by: 4) {
                pixels[index] = premultiplied.r; pixels[index + 1] = premultiplied.g
                pixels[index + 2] = premultiplied.b; pixels[index + 3] = premultiplied.a
            }
        }
    }

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public subscript(x: Int, y: Int) -> RGBA {
        get {
            let index = (y * width + x) * 4
            return RGBA(pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3])
        }
        set {
            let index = (y * width + x) * 4
            pixels[index] = newValue.r; pixels[index + 1] = newValue.g; pixels[index + 2] = newValue.b; pixels[index + 3] = newValue.a
        }
    }

    /// This (premultiplied) layer laid over `below` in place of it: src + dst × (1 − src alpha).
    public func composited(over below: Raster) -> Raster {
        precondition(width == below.width && height == below.height)
        var result = below
        result.pixels.withUnsafeMutableBufferPointer { out in
            pixels.withUnsafeBufferPointer { top in
                for index in stride(from: 0, to: top.count, by: 4) {
                    let keep = 255 - Int(top[index + 3])
                    for channel in 0..<4 {
                        out[index + channel] = UInt8(Int(top[index + channel]) + Blend.scale(Int(out[index + channel]), keep))
                    }
                }
            }
        }
        return result
    }

    /// Straight (not premultiplied) colour, as PNG stores it.
    public var unpremultiplied: Raster {
        var copy = self
        for index in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = Int(pixels[index + 3])
            guard alpha > 0 && alpha < 255 else { continue }
            for channel in 0..<3 { copy.pixels[index + channel] = UInt8(min(255, (Int(pixels[index + channel]) * 255 + alpha / 2) / alpha)) }
        }
        return copy
    }

    /// A smaller copy that fits in `maxWidth × maxHeight`, each pixel the average of the pixels it covers.
    public func thumbnail(maxWidth: Int, maxHeight: Int) -> Raster {
        let scale = max(Double(width) / Double(maxWidth), Double(height) / Double(maxHeight), 1)
        let w = max(1, Int((Double(width) / scale).rounded())), h = max(1, Int((Double(height) / scale).rounded()))
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for ty in 0..<h {
            let y0 = ty * height / h, y1 = max(y0 + 1, (ty + 1) * height / h)
            for tx in 0..<w {
                let x0 = tx * width / w, x1 = max(x0 + 1, (tx + 1) * width / w)
                var sums = [0, 0, 0, 0]
                for y in y0..<y1 {
                    for x in x0..<x1 {
                        let index = (y * width + x) * 4
                        for channel in 0..<4 { sums[channel] += Int(pixels[index + channel]) }
                    }
                }
                let count = (y1 - y0) * (x1 - x0)
                for channel in 0..<4 { out[(ty * w + tx) * 4 + channel] = UInt8((sums[channel] + count / 2) / count) }
            }
        }
        return Raster(width: w, height: h, pixels: out)
    }
}

extension RGBA {
    /// Colour channels multiplied by alpha (how paint layers store colour).
    var premultiplied: RGBA {
        RGBA(UInt8(Blend.scale(Int(r), Int(a))), UInt8(Blend.scale(Int(g), Int(a))), UInt8(Blend.scale(Int(b), Int(a))), a)
    }
}

/// The integer arithmetic every layer operation uses, so the page and the server get the same pixels.
enum Blend {
    /// value × factor / 255, rounded (both 0…255).
    @inline(__always) static func scale(_ value: Int, _ factor: Int) -> Int { (value * factor + 127) / 255 }

    /// Lays `color` at coverage `alpha` (0…255) over the premultiplied pixel at `index`.
    @inline(__always) static func paint(_ pixels: UnsafeMutableBufferPointer<UInt8>, _ index: Int, _ color: RGBA, _ alpha: Int) {
        guard alpha > 0 else { return }
        let keep = 255 - alpha
        pixels[index] = UInt8(scale(Int(color.r), alpha) + scale(Int(pixels[index]), keep))
        pixels[index + 1] = UInt8(scale(Int(color.g), alpha) + scale(Int(pixels[index + 1]), keep))
        pixels[index + 2] = UInt8(scale(Int(color.b), alpha) + scale(Int(pixels[index + 2]), keep))
        pixels[index + 3] = UInt8(alpha + scale(Int(pixels[index + 3]), keep))
    }

    /// Takes paint away at coverage `alpha` (the eraser): the paper shows through.
    @inline(__always) static func erase(_ pixels: UnsafeMutableBufferPointer<UInt8>, _ index: Int, _ alpha: Int) {
        guard alpha > 0 else { return }
        let keep = 255 - alpha
        for channel in 0..<4 { pixels[index + channel] = UInt8(scale(Int(pixels[index + channel]), keep)) }
    }
}
