import Foundation

/// A card the server proposes from a material, for the student to keep, change or drop.
public struct CardSuggestion: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable { case definition, cloze }
    public let front: String
    public let back: String
    public let kind: Kind
    public init(front: String, back: String, kind: Kind) { (self.front, self.back, self.kind) = (front, back, kind) }
}

/// Cards from a material's own text, with no model (mirrorbuddy.md §6: "sentences with key terms →
/// cloze cards"): definitions first ("La fotosintesi è il processo…" → "Che cos'è la fotosintesi?"),
/// then the key terms blanked out of a sentence that holds them. The original's target: 5 cards per
/// 1,000 words, at least 5, from 50 words up (§1.7). Every answer is words of the material.
public enum CardSuggestions {
    public static let minimumWords = 50
    static let blank = "_____"

    /// How many cards a material of `words` words is worth.
    public static func target(words: Int) -> Int {
        guard words >= minimumWords else { return 0 }
        return min(Flashcards.batchLimit, max(5, words * 5 / 1_000))
    }

    /// The cards for `text`: `target(words:)` of them, or up to `count` (a quiz wants more to choose from).
    public static func suggest(from text: String, language: StudyLanguage, count: Int? = nil) -> [CardSuggestion] {
        let words = ReadingText.words(text).count
        guard words >= minimumWords else { return [] }
        let target = count ?? target(words: words)
        guard target > 0 else { return [] }
        let sentences = ReadingText.sentences(text, language: language).map(Self.oneLine)
        // Words the text writes in lower case somewhere: a common noun capitalised only by its sentence.
        let common = Set(ReadingText.words(text).map(\.text).filter { $0.first?.isLowercase == true })
        let sentenceWords = sentences.map(ReadingText.words)
        var definitions: [(index: Int, term: String, card: CardSuggestion)] = []
        var definedTerms = Set<String>()
        for (index, sentence) in sentences.enumerated() where definitions.count < target {
            guard let found = Definitions.find(in: sentence, language: language, common: common), definedTerms.insert(found.term.lowercased()).inserted else { continue }
            definitions.append((index, found.term, CardSuggestion(front: found.question, back: found.answer, kind: .definition)))
        }
        // Definitions first, leaving a third for key terms; what key terms do not fill goes back to definitions.
        var cards: [CardSuggestion] = [], usedTerms = Set<String>(), usedSentences = Set<Int>()
        func take(_ chosen: ArraySlice<(index: Int, term: String, card: CardSuggestion)>) {
            for definition in chosen {
                cards.append(definition.card)
                usedTerms.insert(definition.term.lowercased())
                usedSentences.insert(definition.index)
            }
        }
        let first = min(definitions.count, target - target / 3)
        take(definitions[..<first])
        for term in KeyTerms.ranked(sentences, language: language) where cards.count < target {
            guard !usedTerms.contains(term.lowercased()), !definedTerms.contains(term.lowercased()) else { continue }
            guard let (index, front) = cloze(term, in: sentences, words: sentenceWords, skipping: usedSentences) else { continue }
            cards.append(CardSuggestion(front: front, back: term, kind: .cloze))
            usedTerms.insert(term.lowercased())
            usedSentences.insert(index)
        }
        take(definitions[first..<min(definitions.count, first + target - cards.count)])
        return cards
    }

    /// The first unused sentence of a fair length holding `term` as a whole word, with every place it
    /// stands blanked out (the answer never shows in its own question). `words` are each sentence's.
    static func cloze(_ term: String, in sentences: [String], words: [[ReadingText.Word]], skipping used: Set<Int>) -> (Int, String)? {
        for (index, sentence) in sentences.enumerated() where !used.contains(index) && (30...280).contains(sentence.count) {
            let hits = words[index].filter { $0.text.caseInsensitiveCompare(term) == .orderedSame || $0.text.lowercased().hasSuffix("'" + term.lowercased())
                || $0.text.lowercased().hasSuffix("’" + term.lowercased()) }
            guard words[index].count >= 5, !hits.isEmpty else { continue }
            var utf16 = Array(sentence.utf16)
            for hit in hits.reversed() {
                // "dell'ossigeno" keeps its "dell'": only the term is blanked.
                let start = hit.end - term.utf16.count
                utf16.replaceSubrange(start..<hit.end, with: Array(blank.utf16))
            }
            return (index, String(decoding: utf16, as: UTF16.self))
        }
        return nil
    }

