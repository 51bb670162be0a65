import Foundation

/// Stamp pictures from a colour emoji font with embedded PNG bitmaps (CBDT/CBLC, as Noto Color
/// Emoji, which the browser also draws emoji with). Single-code-point emoji are looked up in the
/// font's character map; pictures are decoded once and kept.
public final class ColorEmojiFont: StampArtwork, @unchecked Sendable {  // the cache is guarded by `lock`
    public static let notoPath = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    public enum Error: Swift.Error, Equatable { case unreadable(String) }

    private let font: [UInt8]
    private let glyphs: [UInt32: Int]        // code point → glyph id
    private let bitmaps: [Int: Int]          // glyph id → offset of its glyph data in the font
    private var decoded: [String: Raster] = [:]
    private let lock = NSLock()

    public convenience init(path: String = ColorEmojiFont.notoPath) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw Error.unreadable("\(path) cannot be read") }
        try self.init(data: data)
    }

    public init(data: Data) throws {
        font = [UInt8](data)
        let tables = try Self.tables(font)
        guard let cmap = tables["cmap"], let cblc = tables["CBLC"], let cbdt = tables["CBDT"] else {
            throw Error.unreadable("the font has no colour bitmaps (CBLC/CBDT) or no character map")
        }
        glyphs = try Self.characterMap(font, at: cmap)
        bitmaps = try Self.bitmapLocations(font, cblc: cblc, cbdt: cbdt)
    }

    /// The emoji's picture (premultiplied), or nil when the font has none for it.
    public func image(for emoji: String) -> Raster? {
        lock.lock()
        defer { lock.unlock() }
        if let cached = decoded[emoji] { return cached }
        let scalars = emoji.unicodeScalars.filter { $0.value != 0xFE0F }
        guard scalars.count == 1, let glyph = glyphs[scalars.first!.value], let offset = bitmaps[glyph] else { return nil }
        // Format 17: small metrics (5 bytes), then the PNG's length and the PNG.
        guard offset + 9 <= font.count else { return nil }
        let length = Self.uint32(font, offset + 5)
        guard offset + 9 + length <= font.count,
              let image = try? PNGDecoder.decode(Data(font[(offset + 9)..<(offset + 9 + length)])) else { return nil }
        decoded[emoji] = image
        return image
    }

    // MARK: - OpenType tables

    static func uint16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
    static func uint32(_ bytes: [UInt8], _ at: Int) -> Int { uint16(bytes, at) << 16 | uint16(bytes, at + 2) }

    private static func tables(_ font: [UInt8]) throws -> [String: Int] {
        guard font.count > 12 else { throw Error.unreadable("too short to be a font") }
        var found: [String: Int] = [:]
        for index in 0..<uint16(font, 4) {
            let record = 12 + 16 * index
            guard record + 16 <= font.count else { throw Error.unreadable("the table directory runs past the end") }
            found[String(decoding: font[record..<(record + 4)], as: UTF8.self)] = uint32(font, record + 8)
        }
        return found
    }

    /// Code point → glyph from the (3, 10) format 12 subtable.
    private static func characterMap(_ font: [UInt8], at cmap: Int) throws -> [UInt32: Int] {
        for index in 0..<uint16(font, cmap + 2) {
            let record = cmap + 4 + 8 * index
            let subtable = cmap + uint32(font, record + 4)
            guard uint16(font, subtable) == 12 else { continue }
            var map: [UInt32: Int] = [:]
            for group in 0..<uint32(font, subtable + 12) {
                let at = subtable + 16 + 12 * group
                let first = uint32(font, at), last = uint32(font, at + 4), glyph = uint32(font, at + 8)
                guard last >= first, last - first < 0x10000 else { continue }
                for point in first...last { map[UInt32(point)] = glyph + point - first }
            }
            return map
        }
        throw Error.unreadable("no format 12 character map")
    }

    /// Glyph → offset of its bitmap data, for the font's largest strike (index format 1, image format 17).
    private static func bitmapLocations(_ font: [UInt8], cblc: Int, cbdt: Int) throws -> [Int: Int] {
        let sizes = uint32(font, cblc + 4)
        guard sizes > 0 else { throw Error.unreadable("no bitmap sizes") }
        var best = cblc + 8
        for index in 0..<sizes where font[cblc + 8 + 48 * index + 45] > font[best + 45] { best = cblc + 8 + 48 * index }
        let array = cblc + uint32(font, best), count = uint32(font, best + 8)
        var locations: [Int: Int] = [:]
        for index in 0..<count {
            let entry = array + 8 * index
            let first = uint16(font, entry), last = uint16(font, entry + 2)
            let subtable = array + uint32(font, entry + 4)
            let indexFormat = uint16(font, subtable), imageFormat = uint16(font, subtable + 2)
            let imageData = cbdt + uint32(font, subtable + 4)
            guard indexFormat == 1, imageFormat == 17, last >= first else { continue }
            for glyph in first...last {
                let start = uint32(font, subtable + 8 + 4 * (glyph - first)), end = uint32(font, subtable + 8 + 4 * (glyph - first + 1))
                if end > start { locations[glyph] = imageData + start }
            }
        }
        return locations
    }
}
