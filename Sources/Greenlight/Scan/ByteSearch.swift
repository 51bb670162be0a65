/// Substring search on UTF-8 bytes. Foundation's `String.contains` goes through CFString on
/// Linux and was three quarters of a scan's time; the prefilters run this instead.
enum ByteSearch {
    /// ASCII-lower-cased bytes of `text` (non-ASCII bytes unchanged).
    static func lowered(_ text: some StringProtocol) -> [UInt8] {
        text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
    }

    static func lowered(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        contains(haystack, in: 0..<haystack.count, needle)
    }

    /// Whether `needle` occurs inside `range` of `haystack`.
    static func contains(_ haystack: [UInt8], in range: Range<Int>, _ needle: [UInt8]) -> Bool {
        let n = needle.count
        guard n > 0 else { return true }
        guard n <= range.count else { return false }
        let first = needle[0]
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                var i = range.lowerBound
                let last = range.upperBound - n
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

    static func containsAny(_ haystack: [UInt8], in range: Range<Int>, _ needles: [[UInt8]]) -> Bool {
        needles.contains { contains(haystack, in: range, $0) }
    }

    /// The byte range of each line (without its newline), line 1 first.
    static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        bytes.withUnsafeBufferPointer { buffer in
            for index in 0..<buffer.count where buffer[index] == 0x0A {
                ranges.append(start..<index)
                start = index + 1
            }
        }
        ranges.append(start..<bytes.count)
        return ranges
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

/// A scanner's keyword groups inside the one index every file is searched with, once, while it is
/// read (in parallel): each scanner asks `file.present` through its own group numbers.
struct KeywordGroups: Sendable {
    let offset: Int

    func keywords(of group: Int, present: [Bool]) -> [[UInt8]] { ScanKeywords.index.keywords(of: offset + group, present: present) }
    func has(_ group: Int, present: [Bool]) -> Bool { ScanKeywords.index.groups[offset + group].contains { present[$0] } }
}

enum ScanKeywords {
    static let scanners: [[[[UInt8]]]] = [
        CodeScanner.compiled.map(\.keywords), PrivacyScanner.categories.map(\.keywords), MetadataScanner.requirements.map(\.keywords),
        EntitlementsScanner.keywordGroups, KidsScanner.keywordGroups, HybridScanner.keywordGroups,
    ]
    static let index = KeywordIndex(groups: scanners.flatMap { $0 })
    static let offsets: [Int] = scanners.reduce(into: [0]) { $0.append($0.last! + $1.count) }
    static let code = KeywordGroups(offset: offsets[0])
    static let privacy = KeywordGroups(offset: offsets[1])
    static let metadata = KeywordGroups(offset: offsets[2])
    static let entitlements = KeywordGroups(offset: offsets[3])
    static let kids = KeywordGroups(offset: offsets[4])
    static let hybrid = KeywordGroups(offset: offsets[5])
}

extension String {
    /// The string without leading and trailing spaces and tabs (Foundation's trimming is slow on Linux).
    var trimmedSpaces: String {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { $0 != 32 && $0 != 9 }) else { return "" }
        let last = bytes.lastIndex(where: { $0 != 32 && $0 != 9 })!
        return String(self[first...last])
    }
}
