/// The default fillers, written for this module: sounds that are always fillers, words and phrases that are
/// fillers only in context, and the neighbours the context rules look at.
enum FillerVocabulary {
    /// Hesitation sounds, in their canonical spelling ("ummm" → "um", "hmmm" → "hmm").
    static let hesitations: Set<String> = ["um", "uh", "er", "erm", "ah", "eh", "hmm", "mm", "mhm", "uh-huh"]
    /// Judged by the coach (§2.2's other context words, and the reactions the original always counted).
    static let coachContextWords: Set<String> = [
        "just", "well", "right", "okay", "ok", "literally", "honestly", "seriously", "yeah", "yea", "oh", "huh",
    ]
    /// Judged by the speech module's discourse-marker rules; the coach judges them only when asked to.
    static let markerWords: Set<String> = ["like", "so", "actually", "basically"]
    /// Two-word fillers, judged in context (the original counted them always: defect 2).
    static let phrases: Set<String> = ["kind of", "sort of", "you know", "i mean"]
    /// Phrases the speech module judges.
    static let markerPhrases: Set<String> = ["you know", "i mean"]

    /// Everything a person may remove from the defaults.
    static let defaults: Set<String> = hesitations.union(coachContextWords).union(markerWords).union(phrases)

    /// The canonical hesitation a recognised word spells, if it is one: letters repeated in a row count once, so
    /// drawn-out spellings match ("ummm", "uhhh", "errr", "hmmmm", "mmm", "uh-huhh").
    static func hesitation(_ word: String) -> String? {
        var collapsed = ""
        for character in word where character != "-" && collapsed.last != character { collapsed.append(character) }
        return switch collapsed {
        case "um", "uhm", "ehm": "um"
        case "uh": "uh"
        case "er": "er"
        case "erm": "erm"
        case "ah": "ah"
        case "eh": "eh"
        case "hm": "hmm"
        case "m": "mm"
        case "mhm": "mhm"
        case "uhuh": "uh-huh"
        default: nil
        }
    }
}
