import Foundation

/// What a child spelled aloud ("C… A… T…"), judged against the word they were asked.
public struct SpelledWord: Codable, Equatable, Sendable {
    /// The letters heard: the expected word when accepted, otherwise the best guess ("" for none).
    public var letters: String
    public var expected: String
    /// True when the recording is judged to spell the expected word.
    public var accepted: Bool
    /// Letters found (stretches of speech between pauses).
    public var segments: Int

    public init(letters: String, expected: String, accepted: Bool, segments: Int) {
        self.letters = letters
        self.expected = expected
        self.accepted = accepted
        self.segments = segments
    }
}

/// Something that hears a spelled word (pocketsphinx, or a scripted one in tests).
public protocol SpellingListener: Sendable {
    func spelling(_ samples: [Int16], expected: String) async throws -> SpelledWord
}

/// Where the letters are: children are asked to pause between letters, so each stretch of speech
/// between pauses is one letter. 10 ms frames; the speech threshold sits between the noise floor
/// and the peak; short gaps are bridged (the two syllables of "w") and short blips dropped.
public enum LetterSegmenter {
    public static let frame = 160
    /// Gaps shorter than this many frames (150 ms) do not split a letter.
    static let shortestGap = 15
    /// Stretches shorter than this (60 ms) are clicks, not letters.
    static let shortestLetter = 6
    /// Frames of context kept on each side (120 ms), never past the middle of the gap.
    static let padding = 12
    /// Every letter name has a vowel, so each letter peaks within this many dB of the loudest;
    /// a quieter stretch is a breath, a click or a microphone's gain settling, not a letter.
    static let quietestLetter = 20.0

    /// Inclusive frame ranges, one per letter, with padding.
    public static func segments(_ samples: [Int16]) -> [ClosedRange<Int>] {
        letters(samples).map(\.scored)
    }

    /// Each letter's speech (`core`) and the frames scored for it (`scored`: the core with
    /// padding, never past the middle of a gap).
    public static func letters(_ samples: [Int16]) -> [LetterSpan] {
        let frames = samples.count / frame
        guard frames > 0 else { return [] }
        let letters = cores(samples, frames: frames)
        return letters.indices.map { position in
            var low = letters[position].lowerBound - padding, high = letters[position].upperBound + padding
            if position > 0 { low = max(low, (letters[position - 1].upperBound + letters[position].lowerBound) / 2) }
            if position < letters.count - 1 { high = min(high, (letters[position].upperBound + letters[position + 1].lowerBound) / 2) }
            return LetterSpan(core: letters[position], scored: max(0, low)...min(frames - 1, high))
        }
    }

    private static func cores(_ samples: [Int16], frames: Int) -> [ClosedRange<Int>] {
        let energy: [Double] = samples.withUnsafeBufferPointer { buffer in
            (0..<frames).map { index in
                var sum = 0.0
                for sample in buffer[(index * frame)..<((index + 1) * frame)] { sum += Double(sample) * Double(sample) }
                return 10 * log10(sum / Double(frame) + 1)
            }
        }
        let sorted = energy.sorted()
        let noise = sorted[frames / 10], peak = sorted[frames - 1 - frames / 100]
        let threshold = noise + max(9, 0.2 * (peak - noise))
        var found: [ClosedRange<Int>] = []
        var index = 0
        while index < frames {
            while index < frames && energy[index] < threshold { index += 1 }
            guard index < frames else { break }
            let start = index
            while index < frames && energy[index] >= threshold { index += 1 }
            if let previous = found.last, start - previous.upperBound - 1 < shortestGap {
                found[found.count - 1] = previous.lowerBound...(index - 1)
            } else {
                found.append(start...(index - 1))
            }
        }
        return found.filter { $0.count >= shortestLetter && energy[$0].max()! >= peak - quietestLetter }
    }
}

/// One letter's frames in a recording (10 ms frames).
public struct LetterSpan: Equatable, Sendable {
    /// Where the letter's speech is.
    public var core: ClosedRange<Int>
    /// The frames its grammars score: the core with padding.
    public var scored: ClosedRange<Int>
}

