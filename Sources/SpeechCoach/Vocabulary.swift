/// How varied and precise the words are.
public struct VocabularyReport: Codable, Equatable, Sendable {
    /// A phrase and how often it was said.
    public struct Phrase: Codable, Equatable, Sendable {
        public var phrase: String
        public var count: Int
    }

    public static let window = 50

    /// Moving-average type-token ratio over 50-word windows of words with 2+ letters (plain TTR when shorter).
    public var mattr: Double
    /// Distinct words ÷ words.
    public var uniqueRatio: Double
    /// Distinct words of 8 letters or more.
    public var longWords: [String]
    /// 2–3-word phrases said 3 times or more that hold a content word, most frequent first.
    public var repeatedPhrases: [Phrase]
    /// Distinct word lengths, capped at 10.
    public var lengthVariety: Int
    public var averageWordLength: Double
    /// Share of less common words (outside our ~300 common words) among up to 80 distinct words of 3+ letters,
    /// mapped (share − 0.25) / 0.5 into 0…1: our stand-in for the original's embedding distance.
    public var rarity: Double
    /// MATTR/0.65·35 + rarity·20 + (1 − min(1, repeated phrases/5))·20 + min(1, length variety/7)·25.
    public var complexity: Double
    /// min(50, 62.5·MATTR) + word-length points (4 → 5, 5 → 12, 6 → 20, ≥ 7 → 25) + 25·rarity.
    public var sophistication: Double
    /// Uses of the person's practice words (stem match).
    public var bankWordUses: Int
}

enum VocabularyMeter {
    static let lengthPoints = Curve([(3, 0), (4, 5), (5, 12), (6, 20), (7, 25)])

    static func report(words: [String], bank: Set<String>, stem: (String) -> String) -> VocabularyReport {
        let lettered = words.filter { $0.filter(\.isLetter).count >= 2 }
        let mattr = movingTypeTokenRatio(lettered)
        let unique = Set(words)
        let lengths = words.map { $0.filter(\.isLetter).count }
        let repeated = repeatedPhrases(words)
        let rarity = rarityScore(words)
        let variety = min(10, Set(lengths.filter { $0 > 0 }).count)
        let average = Statistics.mean(lengths.map(Double.init)) ?? 0
        let complexity = min(1, mattr / 0.65) * 35 + rarity * 20 + (1 - min(1, Double(repeated.count) / 5)) * 20
            + min(1, Double(variety) / 7) * 25
        let sophistication = min(50, 62.5 * mattr) + lengthPoints(average) + 25 * rarity
        return VocabularyReport(
            mattr: mattr, uniqueRatio: words.isEmpty ? 0 : Double(unique.count) / Double(words.count),
            longWords: unique.filter { $0.filter(\.isLetter).count >= 8 }.sorted(), repeatedPhrases: repeated,
            lengthVariety: variety, averageWordLength: average, rarity: rarity,
            complexity: Statistics.clamp(complexity), sophistication: Statistics.clamp(sophistication),
            bankWordUses: bank.isEmpty ? 0 : words.filter { bank.contains(stem($0)) }.count)
    }

    /// Sliding counts: each window step adds one word and drops one, so the whole take is linear.
    static func movingTypeTokenRatio(_ words: [String]) -> Double {
        guard !words.isEmpty else { return 0 }
        let window = VocabularyReport.window
        guard words.count > window else { return Double(Set(words).count) / Double(words.count) }
        var counts: [String: Int] = [:]
        for word in words[0..<window] { counts[word, default: 0] += 1 }
        var total = Double(counts.count)
        for index in window..<words.count {
            let dropped = words[index - window]
            counts[dropped]! -= 1
            if counts[dropped] == 0 { counts[dropped] = nil }
            counts[words[index], default: 0] += 1
            total += Double(counts.count)
        }
        return total / Double(words.count - window + 1) / Double(window)
    }

    /// Stopword-only phrases ("of the", "in the") repeat in any long talk, so a repeated phrase must hold a
    /// content word to count (a departure from the original, which penalised long takes for them). Words are
    /// numbered first, so counting is over integer keys and only repeated phrases become strings.
    static func repeatedPhrases(_ words: [String]) -> [VocabularyReport.Phrase] {
        var ids: [String: Int] = [:]
        let numbers = words.map { word in ids[word] ?? { ids[word] = ids.count; return ids.count - 1 }() }
        let content = words.map(EnglishWords.isContent)
        struct Gram: Hashable { var a: Int, b: Int, c: Int }
        var counts: [Gram: (count: Int, first: Int)] = [:]
        for size in 2...3 where words.count >= size {
            for start in 0...(words.count - size) where content[start..<start + size].contains(true) {
                let gram = Gram(a: numbers[start], b: numbers[start + 1], c: size == 3 ? numbers[start + 2] : -1)
                counts[gram, default: (0, start)].count += 1
            }
        }
        let repeated = counts.filter { $0.value.count >= 3 }
        // A 2-word phrase inside a 3-word phrase said as often is the same repetition.
        var coveredPairs: [Gram: Int] = [:]
        for (gram, value) in repeated where gram.c >= 0 {
            for pair in [Gram(a: gram.a, b: gram.b, c: -1), Gram(a: gram.b, b: gram.c, c: -1)] {
                coveredPairs[pair] = max(coveredPairs[pair] ?? 0, value.count)
            }
        }
        return repeated.filter { gram, value in gram.c >= 0 || (coveredPairs[gram] ?? 0) < value.count }
            .map { gram, value in
                VocabularyReport.Phrase(phrase: words[value.first..<value.first + (gram.c >= 0 ? 3 : 2)].joined(separator: " "), count: value.count)
            }
            .sorted { ($0.count, $1.phrase) > ($1.count, $0.phrase) }
    }

    static func rarityScore(_ words: [String]) -> Double {
        var seen: Set<String> = []
        var sample: [String] = []
        for word in words where word.count >= 3 && !word.contains(where: \.isNumber) && seen.insert(word).inserted {
            sample.append(word)
            if sample.count == 80 { break }
        }
        guard !sample.isEmpty else { return 0 }
        let share = Double(sample.filter { !EnglishWords.common.contains($0) }.count) / Double(sample.count)
        return Statistics.clamp((share - 0.25) / 0.5, 0...1)
    }
}
