/// One filler of the take, from the speech module or found by the coach.
public struct FillerItem: Codable, Equatable, Sendable {
    /// Who found the filler: the speech module or the coach.
    public enum Source: String, Codable, Sendable { case heard, coach }

    public var text: String
    public var start: Double
    public var end: Double
    public var kind: HeardFiller.Kind
    public var source: Source
}

/// Finds the take's fillers: the speech module's (minus removed defaults), hesitation sounds the recogniser
/// spelled as words, the person's own fillers, and the default context words judged by `FillerRule`s. The
/// tokens a filler covers are marked, so they are not counted as words.
enum FillerFinder {
    /// A recognised word is part of a heard filler when at least half of it lies inside the filler.
    static let coverShare = 0.5

    private struct Entry {
        let words: [String]
        let kind: HeardFiller.Kind
        let isFiller: (FillerContext) -> Bool
    }

    static func find(tokens: inout [Token], heard: [HeardFiller], lists: FillerLists, markersJudged: Bool) -> [FillerItem] {
        let removed = Set(lists.removedDefaults)
        let kept = heard.compactMap { filler -> FillerItem? in
            let text = filler.text.lowercased()
            let canonical = FillerVocabulary.hesitation(text) ?? text
            guard !removed.contains(canonical), filler.end >= filler.start else { return nil }
            return FillerItem(text: canonical, start: filler.start, end: filler.end, kind: filler.kind, source: .heard)
        }.sorted { $0.start < $1.start }

        var isHesitation = [Bool](repeating: false, count: tokens.count)
        var extraSounds: [FillerItem] = []
        for filler in kept {
            let covered = coveredTokens(filler, in: tokens)
            for index in covered {
                tokens[index].isFiller = true
                if filler.kind == .hesitation { isHesitation[index] = true }
            }
            if covered.isEmpty { extraSounds.append(filler) }
        }
        var found: [FillerItem] = []
        for index in tokens.indices where !tokens[index].isFiller {
            guard let sound = FillerVocabulary.hesitation(tokens[index].text), !removed.contains(sound) else { continue }
            tokens[index].isFiller = true
            isHesitation[index] = true
            found.append(FillerItem(text: sound, start: tokens[index].start, end: tokens[index].end, kind: .hesitation, source: .coach))
        }

        let pauses = pauseFlags(tokens: tokens, isHesitation: isHesitation, extraSounds: extraSounds)
        let entries = entriesByFirstWord(lists: lists, removed: removed, markersJudged: markersJudged)
        var index = 0
        while index < tokens.count {
            guard !tokens[index].isFiller, let candidates = entries[tokens[index].text] else { index += 1; continue }
            var matched = 0
            for entry in candidates where matches(entry.words, at: index, in: tokens) {
                let last = index + entry.words.count - 1
                let context = FillerContext(
                    previous: index > 0 ? tokens[index - 1].text : "<s>",
                    next: last + 1 < tokens.count ? tokens[last + 1].text : "</s>",
                    pauseBefore: pauses.before[index], pauseAfter: pauses.after[last], opensIdea: opensIdea(index, tokens))
                guard entry.isFiller(context) else { continue }
                let item = FillerItem(text: entry.words.joined(separator: " "), start: tokens[index].start, end: tokens[last].end,
                                      kind: entry.kind, source: .coach)
                // The speech module's judgement wins where both found a filler.
                if !kept.contains(where: { min($0.end, item.end) > max($0.start, item.start) }) {
                    for covered in index...last { tokens[covered].isFiller = true }
                    found.append(item)
                }
                matched = entry.words.count
                break
            }
            index += max(1, matched)
        }
        return (kept + found).sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    }

