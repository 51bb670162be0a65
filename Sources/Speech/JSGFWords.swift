/// The words of a JSGF grammar: what is left once the header, comments, rule names, tags,
/// weights and operators are taken out.
enum JSGFWords {
    static func words(in grammar: String) -> [String] {
        var text = grammar
        // Comments, then the header, grammar and import lines.
        text = text.replacing(#/\/\*[\s\S]*?\*\//#, with: " ").replacing(#/\/\/[^\n]*/#, with: " ")
        text = text.replacing(#/#JSGF[^;]*;/#, with: " ").replacing(#/(?m)^\s*(grammar|import)\s[^;]*;/#, with: " ")
        // "public" before a rule name (the word itself may be one of the grammar's), rule names, tags and weights.
        text = text.replacing(#/\bpublic(?=\s*<)/#, with: " ")
        text = text.replacing(#/<[^>]*>/#, with: " ").replacing(#/\{[^}]*\}/#, with: " ").replacing(#/\/[^\/]*\//#, with: " ")
        var seen = Set<String>(), words: [String] = []
        for token in text.split(whereSeparator: { $0.isWhitespace || "=|()[]*+;\"".contains($0) }) {
            let word = String(token)
            if !seen.insert(word).inserted { continue }
            words.append(word)
        }
        return words
    }
}
