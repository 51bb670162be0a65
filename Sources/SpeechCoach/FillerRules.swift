/// What a context rule sees around a candidate word or phrase.
struct FillerContext: Sendable {
    /// The word before ("<s>" at the start of the take) and after ("</s>" at its end).
    var previous: String
    var next: String
    /// A comma-sized silence (or a hesitation sound, or the take's edge) right before / after.
    var pauseBefore: Bool
    var pauseAfter: Bool
    /// The candidate starts an idea: first word, or after a long silence that follows a clause-final word.
    var opensIdea: Bool
}

/// A default filler judged in context: its words and the rule. Each rule has near-misses in the tests
/// ("looks like", "so that", "do you know why", "kind of car").
struct FillerRule: Sendable {
    /// Who judges it by default: the coach, or the speech module (the coach only when `markersJudged` is false).
    enum Owner: Sendable { case coach, speechModule }

    let phrase: String
    let owner: Owner
    let isFiller: @Sendable (FillerContext) -> Bool

    var words: [String] { phrase.split(separator: " ").map(String.init) }
}

extension FillerRule {
    // Word sets are named for the rule: "likeNotAfter" = "like" is not a filler right after these words,
    // "likeFillerBefore" = "like" is a filler right before these.
    /// Set off on both sides, or opening an idea with a pause after ("Honestly, …", "Well, …").
    private static let setOff: @Sendable (FillerContext) -> Bool = { ($0.opensIdea || $0.pauseBefore) && $0.pauseAfter }

    private static let wellNotAfter: Set<String> = ["very", "quite", "as", "pretty", "really", "so", "too", "how", "fairly"]
    private static let wellNotBefore: Set<String> = ["done", "made", "known", "written", "said", "being", "off", "enough", "paid"]
    private static let rightNotAfter: Set<String> = EnglishWords.determiners.union(EnglishWords.beForms).union(EnglishWords.objectPronouns)
        .union(["turn", "all", "feel", "feels", "felt", "seems", "looks", "sounds", "not", "get", "got", "do", "did", "done", "go", "went"])
    private static let rightNotBefore: Set<String> = [
        "now", "here", "there", "away", "after", "before", "back", "in", "on", "into", "next", "side", "hand", "answer", "thing",
        "way", "one", "time",
    ]
    private static let kindNotAfter: Set<String> = EnglishWords.determiners.union(["of", "all", "two", "three", "many"])
    private static let kindHedgeAfter: Set<String> = EnglishWords.beForms.union([
        "i", "we", "they", "he", "she", "you", "it", "just", "really", "feel", "felt", "feels", "looks", "looked", "seems",
        "seemed", "get", "got", "i've", "we've", "also", "still",
    ])
    private static let likeNotAfter: Set<String> = [
        "would", "do", "does", "did", "don't", "doesn't", "didn't", "i", "you", "we", "they", "he", "she", "it", "i'd",
        "you'd", "we'd", "they'd", "really", "actually", "also", "always", "never", "look", "looks", "looked", "looking",
        "sound", "sounds", "sounded", "feel", "feels", "felt", "seem", "seems", "just", "not", "to", "something", "anything",
        "nothing", "things", "stuff", "people", "much", "more", "most", "what", "exactly", "kids", "dogs", "cats",
    ]
    private static let likeFillerBefore: Set<String> = [
        "really", "totally", "super", "very", "so", "pretty", "kind", "sort", "completely", "absolutely", "honestly",
        "literally", "um", "uh", "like",
    ]
    private static let likeNounBefore: Set<String> = EnglishWords.determiners.union(EnglishWords.objectPronouns)
    private static let soNotAfter: Set<String> = [
        "not", "is", "was", "were", "are", "am", "be", "it's", "that's", "very", "or", "think", "hope", "guess", "said",
        "say", "do", "did", "does", "just", "and", "even", "feel", "felt", "look", "looked", "thanks", "i", "believe",
    ]
    private static let soFillerBefore: Set<String> = ["um", "uh", "er", "yeah", "anyway", "basically", "like", "well", "okay", "right"]
    private static let knowNotAfter: Set<String> = [
        "do", "did", "don't", "didn't", "does", "if", "what", "i", "we", "they", "know", "how", "would", "to", "as", "let",
        "you'll", "you'd", "might", "may", "will", "could", "can", "should", "should've",
    ]
    private static let meanNotAfter: Set<String> = ["what", "do", "did", "don't", "if", "you", "they", "we", "that's", "didn't"]