    /// Indices of tokens at least half inside the filler (a zero-length token: its time inside).
    static func coveredTokens(_ filler: FillerItem, in tokens: [Token]) -> [Int] {
        var low = 0, high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].end < filler.start { low = middle + 1 } else { high = middle }
        }
        var covered: [Int] = []
        var index = low
        while index < tokens.count, tokens[index].start <= filler.end {
            let token = tokens[index]
            let overlap = min(token.end, filler.end) - max(token.start, filler.start)
            if token.duration == 0 ? (filler.start...filler.end).contains(token.start) : overlap >= coverShare * token.duration {
                covered.append(index)
            }
            index += 1
        }
        return covered
    }

    /// A comma-sized pause before / after each token: silence, a hesitation sound next to it, or the take's edge.
    static func pauseFlags(tokens: [Token], isHesitation: [Bool], extraSounds: [FillerItem]) -> (before: [Bool], after: [Bool]) {
        var sounds: [(start: Double, end: Double, token: Int?)] = tokens.indices.map { (tokens[$0].start, tokens[$0].end, $0) }
        sounds += extraSounds.map { ($0.start, $0.end, nil) }
        sounds.sort { ($0.start, $0.end) < ($1.start, $1.end) }
        func quiet(_ sound: (start: Double, end: Double, token: Int?)) -> Bool { sound.token.map { isHesitation[$0] } ?? true }
        var before = [Bool](repeating: true, count: tokens.count)
        var after = [Bool](repeating: true, count: tokens.count)
        for (position, sound) in sounds.enumerated() {
            guard let token = sound.token else { continue }
            if position > 0 {
                let previous = sounds[position - 1]
                before[token] = quiet(previous) || Gaps.silence(from: previous.end, to: sound.start) >= Gaps.aroundFiller
            }
            if position + 1 < sounds.count {
                let next = sounds[position + 1]
                after[token] = quiet(next) || Gaps.silence(from: sound.end, to: next.start) >= Gaps.aroundFiller
            }
        }
        return (before, after)
    }

    static func opensIdea(_ index: Int, _ tokens: [Token]) -> Bool {
        index == 0 || (Gaps.silence(from: tokens[index - 1].end, to: tokens[index].start) >= Gaps.ideaBreak && Gaps.canEndClause(tokens[index - 1].text))
    }

    private static func matches(_ words: [String], at index: Int, in tokens: [Token]) -> Bool {
        guard index + words.count <= tokens.count else { return false }
        for (offset, word) in words.enumerated() {
            let token = tokens[index + offset]
            guard token.text == word, !token.isFiller else { return false }
            if offset > 0, Gaps.silence(from: tokens[index + offset - 1].end, to: token.start) >= Gaps.ideaBreak { return false }
        }
        return true
    }

    /// The person's always-fillers, then their context fillers (a pause on both sides), then the defaults'
    /// rules: longer phrases first within each group.
    private static func entriesByFirstWord(lists: FillerLists, removed: Set<String>, markersJudged: Bool) -> [String: [Entry]] {
        var entries: [Entry] = []
        for phrase in lists.alwaysFillers.sorted(by: longerFirst) {
            entries.append(Entry(words: words(phrase), kind: FillerVocabulary.hesitation(phrase) == nil ? .lexical : .hesitation) { _ in true })
        }
        for phrase in lists.contextFillers.sorted(by: longerFirst) {
            entries.append(Entry(words: words(phrase), kind: .lexical) { $0.pauseBefore && $0.pauseAfter })
        }
        for rule in FillerRule.defaults where !removed.contains(rule.phrase) && (rule.owner == .coach || !markersJudged) {
            entries.append(Entry(words: rule.words, kind: .lexical, isFiller: rule.isFiller))
        }
        return Dictionary(grouping: entries, by: { $0.words[0] })
    }

    private static func words(_ phrase: String) -> [String] { phrase.split(separator: " ").map(String.init) }
    private static func longerFirst(_ a: String, _ b: String) -> Bool { words(a).count > words(b).count }
}

/// The take's fillers and how often they came.
public struct FillerReport: Codable, Equatable, Sendable {
    /// One filler and how often it came.
    public struct WordCount: Codable, Equatable, Sendable {
        public var text: String
        public var count: Int
    }

    public var items: [FillerItem]
    public var count: Int
    /// Fillers ÷ (words + fillers).
    public var ratio: Double
    /// Per minute of the take.
    public var perMinute: Double
    /// Most frequent first (ties alphabetical).
    public var byWord: [WordCount]
    /// False when the person turned filler tracking off: found (they are not words) but not scored.
    public var tracked: Bool

    static func make(_ items: [FillerItem], words: Int, minutes: Double, tracked: Bool) -> FillerReport {
        var counts: [String: Int] = [:]
        for item in items { counts[item.text, default: 0] += 1 }
        return FillerReport(
            items: items, count: items.count,
            ratio: items.isEmpty ? 0 : Double(items.count) / Double(words + items.count),
            perMinute: minutes > 0 ? Double(items.count) / minutes : 0,
            byWord: counts.map { WordCount(text: $0.key, count: $0.value) }.sorted { ($0.count, $1.text) > ($1.count, $0.text) },
            tracked: tracked)
    }
}
