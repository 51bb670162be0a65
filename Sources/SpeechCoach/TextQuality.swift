/// What the words do, beyond fillers: hedging, strong words, signposts, questions, devices.
public struct TextQualityReport: Codable, Equatable, Sendable {
    public var hedges: Int
    public var hedgeRatio: Double
    /// The hedges said, in order (at most 5), for coaching.
    public var hedgeExamples: [String]
    public var powerWords: Int
    public var powerRatio: Double
    public var transitions: Int
    /// Distinct transitions used.
    public var transitionVariety: Int
    public var weakPhrases: Int
    public var weakRatio: Double
    public var questions: Int
    public var callsToAction: Int
    /// Anaphora runs, contrasts and enumerations (first… second… finally).
    public var devices: Int
    /// Sentences of 28 words or more.
    public var longSentences: Int
    /// Runs of 3 or more sentences starting with the same two words.
    public var repeatedStarts: Int
    /// 70 − min(30, 3·hedges) + min(30, 5·power words).
    public var authority: Double
    /// 35 + min(30, 10·devices) + min(30, 5·transitions) + min(20, 6·questions) + min(12, 4·calls to action).
    public var craft: Double
    /// 85 − min(35, 4·weak phrases) − min(25, 6·repeated starts) − min(15, 3·long sentences).
    public var conciseness: Double
    /// 35 + min(20, 2·transitions) + min(25, 8·questions) + min(20, 10·calls to action).
    public var engagement: Double
}

enum TextQualityMeter {
    static let hedgeMatcher = PhraseMatcher(RhetoricWords.hedges)
    static let powerMatcher = PhraseMatcher(RhetoricWords.powerWords)
    static let transitionMatcher = PhraseMatcher(RhetoricWords.transitions)
    static let weakMatcher = PhraseMatcher(RhetoricWords.weakPhrases)
    static let actionMatcher = PhraseMatcher(RhetoricWords.callsToAction)
    static let questionMatcher = PhraseMatcher(RhetoricWords.questionStarts)
    static let contrastMatcher = PhraseMatcher(RhetoricWords.contrasts)

    static func report(words: [String], sentences: [Sentence]) -> TextQualityReport {
        let count = Double(max(1, words.count))
        let hedges = hedgeMatcher.matches(in: words)
        let power = powerMatcher.matches(in: words).count
        let transitions = transitionMatcher.matches(in: words)
        let weak = weakMatcher.matches(in: words).count
        let actions = actionMatcher.matches(in: words).count
        let questions = sentences.filter { sentence in questionMatcher.matches(in: Array(sentence.texts.prefix(2))).first?.at == 0 }.count
        let devices = anaphora(sentences) + contrastMatcher.matches(in: words).count + notButContrasts(words) + enumerations(words)
        let longSentences = sentences.filter { $0.words.count >= 28 }.count
        let repeatedStarts = runs(of: sentences, sameFirst: 2)
        return TextQualityReport(
            hedges: hedges.count, hedgeRatio: Double(hedges.count) / count, hedgeExamples: hedges.prefix(5).map(\.phrase),
            powerWords: power, powerRatio: Double(power) / count, transitions: transitions.count,
            transitionVariety: Set(transitions.map(\.phrase)).count, weakPhrases: weak, weakRatio: Double(weak) / count,
            questions: questions, callsToAction: actions, devices: devices, longSentences: longSentences, repeatedStarts: repeatedStarts,
            authority: Statistics.clamp(70 - min(30, 3 * Double(hedges.count)) + min(30, 5 * Double(power))),
            craft: Statistics.clamp(35 + min(30, 10 * Double(devices)) + min(30, 5 * Double(transitions.count))
                + min(20, 6 * Double(questions)) + min(12, 4 * Double(actions))),
            conciseness: Statistics.clamp(85 - min(35, 4 * Double(weak)) - min(25, 6 * Double(repeatedStarts)) - min(15, 3 * Double(longSentences))),
            engagement: Statistics.clamp(35 + min(20, 2 * Double(transitions.count)) + min(25, 8 * Double(questions)) + min(20, 10 * Double(actions))))
    }

    /// Runs of at least 3 consecutive sentences sharing their first `sameFirst` words.
    static func runs(of sentences: [Sentence], sameFirst: Int) -> Int {
        var runs = 0, length = 1
        var previous: [String]?
        for sentence in sentences {
            let start = Array(sentence.texts.prefix(sameFirst))
            if start.count == sameFirst, start == previous { length += 1 } else { length = 1 }
            if length == 3 { runs += 1 }
            previous = start.count == sameFirst ? start : nil
        }
        return runs
    }

    static func anaphora(_ sentences: [Sentence]) -> Int { runs(of: sentences, sameFirst: 3) }

    /// "not … but" within five words.
    static func notButContrasts(_ words: [String]) -> Int {
        var found = 0, index = 0
        while index < words.count {
            if words[index] == "not", let but = words[(index + 1)..<min(words.count, index + 6)].firstIndex(of: "but") {
                found += 1
                index = but + 1
            } else {
                index += 1
            }
        }
        return found
    }

    /// A first, a second and a last enumeration word in that order: one device.
    static func enumerations(_ words: [String]) -> Int {
        var stage = 0
        for word in words where stage < 3 && RhetoricWords.enumeration[stage].contains(word) { stage += 1 }
        return stage == 3 ? 1 : 0
    }
}
