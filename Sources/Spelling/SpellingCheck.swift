/// Whether what the child typed or said spells the word: the seed's `validateSpelling` (case,
/// surrounding whitespace, spaces and hyphens ignored).
public enum SpellingCheck {
    public static func matches(_ answer: String, word: String) -> Bool {
        normalized(answer) == word.lowercased()
    }

    /// Lower case, with spaces, tabs, new lines and hyphens removed.
    public static func normalized(_ answer: String) -> String {
        String(answer.lowercased().filter { !$0.isWhitespace && $0 != "-" })
    }
}
