/// Word and phrase lists for text quality, written for this module (the original's lists were not copied;
/// only their kinds and rough sizes are followed).
enum RhetoricWords {
    static let hedges: Set<String> = [
        "maybe", "perhaps", "probably", "possibly", "somewhat", "apparently", "presumably", "arguably", "hopefully",
        "i think", "i guess", "i suppose", "i feel like", "i believe", "in my opinion", "it seems", "it seems like",
        "more or less", "a little bit", "i'm not sure", "not really sure", "to be honest", "if that makes sense",
        "or something", "or whatever", "i don't know", "you could say",
    ]
    static let powerWords: Set<String> = [
        "achieve", "achieved", "build", "built", "create", "created", "deliver", "delivered", "discover", "discovered",
        "prove", "proven", "transform", "improve", "improved", "succeed", "succeeded", "solve", "solved", "lead", "led",
        "launch", "launched", "win", "won", "grow", "grew", "master", "gain", "boost", "unlock", "overcome", "commit",
        "decide", "decided", "confident", "clear", "strong", "essential", "vital", "remarkable", "powerful", "exactly",
        "definitely", "certainly",
    ]
    static let transitions: Set<String> = [
        "first", "firstly", "second", "secondly", "third", "thirdly", "finally", "next", "however", "therefore", "because",
        "although", "meanwhile", "moreover", "furthermore", "instead", "besides", "consequently", "similarly", "likewise",
        "overall", "ultimately", "afterwards", "eventually", "lastly", "for example", "for instance", "in addition",
        "as a result", "on the other hand", "in conclusion", "to sum up", "after that", "in contrast", "in short",
        "above all", "most importantly", "that's why", "which means", "to begin with", "in the end",
    ]
    static let weakPhrases: Set<String> = [
        "in order to", "at the end of the day", "needless to say", "each and every", "the fact that", "it is what it is",
        "and stuff", "and things like that", "pretty much", "for all intents and purposes", "at this point in time",
    ]
    static let callsToAction: Set<String> = [
        "let's", "imagine", "try this", "join", "think about", "ask yourself", "remember", "start today", "picture this",
    ]
    static let questionStarts: Set<String> = [
        "what", "why", "how", "who", "where", "when", "which", "do you", "did you", "have you", "can you", "would you",
        "could you", "are you", "is it", "isn't it", "don't you",
    ]
    /// Markers of a contrast device ("not only…", "rather than…"); "not … but" is found separately.
    static let contrasts: Set<String> = ["not only", "rather than", "instead of", "on the other hand", "on one hand", "whereas"]
    /// Openings of a restart ("I mean", "let me…"): the speaker abandoned a sentence.
    static let restarts: Set<String> = ["i mean", "what i'm saying", "let me", "i think i", "sorry"]
    /// Words people double on purpose ("that that", "really really"): not a restart.
    static let fineDoubles: Set<String> = ["that", "had", "very", "really", "no", "yes", "bye", "ha", "so", "many", "far", "more", "long", "is"]
    /// Enumeration parts: a first, a second and a last one in order make a tricolon.
    static let enumeration: [Set<String>] = [["first", "firstly"], ["second", "secondly", "then", "next"], ["third", "thirdly", "finally", "lastly"]]

    /// Discourse markers for coherence, with the original's category weights: logical 3, sequence 2.5,
    /// contrast 2, additive 2, common 0.5.
    static let discourseMarkers: [String: Double] = [
        "because": 3, "therefore": 3, "so that": 3, "as a result": 3, "that's why": 3, "which means": 3, "since": 3,
        "first": 2.5, "second": 2.5, "then": 2.5, "next": 2.5, "finally": 2.5, "after that": 2.5, "to begin with": 2.5,
        "but": 2, "however": 2, "although": 2, "instead": 2, "on the other hand": 2, "still": 2, "yet": 2,
        "also": 2, "in addition": 2, "plus": 2, "another": 2, "for example": 2, "for instance": 2,
        "and": 0.5, "now": 0.5,
    ]
}

/// Counts phrases of a list in a word sequence: longest match first, matches do not overlap.
struct PhraseMatcher: Sendable {
    private let byFirst: [String: [[String]]]

    init(_ phrases: some Sequence<String>) {
        let split = phrases.map { $0.split(separator: " ").map(String.init) }
        byFirst = Dictionary(grouping: split, by: { $0[0] }).mapValues { $0.sorted { $0.count > $1.count } }
    }

    /// Each match: the phrase and the index of its first word.
    func matches(in words: [String]) -> [(phrase: String, at: Int)] {
        var found: [(phrase: String, at: Int)] = []
        var index = 0
        while index < words.count {
            if let candidates = byFirst[words[index]],
               let hit = candidates.first(where: { index + $0.count <= words.count && Array(words[index..<index + $0.count]) == $0 }) {
                found.append((hit.joined(separator: " "), index))
                index += hit.count
            } else {
                index += 1
            }
        }
        return found
    }
}
