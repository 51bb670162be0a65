/// The words of a JSGF grammar: what is left once the header, comments, rule names, tags,
/// weights and operators are taken out.
enum JSGFWords {
    static func words(in grammar: String) -> [String] {
        var text = grammar
        // Comments, then the header, grammar and import lines.
        text = text.replacing(#/\/\*[\s\S]*?\*\//#, with: " ").replacing(#/\/\/[^\n]*/#, with: " ")
        text = text.replacing(#/#JSGF[^;]*;/#, with: " ").replacing(#/(?m)^\s*(grammar|import)\s[^;]*;/#, with: " ")
        // Rule names, tags and weights.
        text = text.replacing(#/<[^>]*>/#, with: " ").replacing(#/\{[^}]*\}/#, with: " ").replacing(#/\/[^\/]*\//#, with: " ")
        var seen = Set<String>(), words: [String] = []
        for token in text.split(whereSeparator: { $0.isWhitespace || "=|()[]*+;\"".contains($0) }) {
            let word = String(token)
            if word == "public" || !seen.insert(word).inserted { continue }
            words.append(word)
        }
        return words
    }
}
