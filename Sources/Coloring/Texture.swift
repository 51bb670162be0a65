/// Repeatable randomness for brush textures and scatter: the same numbers in Swift and in the
/// page's JavaScript (32-bit integer arithmetic only), so a drawing renders the same everywhere.
enum Texture {
    /// A hash of a pixel and a stroke's seed, 0…255.
    @inline(__always) static func grain(_ x: Int, _ y: Int, _ seed: UInt32) -> Int {
        var h = UInt32(truncatingIfNeeded: x) &* 374_761_393 &+ UInt32(truncatingIfNeeded: y) &* 668_265_263 &+ seed &* 2_246_822_519
        h = (h ^ (h >> 13)) &* 1_274_126_177
        h ^= h >> 16
        return Int(h & 255)
    }
}

/// xorshift32: the scatter of pattern brushes (confetti's colours and offsets, sparkles).
struct Scatter {
    private var state: UInt32
    init(seed: UInt32) { state = seed == 0 ? 0x9E37_79B9 : seed }

    mutating func next() -> UInt32 {
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        return state
    }

    /// 0 ≤ value < 1.
    mutating func unit() -> Double { Double(next()) / 4_294_967_296 }
}
