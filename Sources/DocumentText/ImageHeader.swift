import Foundation

/// A picture's type and size read from its first bytes, before any decoder sees it: a file that is
/// not a picture, or one whose pixels would take too much memory to decode, is refused unopened.
public struct ImageHeader: Equatable, Sendable {
    public enum Format: String, Sendable { case jpeg, png, webp }
    public let format: Format
    public let width: Int
    public let height: Int

    public var megapixels: Double { Double(width) * Double(height) / 1_000_000 }

    public init(format: Format, width: Int, height: Int) { (self.format, self.width, self.height) = (format, width, height) }

    public init?(_ data: Data) {
        // A JPEG's frame may come after large metadata (XMP, ICC): its markers are walked by their lengths.
        let bytes = [UInt8](data.prefix(4_000_000))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), bytes.count >= 24 {
            self.init(format: .png, width: Self.big32(bytes, 16), height: Self.big32(bytes, 20))
        } else if bytes.starts(with: [0xFF, 0xD8]) {
            guard let size = Self.jpegSize(bytes) else { return nil }
            self.init(format: .jpeg, width: size.0, height: size.1)
        } else if bytes.count >= 30, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            guard let size = Self.webpSize(bytes) else { return nil }
            self.init(format: .webp, width: size.0, height: size.1)
        } else {
            return nil
        }
        guard width > 0, height > 0 else { return nil }
    }

    private static func big32(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
    private static func big16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    private static func little16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
    private static func little24(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 }

    /// The first start-of-frame marker's height and width (markers walked by their lengths).
    private static func jpegSize(_ b: [UInt8]) -> (Int, Int)? {
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            let length = big16(b, i + 2)
            // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (big16(b, i + 7), big16(b, i + 5))
            }
            guard length >= 2 else { return nil }
            i += 2 + length
        }
        return nil
    }

    private static func webpSize(_ b: [UInt8]) -> (Int, Int)? {
        switch String(decoding: b[12..<16], as: UTF8.self) {
        case "VP8 ": return (little16(b, 26) & 0x3FFF, little16(b, 28) & 0x3FFF)
        case "VP8L":
            let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X": return (little24(b, 24) + 1, little24(b, 27) + 1)
        default: return nil
        }
    }
}