/// The decision: accept the expected word only when there is one segment per letter and, in every
/// slot, the expected letter beats the letters a child might say instead (a confusable letter or a
/// neighbouring letter of the word) on the grammar scores and the template distances together, and
/// scores within reach of the best of all 26. Weights and margins per kind of rival were tuned on
/// three labelled flite sets (834 recordings; docs/research/spelling-by-voice/port.md) for at most
/// 1.5 % false accepts there.
public enum SpellingJudge {
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
    /// Letters a child may say instead of each letter.
    static let confusable: [Character: String] = [
        "a": "eiou", "b": "dpv", "c": "ks", "d": "bt", "e": "ai", "f": "vs", "g": "j", "h": "", "i": "eay", "j": "g",
        "k": "c", "l": "", "m": "n", "n": "m", "o": "au", "p": "b", "q": "k", "r": "", "s": "cz", "t": "d",
        "u": "oa", "v": "bf", "w": "", "x": "z", "y": "i", "z": "sc",
    ]
    /// Kinds of rival: a confusable letter of an expected letter that is other, E-set (b c d e g p t
    /// v z), a vowel or m/n; and a neighbouring letter of the word (a transposition).
    static let neighbour = 4
    /// Per kind: how much a per-frame template distance counts against a per-frame grammar score,
    /// and how far behind its rival the expected letter may be.
    static let templateWeight: [Double] = [50, 3, 12, 50, 20]
    static let margin: [Double] = [-1, 1, 4, 2, 8]
    static let anyLetterMargin = 20.0
    static let substitution = 10.0, insertion = 6.0, deletion = 6.0, unlikely = 16.0

    static func letterClass(_ letter: Character) -> Int {
        "bcdegptvz".contains(letter) ? 1 : "aeiou".contains(letter) ? 2 : "mn".contains(letter) ? 3 : 0
    }

    static func index(_ letter: Character) -> Int { Int(letter.asciiValue! - Character("a").asciiValue!) }

    /// Whether `word` is letters a–z only (what can be spelled aloud).
    public static func isSpellable(_ word: String) -> Bool {
        !word.isEmpty && word.count <= 40 && word.allSatisfy { $0.isASCII && $0.isLowercase && $0.isLetter }
    }

    /// Which letters must be scored in each segment for `decide` (an any-letter pass adds its winner).
    public static func needed(expected: String, segments: Int) -> [[Bool]] {
        let word = Array(expected)
        // One segment per letter: each slot scores what the judge compares it with.
        guard segments != word.count else {
            return word.indices.map { slot in
                let wanted = compared(expected: expected, position: slot)
                return alphabet.indices.map { wanted.contains($0) }
            }
        }
        // Otherwise the guess may put any letter of the word, or a confusable one, anywhere.
        let letters = Set(word.flatMap { [$0] + (confusable[$0] ?? "") })
        return Array(repeating: alphabet.map { letters.contains($0) }, count: segments)
    }

    /// Letters whose templates slot `position` is compared with: the expected letter, its
    /// confusable letters and its neighbours in the word.
    public static func compared(expected: String, position: Int) -> Set<Int> {
        let word = Array(expected)
        var letters = Set([word[position]]).union(confusable[word[position]] ?? "")
        if position > 0 { letters.insert(word[position - 1]) }
        if position + 1 < word.count { letters.insert(word[position + 1]) }
        return Set(letters.map(index))
    }

    /// How far slot `position`'s expected letter is from beating each rival (≤ 0 beats it).
    /// `costs`: per letter, the per-frame grammar score gap to the segment's best letter (999 = not
    /// scored); `distances`: per letter, the template distance.
    static func rivalGaps(_ costs: [Double], _ distances: [Double], word: [Character], position: Int) -> [(rival: Character, gap: Double)] {
        let expected = word[position], own = index(expected)
        func gap(_ rival: Character, kind: Int) -> (rival: Character, gap: Double) {
            let other = index(rival)
            return (rival, costs[own] - costs[other] + templateWeight[kind] * (distances[own] - distances[other]) - margin[kind])
        }
        var gaps = (confusable[expected] ?? "").map { gap($0, kind: letterClass(expected)) }
        for position in [position - 1, position + 1] where word.indices.contains(position) && word[position] != expected {
            gaps.append(gap(word[position], kind: neighbour))
        }
        return gaps
    }

