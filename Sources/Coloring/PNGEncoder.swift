import SystemZlib
import Foundation

/// Writes pictures as PNG: 8-bit RGB (opaque pictures) or RGBA, each row filtered with the
/// filter that suits it best (the usual "smallest sum" choice), compressed with zlib.
public enum PNGEncoder {
    public enum Error: Swift.Error { case compressionFailed(Int32) }

    /// `opaque` drops the alpha channel (a finished drawing always is).
    public static func encode(_ picture: Raster, opaque: Bool = true, level: Int32 = 6) throws -> Data {
        let channels = opaque ? 3 : 4
        let stride = picture.width * channels
        var raw = [UInt8](repeating: 0, count: (stride + 1) * picture.height)
        var previous = [UInt8](repeating: 0, count: stride), row = [UInt8](repeating: 0, count: stride)
        var candidate = [UInt8](repeating: 0, count: stride), best = [UInt8](repeating: 0, count: stride)
        for y in 0..<picture.height {
            let source = y * picture.width * 4
            for x in 0..<picture.width {
                for channel in 0..<channels { row[x * channels + channel] = picture.pixels[source + x * 4 + channel] }
            }
            var bestFilter: UInt8 = 0, bestScore = Int.max
            for filter in UInt8(0)...4 {
                let score = apply(filter, row: row, previous: previous, bytesPerPixel: channels, into: &candidate)
                if score < bestScore { bestScore = score; bestFilter = filter; swap(&best, &candidate) }
            }
            raw[y * (stride + 1)] = bestFilter
            raw.replaceSubrange((y * (stride + 1) + 1)...(y * (stride + 1) + stride), with: best)
            swap(&previous, &row)
        }
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.append(bigEndian: UInt32(picture.width))
        header.append(bigEndian: UInt32(picture.height))
        header.append(contentsOf: [8, opaque ? 2 : 6, 0, 0, 0])
        chunk("IHDR", header, into: &png)
        chunk("IDAT", try compress(raw, level: level), into: &png)
        chunk("IEND", Data(), into: &png)
        return png
    }

    /// Filters one row; returns the sum of the filtered bytes as signed values (smaller packs better).
    private static func apply(_ filter: UInt8, row: [UInt8], previous: [UInt8], bytesPerPixel: Int, into out: inout [UInt8]) -> Int {
        var score = 0
        row.withUnsafeBufferPointer { row in
            previous.withUnsafeBufferPointer { up in
                out.withUnsafeMutableBufferPointer { out in
                    for index in 0..<row.count {
                        let left = index >= bytesPerPixel ? Int(row[index - bytesPerPixel]) : 0
                        let above = Int(up[index])
                        let corner = index >= bytesPerPixel ? Int(up[index - bytesPerPixel]) : 0
                        let value = UInt8(truncatingIfNeeded: Int(row[index]) - predicted(filter, left, above, corner))
                        out[index] = value
                        score += value < 128 ? Int(value) : 256 - Int(value)
                    }
                }
            }
        }
        return score
    }

    /// What a PNG row filter predicts a byte to be from its left, upper and upper-left neighbours.
    @inline(__always) static func predicted(_ filter: UInt8, _ left: Int, _ above: Int, _ corner: Int) -> Int {
        switch filter {
        case 1: return left
        case 2: return above
        case 3: return (left + above) / 2
        case 4:
            let p = left + above - corner
            let pa = abs(p - left), pb = abs(p - above), pc = abs(p - corner)
            return pa <= pb && pa <= pc ? left : pb <= pc ? above : corner
        default: return 0
        }
    }

    static func compress(_ bytes: [UInt8], level: Int32) throws -> Data {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = compress2(&out, &size, bytes, uLong(bytes.count), level)
        guard status == Z_OK else { throw Error.compressionFailed(status) }
        return Data(out[0..<Int(size)])
    }

    private static func chunk(_ type: String, _ body: Data, into png: inout Data) {
        png.append(bigEndian: UInt32(body.count))
        let typed = Data(type.utf8) + body
        png.append(typed)
        let crc = typed.withUnsafeBytes { crc32(0, $0.bindMemory(to: Bytef.self).baseAddress, uInt($0.count)) }
        png.append(bigEndian: UInt32(crc))
    }
}

extension Data {
    mutating func append(bigEndian value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)])
    }
}
