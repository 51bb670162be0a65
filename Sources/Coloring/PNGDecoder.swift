import SystemZlib
import Foundation

/// Reads 8-bit, non-interlaced PNGs (grey, grey+alpha, RGB, RGBA and palette with transparency),
/// the kinds the colour emoji font and our own encoder write, into a premultiplied picture.
public enum PNGDecoder {
    public enum Error: Swift.Error, Equatable {
        case notPNG, unsupported(String), corrupt(String)
    }

    public static func decode(_ data: Data, largestSide: Int = 4096) throws(Error) -> Raster {
        let bytes = [UInt8](data)
        guard bytes.count > 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw .notPNG }
        var offset = 8
        var width = 0, height = 0, colorType: UInt8 = 0
        var palette: [RGBA] = []
        var compressed: [UInt8] = []
        func readUInt32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        while offset + 12 <= bytes.count {
            let length = readUInt32(offset)
            guard length >= 0, offset + 12 + length <= bytes.count else { throw .corrupt("a chunk runs past the end") }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            switch type {
            case "IHDR":
                guard body.count == 13 else { throw .corrupt("bad header") }
                width = Int(body[0]) << 24 | Int(body[1]) << 16 | Int(body[2]) << 8 | Int(body[3])
                height = Int(body[4]) << 24 | Int(body[5]) << 16 | Int(body[6]) << 8 | Int(body[7])
                colorType = body[9]
                guard body[8] == 8 else { throw .unsupported("bit depth \(body[8])") }
                guard body[12] == 0 else { throw .unsupported("interlaced") }
                guard (1...largestSide).contains(width), (1...largestSide).contains(height) else { throw .unsupported("size \(width)×\(height)") }
            case "PLTE":
                palette = stride(from: 0, to: body.count - 2, by: 3).map { RGBA(body[$0], body[$0 + 1], body[$0 + 2]) }
            case "tRNS" where colorType == 3:
                for (index, alpha) in body.enumerated() where index < palette.count { palette[index].a = alpha }
            case "IDAT":
                compressed += body
            case "IEND":
                offset = bytes.count
                continue
            default:
                break
            }
            offset += 12 + length
        }
        let channels: Int
        switch colorType {
        case 0: channels = 1
        case 2: channels = 3
        case 3: channels = 1
        case 4: channels = 2
        case 6: channels = 4
        default: throw .unsupported("colour type \(colorType)")
        }
        guard width > 0 else { throw .corrupt("no header") }
        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: (stride + 1) * height)
        var size = uLong(raw.count)
        let status = uncompress(&raw, &size, compressed, uLong(compressed.count))
        guard status == Z_OK, Int(size) == raw.count else { throw .corrupt("the image data does not inflate to its size") }
        var previous = [UInt8](repeating: 0, count: stride)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let start = y * (stride + 1)
            var row = Array(raw[(start + 1)...(start + stride)])
            try unfilter(raw[start], &row, previous: previous, bytesPerPixel: channels)
            for x in 0..<width {
                let color: RGBA
                switch colorType {
                case 0: color = RGBA(row[x], row[x], row[x])
                case 2: color = RGBA(row[x * 3], row[x * 3 + 1], row[x * 3 + 2])
                case 3:
                    guard Int(row[x]) < palette.count else { throw .corrupt("a palette index is out of range") }
                    color = palette[Int(row[x])]
                case 4: color = RGBA(row[x * 2], row[x * 2], row[x * 2], row[x * 2 + 1])
                default: color = RGBA(row[x * 4], row[x * 4 + 1], row[x * 4 + 2], row[x * 4 + 3])
                }
                let premultiplied = color.premultiplied
                let index = (y * width + x) * 4
                pixels[index] = premultiplied.r; pixels[index + 1] = premultiplied.g
                pixels[index + 2] = premultiplied.b; pixels[index + 3] = premultiplied.a
            }
            previous = row
        }
        return Raster(width: width, height: height, pixels: pixels)
    }

    private static func unfilter(_ filter: UInt8, _ row: inout [UInt8], previous: [UInt8], bytesPerPixel: Int) throws(Error) {
        guard filter <= 4 else { throw .corrupt("unknown row filter \(filter)") }
        for index in 0..<row.count {
            let left = index >= bytesPerPixel ? Int(row[index - bytesPerPixel]) : 0
            let above = Int(previous[index])
            let corner = index >= bytesPerPixel ? Int(previous[index - bytesPerPixel]) : 0
            row[index] = UInt8(truncatingIfNeeded: Int(row[index]) + PNGEncoder.predicted(filter, left, above, corner))
        }
    }
}