    static func oneLine(_ sentence: String) -> String {
        sentence.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// "X è Y" / "X is Y": the term, the question it asks and the answer from the sentence.
enum Definitions {
    struct Found { let term: String; let question: String; let answer: String }

    /// The verbs that define, with the question each asks ("%@" is the term with its article).
    static let verbs: [StudyLanguage: [(verb: String, question: String)]] = [
        .it: [("si chiamano", "Come si chiamano %@?"), ("si chiama", "Come si chiama %@?"), ("si definisce", "Come si definisce %@?"),
              ("significa", "Che cosa significa %@?"), ("indica", "Che cosa indica %@?"), ("sono", "Che cosa sono %@?"),
              ("è", "Che cos'è %@?")],
        .en: [("is called", "What is %@ called?"), ("are called", "What are %@ called?"), ("means", "What does %@ mean?"),
              ("refers to", "What does %@ refer to?"), ("is", "What is %@?"), ("are", "What are %@?"), ("was", "What was %@?"),
              ("were", "What were %@?")],
    ]
    /// Articles a term may start with (kept in the question, lower-cased).
    static let articles: [StudyLanguage: Set<String>] = [
        .it: ["il", "lo", "la", "i", "gli", "le", "l'", "l’", "un", "uno", "una", "un'", "un’"],
        .en: ["the", "a", "an"],
    ]

    static func find(in sentence: String, language: StudyLanguage, common: Set<String> = []) -> Found? {
        guard sentence.count <= 400, let end = sentence.last, ".!;".contains(end) || end.isLetter || end.isNumber else { return nil }
        let words = ReadingText.words(sentence)
        guard words.count >= 5 else { return nil }
        let lower = words.map { $0.text.lowercased() }
        for (verb, question) in verbs[language] ?? [] {
            let parts = verb.split(separator: " ").map(String.init)
            // The verb within the first seven words, after at least one word of term.
            for at in 1..<min(8, words.count - parts.count) where Array(lower[at..<(at + parts.count)]) == parts {
                let termWords = Array(words[0..<at])
                let answerWords = words.count - at - parts.count
                // A name is one word ("si chiama clorofilla"); a definition says more than that.
                let naming = verb.contains("chiam") || verb.contains("called")
                guard answerWords >= (naming ? 1 : 3), termWords.count <= 6, isTerm(termWords.map { $0.text.lowercased() }, language: language),
                      !Self.isNotADefinition(lower[at + parts.count], language: language) else { break }
                let utf16 = Array(sentence.utf16)
                let term = String(decoding: utf16[termWords.first!.start..<termWords.last!.end], as: UTF16.self)
                // A comma between the term and the verb ("Roma, che è…") is not a definition.
                guard !term.contains(",") else { break }
                var answer = String(decoding: utf16[words[at + parts.count].start...], as: UTF16.self).trimmingCharacters(in: .whitespaces)
                if let first = answer.first { answer = first.uppercased() + answer.dropFirst() }
                if let last = answer.last, !".!?".contains(last) { answer += "." }
                return Found(term: bare(term, language: language), question: String(format: question, lowered(term, language: language, common: common)), answer: answer)
            }
        }
        return nil
    }

    /// Words that begin a sentence's rest when the verb is not defining: a past participle ("è nato a
    /// Roma", "was founded in"), a place or a time ("è in Italia", "is on the table"), a degree ("è molto…").
    static func isNotADefinition(_ first: String, language: StudyLanguage) -> Bool {
        switch language {
        case .it:
            let participle = first.count > 4 && ["ato", "ata", "ati", "ate", "uto", "uta", "uti", "ute", "ito", "ita", "iti", "ite"].contains { first.hasSuffix($0) }
            return participle || ["stato", "stata", "stati", "state", "nato", "nata", "nati", "nate", "morto", "morta", "in", "a", "ad", "di", "da",
                                  "su", "per", "con", "tra", "fra", "nel", "nella", "nei", "nelle", "sul", "sulla", "al", "alla", "dal", "dalla",
                                  "molto", "più", "meno", "così", "anche", "già", "sempre", "ancora", "non", "qui", "lì", "là", "sopra", "sotto",
                                  "dentro", "fuori", "vicino", "lontano", "troppo", "poco"].contains(first)
        case .en:
            return (first.count > 4 && first.hasSuffix("ed")) || ["born", "built", "made", "found", "known", "given", "taken", "written", "seen",
                                                                  "in", "on", "at", "by", "from", "to", "with", "into", "very", "so", "too", "not",
                                                                  "also", "still", "here", "there", "now", "then", "always", "never", "often",
                                                                  "being", "going", "about", "over", "under", "near", "inside", "outside"].contains(first)
        }
    }

    /// A term is a naming phrase: not a pronoun, an adverb or a sentence's usual opening words.
    static func isTerm(_ words: [String], language: StudyLanguage) -> Bool {
        guard let first = words.first, let last = words.last else { return false }
        let stop = StopWords.all[language] ?? []
        if StopWords.openers[language]?.contains(first) == true { return false }
        if stop.contains(last) || last.count < 3 { return false }
        let content = words.filter { !stop.contains($0) && !(articles[language]?.contains($0) ?? false) }
        return !content.isEmpty && content.allSatisfy { $0.first?.isLetter == true }
    }

    /// The term as it reads mid-question: its article in lower case ("La fotosintesi" → "la
    /// fotosintesi"), and so its first word when the text writes that word in lower case elsewhere
    /// ("Photosynthesis is…" beside "during photosynthesis"); a name keeps its capital.
    static func lowered(_ term: String, language: StudyLanguage, common: Set<String> = []) -> String {
        // An elided article is its own word here: "L'acqua" → "l'acqua".
        if let cut = term.firstIndex(where: { $0 == "'" || $0 == "’" }), articles[language]?.contains(term[...cut].lowercased()) == true {
            return term[...cut].lowercased() + term[term.index(after: cut)...]
        }
        let first = term.prefix { $0.isLetter || $0 == "'" || $0 == "’" }
        let isArticle = articles[language]?.contains(first.lowercased()) == true
        guard isArticle || common.contains(first.lowercased()) else { return term }
        return first.lowercased() + term.dropFirst(first.count)
    }

    /// The term without its article (what a cloze would blank out), for telling terms apart.
    static func bare(_ term: String, language: StudyLanguage) -> String {
        let words = ReadingText.words(term)
        guard let first = words.first, articles[language]?.contains(first.text.lowercased()) == true, words.count > 1 else {
            for article in articles[language] ?? [] where article.hasSuffix("'") || article.hasSuffix("’") {
                if term.lowercased().hasPrefix(article) { return String(term.dropFirst(article.count)) }
            }
            return term
        }
        return String(decoding: Array(term.utf16)[words[1].start...], as: UTF16.self)
    }
}

/// The material's key terms, best first: names (capitalised where a sentence does not start), years
/// and the longer content words it repeats.
enum KeyTerms {
    struct Scored { var score: Double; var spelling: String; var first: Int }

    /// Each candidate's score over `sentences` (keyed in lower case): names and years 2 a time, longer
    /// content words 1 and a little more for each letter past six.
    static func scores(_ sentences: [String], language: StudyLanguage) -> [String: Scored] {
        let stop = StopWords.all[language] ?? []
        var scores: [String: Scored] = [:]
        for sentence in sentences {
            for (position, word) in ReadingText.words(sentence).enumerated() {
                guard let (key, text, isName, isYear) = candidate(word.text, position: position, stop: stop) else { continue }
                let next = scores.count
                scores[key, default: Scored(score: 0, spelling: text, first: next)].score += isName || isYear ? 2 : 1 + Double(text.count - 6) * 0.1
                if isName { scores[key]?.spelling = text }
            }
        }
        return scores
    }

    /// A word as a key term, if it can be one: its key, spelling, and whether it is a name or a year.
    static func candidate(_ raw: String, position: Int, stop: Set<String>) -> (String, String, Bool, Bool)? {
        var text = raw
        // "dell'atmosfera" → "atmosfera": the part after an elided article.
        if let cut = text.lastIndex(where: { $0 == "'" || $0 == "’" }) { text = String(text[text.index(after: cut)...]) }
        let key = text.lowercased()
        guard !stop.contains(key) else { return nil }
        let isYear = text.count == 4 && text.allSatisfy(\.isNumber)
        let isName = position > 0 && text.first?.isUppercase == true && text.count >= 3
        guard isYear || isName || (text.count >= 6 && text.allSatisfy(\.isLetter)) else { return nil }
        return (key, text, isName, isYear)
    }

    static func ranked(_ sentences: [String], language: StudyLanguage) -> [String] {
        // A term said once is not yet a key term, unless it is a name or a year.
        scores(sentences, language: language).filter { $0.value.score >= 2 }
            .sorted { ($1.value.score, $0.value.first) < ($0.value.score, $1.value.first) }
            .map(\.value.spelling)
    }

    /// The candidates `section` holds, best first by their score over the whole material.
    static func ranked(_ section: [String], by whole: [String: Scored], language: StudyLanguage) -> [String] {
        let stop = StopWords.all[language] ?? []
        var seen: [String: Int] = [:]
        for sentence in section {
            for (position, word) in ReadingText.words(sentence).enumerated() {
                guard let (key, _, _, _) = candidate(word.text, position: position, stop: stop), whole[key] != nil, seen[key] == nil else { continue }
                seen[key] = seen.count
            }
        }
        return seen.keys.sorted { (whole[$1]!.score, seen[$0]!) < (whole[$0]!.score, seen[$1]!) }.map { whole[$0]!.spelling }
    }
}
