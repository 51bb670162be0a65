import CStemmer
import Foundation

/// Words as the coach's search compares them: lower case without accents ("perche" typed for
/// "perché"), the part after an elision ("dell'impero" → "impero"), function and question words out,
/// and what is left stemmed by Snowball (Debian's libstemmer) in the text's language, so "fotosintesi"
/// and "foglie"/"foglia", "plants"/"plant" meet. Numbers are kept whole ("1492").
///
/// A libstemmer object is not thread-safe: each `StudyTerms` owns its two and is used by one task.
public final class StudyTerms {
    private let stemmers: [StudyLanguage: OpaquePointer]
    private var cache: [StudyLanguage: [String: String]] = [:]

    public init() {
        var stemmers: [StudyLanguage: OpaquePointer] = [:]
        if let italian = sb_stemmer_new("italian", "UTF_8") { stemmers[.it] = italian }
        if let english = sb_stemmer_new("english", "UTF_8") { stemmers[.en] = english }
        self.stemmers = stemmers
    }

    deinit {
        for stemmer in stemmers.values { sb_stemmer_delete(stemmer) }
    }

    /// The terms of a text in `language`, in order, repeats kept (a passage's term counts).
    public func terms(_ text: String, language: StudyLanguage) -> [String] {
        Self.tokens(text).compactMap { token in
            if token.first?.isNumber == true { return (2...12).contains(token.count) ? token : nil }
            guard (2...40).contains(token.count), !Self.ignored.contains(token) else { return nil }
            return stem(token, language: language)
        }
    }

    /// A question's words, each as its forms stemmed in both languages (a student may ask in one
    /// about notes in the other's words, and "storia" must meet Italian notes from an English
    /// profile), each word once.
    public func queryWords(_ text: String) -> [[String]] {
        var seen = Set<String>(), words: [[String]] = []
        for token in Self.tokens(text) {
            guard token.count >= 2, token.count <= 40, !Self.ignored.contains(token), seen.insert(token).inserted else { continue }
            if token.first?.isNumber == true { if token.count <= 12 { words.append([token]) }; continue }
            let forms = [stem(token, language: .it), stem(token, language: .en)]
            words.append(forms[0] == forms[1] ? [forms[0]] : forms)
        }
        return words
    }

    /// Every form of every word of the question, once.
    public func queryTerms(_ text: String) -> [String] {
        var seen = Set<String>()
        return queryWords(text).flatMap { $0 }.filter { seen.insert($0).inserted }
    }

    func stem(_ word: String, language: StudyLanguage) -> String {
        if let cached = cache[language]?[word] { return cached }
        guard let stemmer = stemmers[language] else { return word }
        var bytes = Array(word.utf8)
        let stemmed: String = bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, let out = sb_stemmer_stem(stemmer, base, Int32(buffer.count)) else { return word }
            return String(decoding: UnsafeBufferPointer(start: out, count: Int(sb_stemmer_length(stemmer))), as: UTF8.self)
        }
        // A stem shorter than 3 letters ("ar" of "are") says little and meets too much: the word stays whole.
        let kept = stemmed.count >= 3 ? stemmed : word
        cache[language, default: [:]][word] = kept
        return kept
    }

    /// The text's words as phrase lists are matched against: apostrophes (straight or curly) as
    /// spaces, lower case, unaccented, one space between and one at each end (" non l ho capito ").
    public static func phrase(_ text: String) -> String {
        " " + tokens(text.replacingOccurrences(of: "’", with: " ").replacingOccurrences(of: "'", with: " ")).joined(separator: " ") + " "
    }

    /// Lower-case, unaccented words of the text: letters and digits; an elided article or preposition
    /// before an apostrophe dropped ("l'acqua" → "acqua", "dell'impero" → "impero").
    public static func tokens(_ text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var tokens: [String] = []
        var current = ""
        for character in folded {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else {
                if !current.isEmpty {
                    // "'" and "’" after an elided article or preposition ("dell'", "l'", "un'") drop it; an
                    // English possessive or contraction keeps its word ("earth's" → "earth", "don't" → "don").
                    if "'’".contains(character), elided.contains(current) { current = ""; continue }
                    tokens.append(current)
                    current = ""
                }
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// Italian words that elide before an apostrophe (unaccented, lower case).
    static let elided: Set<String> = ["l", "un", "dell", "dall", "nell", "sull", "all", "coll", "quell", "quest", "bell", "sant", "d",
                                      "c", "s", "m", "t", "v", "n", "ch", "dov", "com", "cos", "nient", "senz", "tutt", "po", "mezz"]

    /// Function words of both languages (unaccented, as tokens are) and the words questions and
    /// requests are made of, which name nothing to look for.
    public static let ignored: Set<String> = {
        let fold = { (word: String) in word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        var words = Set(StopWords.italian.map(fold)).union(StopWords.english.map(fold))
        words.formUnion([
            "cos", "cosa", "cose", "chi", "quale", "quali", "quanto", "quanti", "quanta", "quante", "quando", "dove", "perche", "come",
            "spiegami", "spiega", "spiegare", "dimmi", "dire", "parlami", "parla", "sai", "sapere", "significa", "significato", "vuol",
            "vuole", "raccontami", "ricordami", "aiutami", "per", "favore", "piacere", "ciao", "allora", "invece", "cioe", "qual",
            "ho", "hai", "abbiamo", "avete", "sei", "siamo", "siete", "mi", "ti", "me", "te", "puoi", "potresti", "vorrei", "voglio",
            "serve", "servono", "servire", "funziona", "funzionano", "succede", "successo", "succedono", "accade", "accaduto", "usa",
            "usano", "usato", "fatto", "fanno", "vero", "falso",
            "use", "used", "uses", "work", "works", "happen", "happens", "happened", "true", "false",
            "descrivi", "descrivere", "definisci", "definire", "definizione", "riassumi", "riassumere", "esattamente", "davvero",
            "differenza", "differenze", "importante", "importanti", "importanza", "principale", "principali", "esempio", "esempi",
            "parola", "parole", "describe", "define", "definition", "summarise", "summarize", "exactly", "really", "difference",
            "differences", "important", "importance", "main", "example", "examples", "word", "words", "mean",
            "don", "doesn", "didn", "isn", "aren", "wasn", "weren", "won", "couldn", "shouldn", "wouldn", "haven", "hasn", "hadn", "ll", "ve", "re",
            "what", "whats", "who", "whom", "whose", "which", "when", "where", "why", "how", "explain", "tell", "me", "mean", "means",
            "meaning", "does", "did", "do", "know", "please", "can", "could", "would", "you", "about", "is", "are", "was", "were",
        ])
        return words
    }()
}
