/// An 8-bit colour with straight (not premultiplied) alpha, written as `#rrggbb` in documents.
public struct RGBA: Equatable, Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    public static let white = RGBA(255, 255, 255)
    public static let black = RGBA(0, 0, 0)
    public static let clear = RGBA(0, 0, 0, 0)

    /// `#rrggbb` (either case); nil for anything else.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
        var value: UInt32 = 0
        for digit in digits.dropFirst() {
            guard let nibble = Self.nibble(digit) else { return nil }
            value = value << 4 | UInt32(nibble)
        }
        self.init(UInt8(value >> 16), UInt8(value >> 8 & 0xff), UInt8(value & 0xff))
    }

    public var hex: String {
        let digits = Array("0123456789abcdef")
        return "#" + [r, g, b].map { "\(digits[Int($0 >> 4)])\(digits[Int($0 & 15)])" }.joined()
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The original Coloring Fun's 20 crayon swatches.
    public static let crayons: [RGBA] = [
        "#ed0a3f", "#ff681f", "#ff8833", "#fbe870", "#ffff99", "#c5e17a", "#3aa655", "#01786f", "#0095b7", "#93dfb8",
        "#0066ff", "#6456b7", "#8359a3", "#fc80a5", "#f7468a", "#af593e", "#8b8680", "#000000", "#ffffff", "#ffcba4",
    ].map { RGBA(hex: $0)! }
}