    static func passes(_ costs: [Double], _ distances: [Double], word: [Character], position: Int) -> Bool {
        costs[index(word[position])] <= anyLetterMargin && rivalGaps(costs, distances, word: word, position: position).allSatisfy { $0.gap <= 0 }
    }

    /// Accepts the expected word, or returns the letters most likely said (an edit-distance search
    /// over the segments' scores that prefers plausible mistakes).
    /// `distances` are per segment, as `costs` (see `rivalGaps`); nil when not measured.
    public static func decide(costs: [[Double]], distances: [[Double]]? = nil, expected: String) -> (accepted: Bool, letters: String) {
        let word = Array(expected)
        let distances = distances ?? costs.map { _ in [Double](repeating: 0, count: 26) }
        if costs.count == word.count, word.indices.allSatisfy({ passes(costs[$0], distances[$0], word: word, position: $0) }) {
            return (true, expected)
        }
        let rows = costs.count, columns = word.count
        enum Step { case match(Character), insert(Character), delete }
        var best = Array(repeating: Array(repeating: Double.infinity, count: columns + 1), count: rows + 1)
        var step = Array(repeating: Array(repeating: Step.delete, count: columns + 1), count: rows + 1)
        best[0][0] = 0
        for row in 0...rows {
            for column in 0...columns where row > 0 || column > 0 {
                if row > 0 && column > 0 {
                    let wanted = word[column - 1]
                    for letter in alphabet {
                        var cost = best[row - 1][column - 1] + costs[row - 1][index(letter)]
                        if letter != wanted {
                            let near = (confusable[wanted] ?? "").contains(letter)
                                || (column >= 2 && word[column - 2] == letter) || (column < columns && word[column] == letter)
                            cost += substitution + (near ? 0 : unlikely)
                        }
                        if cost < best[row][column] { best[row][column] = cost; step[row][column] = .match(letter) }
                    }
                }
                if row > 0 {
                    for letter in alphabet {
                        let cost = best[row - 1][column] + costs[row - 1][index(letter)] + insertion + (word.contains(letter) ? 0 : unlikely)
                        if cost < best[row][column] { best[row][column] = cost; step[row][column] = .insert(letter) }
                    }
                }
                if column > 0, best[row][column - 1] + deletion < best[row][column] {
                    best[row][column] = best[row][column - 1] + deletion
                    step[row][column] = .delete
                }
            }
        }
        var guess: [Character] = []
        var row = rows, column = columns
        while row > 0 || column > 0 {
            switch step[row][column] {
            case .match(let letter): guess.append(letter); row -= 1; column -= 1
            case .insert(let letter): guess.append(letter); row -= 1
            case .delete: column -= 1
            }
        }
        guess.reverse()
        if guess == word && costs.count == word.count {
            // Rejected, yet the cheapest letters are the word: the slot whose rival came closest gets it.
            let closest = word.indices.flatMap { position in
                rivalGaps(costs[position], distances[position], word: word, position: position).map { (position, $0.rival, $0.gap) }
            }.max { $0.2 < $1.2 }
            if let (slot, rival, _) = closest { guess[slot] = rival }
        }
        return (false, String(guess))
    }
}

/// Files the letters decoders need.
enum LetterSpelling {
    /// The model's feat.params with `-cmn none`: pocketsphinx reads the model's file after the
    /// command line, so `-cmn none` alone would be overridden.
    static func featureParametersFile() throws -> String { try featureParameters.get() }

    private static let featureParameters = ProcessFile.write("letters", extension: "params") {
        let original = PocketSphinxDecoder.Model.debian.acousticModel + "/feat.params"
        let lines = try String(contentsOfFile: original, encoding: .utf8).split(separator: "\n")
            .map { $0.hasPrefix("-cmn ") ? "-cmn none" : String($0) }
        return lines.joined(separator: "\n") + "\n"
    }
}
