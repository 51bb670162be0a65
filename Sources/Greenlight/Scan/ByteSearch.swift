/// Substring search on UTF-8 bytes. Foundation's `String.contains` goes through CFString on
/// Linux and was three quarters of a scan's time; the prefilters run this instead.
enum ByteSearch {
    /// ASCII-lower-cased bytes of `text` (non-ASCII bytes unchanged).
    static func lowered(_ text: some StringProtocol) -> [UInt8] {
        text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        let n = needle.count, h = haystack.count
        guard n > 0 else { return true }
        guard n <= h else { return false }
        let first = needle[0]
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                var i = 0
                let last = h - n
                while i <= last {
                    if hay[i] == first {
                        var k = 1
                        while k < n && hay[i + k] == pin[k] { k += 1 }
                        if k == n { return true }
                    }
                    i += 1
                }
                return false
            }
        }
    }

    static func containsAny(_ haystack: [UInt8], _ needles: [[UInt8]]) -> Bool {
        needles.contains { contains(haystack, $0) }
    }
}

/// Finds which of many keywords occur in a text in one pass, by indexing keywords on their first
/// two bytes (every rule keyword is at least two bytes long). Keywords come in groups, one per
/// rule: a scanner asks which of a group's keywords a text holds.
struct KeywordIndex: Sendable {
    let keywords: [[UInt8]]
    /// For each group, the indexes of its keywords in `keywords`.
    let groups: [[Int]]
    private let table: [[Int32]]

    init(groups: [[[UInt8]]]) {
        let keywords = Array(Set(groups.joined())).sorted { $0.lexicographicallyPrecedes($1) }
        precondition(keywords.allSatisfy { $0.count >= 2 }, "keywords need two bytes")
        self.keywords = keywords
        self.groups = groups.map { group in group.map { keywords.firstIndex(of: $0)! } }
        var table = [[Int32]](repeating: [], count: 65_536)
        for (index, keyword) in keywords.enumerated() { table[Int(keyword[0]) << 8 | Int(keyword[1])].append(Int32(index)) }
        self.table = table
    }

    /// The indexes of the keywords present in `text` (lower-cased bytes).
    func present(in text: [UInt8]) -> [Bool] {
        var found = [Bool](repeating: false, count: keywords.count)
        guard text.count >= 2 else { return found }
        text.withUnsafeBufferPointer { hay in
            for i in 0..<(hay.count - 1) {
                let candidates = table[Int(hay[i]) << 8 | Int(hay[i + 1])]
                guard !candidates.isEmpty else { continue }
                for candidate in candidates where !found[Int(candidate)] {
                    let keyword = keywords[Int(candidate)]
                    guard i + keyword.count <= hay.count else { continue }
                    var k = 2
                    while k < keyword.count && hay[i + k] == keyword[k] { k += 1 }
                    if k == keyword.count { found[Int(candidate)] = true }
                }
            }
        }
        return found
    }

    /// The keywords of `group` that `present` (from `present(in:)`) marks as found.
    func keywords(of group: Int, present: [Bool]) -> [[UInt8]] {
        groups[group].filter { present[$0] }.map { keywords[$0] }
    }
}