    /// The default context rules, longest phrases first.
    static let defaults: [FillerRule] = [
        // Hedges that are noun phrases after a determiner ("a kind of car", "what sort of day").
        FillerRule(phrase: "kind of", owner: .coach, isFiller: kindOf),
        FillerRule(phrase: "sort of", owner: .coach, isFiller: kindOf),
        FillerRule(phrase: "you know", owner: .speechModule) { context in
            !knowNotAfter.contains(context.previous) && context.pauseAfter
        },
        FillerRule(phrase: "i mean", owner: .speechModule) { context in
            !meanNotAfter.contains(context.previous) && context.pauseAfter
        },
        FillerRule(phrase: "just", owner: .coach) { $0.pauseBefore && $0.pauseAfter },
        FillerRule(phrase: "well", owner: .coach) { context in
            !wellNotAfter.contains(context.previous) && !wellNotBefore.contains(context.next) && setOff(context)
        },
        FillerRule(phrase: "right", owner: .coach, isFiller: rightOrOkay),
        FillerRule(phrase: "okay", owner: .coach, isFiller: rightOrOkay),
        FillerRule(phrase: "ok", owner: .coach, isFiller: rightOrOkay),
        FillerRule(phrase: "literally", owner: .coach, isFiller: setOff),
        FillerRule(phrase: "honestly", owner: .coach, isFiller: setOff),
        FillerRule(phrase: "seriously", owner: .coach, isFiller: setOff),
        // Reactions the original always counted (defect 2): fillers only when set off by pauses.
        FillerRule(phrase: "yeah", owner: .coach) { $0.pauseBefore && $0.pauseAfter },
        FillerRule(phrase: "yea", owner: .coach) { $0.pauseBefore && $0.pauseAfter },
        FillerRule(phrase: "oh", owner: .coach) { $0.pauseBefore && $0.pauseAfter },
        FillerRule(phrase: "huh", owner: .coach) { $0.pauseBefore && $0.pauseAfter },
        FillerRule(phrase: "like", owner: .speechModule, isFiller: like),
        FillerRule(phrase: "so", owner: .speechModule) { context in
            guard !soNotAfter.contains(context.previous) else { return false }
            return (context.opensIdea || context.pauseBefore) && (context.pauseAfter || soFillerBefore.contains(context.next))
        },
        FillerRule(phrase: "actually", owner: .speechModule, isFiller: setOff),
        FillerRule(phrase: "basically", owner: .speechModule, isFiller: setOff),
    ]

    private static func kindOf(_ context: FillerContext) -> Bool {
        if kindNotAfter.contains(context.previous) { return false }
        if context.pauseBefore && context.pauseAfter { return true }
        return kindHedgeAfter.contains(context.previous)
    }

    private static func rightOrOkay(_ context: FillerContext) -> Bool {
        !rightNotAfter.contains(context.previous) && !rightNotBefore.contains(context.next) && setOff(context)
    }

    /// "like": not after words that make it a verb or a comparison ("I like", "looks like"); a filler when set
    /// off by pauses, after "be" unless a noun phrase follows ("was like, amazing" but "is like a dream"),
    /// before an intensifier ("like really big"), or with a pause on one side.
    private static func like(_ context: FillerContext) -> Bool {
        if likeNotAfter.contains(context.previous) { return false }
        if context.pauseBefore && context.pauseAfter { return true }
        if EnglishWords.beForms.contains(context.previous) { return !likeNounBefore.contains(context.next) }
        if likeFillerBefore.contains(context.next) { return true }
        return context.pauseBefore || context.pauseAfter
    }
}
