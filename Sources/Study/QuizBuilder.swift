import Foundation

/// A material a quiz is made from.
public struct QuizMaterial: Sendable {
    public let id: String
    public let text: String
    public let language: StudyLanguage
    public let subjectId: String?
    public init(id: String, text: String, language: StudyLanguage, subjectId: String? = nil) {
        (self.id, self.text, self.language, self.subjectId) = (id, text, language, subjectId)
    }
}

/// Quizzes from the student's cards and materials with no model (mirrorbuddy.md §1.8, §6): multiple
/// choice whose wrong options come from the same material (or the same cards), true or false
/// statements made by swapping a key term for another of the same kind (a year for a year, a name
/// for a name), and sentences with a word to fill in. At most 10 questions, each fact and each term
/// asked once. No option is right twice: a wrong option is never another fact's answer to the same
/// question, nor a slip away from the right one ("pianta", "piante"), nor a term that makes the
/// sentence one the material says. The mastery model's difficulty (`SubjectMastery.difficulty`, up
/// on a right answer) sets the mix: a subject the student does well in gets more to write, one
/// they struggle with more to pick.
public enum QuizBuilder {
    /// One thing the student should know: a question or a sentence with a blank, and its answer.
    struct Fact {
        let prompt: String
        let answer: String
        /// The answer is a term (a few words), not a statement.
        let isTerm: Bool
        /// The prompt has the blank (`CardSuggestions.blank`) where the answer goes.
        let hasBlank: Bool
        let explanation: String
        let cardId: String?
        let materialId: String?
        let subjectId: String?
        /// Where its wrong options come from.
        let pool: String
    }

    /// Facts read from one material: more than a quiz asks, so each quiz picks a different few.
    static let factsPerMaterial = 30

    /// What wrong options a pool offers: its terms and its statements.
    struct Pool {
        /// Answers with the question each answers (nil: a key term of the text).
        var terms: [(prompt: String?, answer: String)] = []
        var statements: [(prompt: String?, answer: String)] = []
        /// The materials' sentences, folded: a swap that makes one of them is no wrong option.
        var sentences: Set<String> = []
        /// Words the materials write in lower case somewhere: not names, whatever their first spelling.
        var lowercase: Set<String> = []
    }

    public static func build(materials: [QuizMaterial], cards: [Flashcard], language: StudyLanguage, difficulty: Double = 1,
                             count: Int = Quizzes.maxQuestions, random: () -> Double) -> [QuizQuestion] {
        var pools: [String: Pool] = [:]
        var materialFacts: [Fact] = []
        for material in materials {
            let sentences = ReadingText.sentences(material.text, language: material.language).map(CardSuggestions.oneLine)
            pools[material.id, default: Pool()].terms += KeyTerms.ranked(sentences, language: material.language).map { (nil, $0) }
            pools[material.id]?.sentences.formUnion(sentences.map(Quizzes.folded))
            pools[material.id]?.lowercase.formUnion(ReadingText.words(material.text).map(\.text).filter { $0.first?.isLowercase == true }.map { $0.lowercased() })
            for suggestion in CardSuggestions.suggest(from: material.text, language: material.language, count: factsPerMaterial) {
                let fact = fact(front: suggestion.front, back: suggestion.back, cardId: nil, materialId: material.id, subjectId: material.subjectId,
                                pool: material.id)
                add(fact, to: &pools)
                materialFacts.append(fact)
            }
        }
        let known = Set(materials.map(\.id))
        var cardFacts: [Fact] = []
        for card in cards {
            let pool = card.materialId.flatMap { known.contains($0) ? $0 : nil } ?? "cards"
            let fact = fact(front: card.front, back: card.back, cardId: card.id, materialId: card.materialId, subjectId: card.subjectId, pool: pool)
            add(fact, to: &pools)
            cardFacts.append(fact)
        }
        // Too long to read as an option: left out (kept in the pools above only as a question's own answer).
        let readable = { (fact: Fact) in fact.answer.count <= Quizzes.optionLimit && fact.prompt.count <= 400 }
        (materialFacts, cardFacts) = (materialFacts.filter(readable), cardFacts.filter(readable))
        // The student's own cards and the materials' facts in turn, each in a random order.
        let ordered = interleave(shuffled(cardFacts, random), shuffled(materialFacts, random))
        let words = Words(language: language)
        var questions: [QuizQuestion] = [], asked = Set<String>(), used = Set<Int>()
        for kind in plan(difficulty: difficulty).prefix(max(0, min(count, Quizzes.maxQuestions))) {
            let order = [kind] + QuizQuestion.Kind.allCases.filter { $0 != kind }
            search: for wanted in order {
                for (index, fact) in ordered.enumerated() where !used.contains(index) {
                    let keys = [Quizzes.folded(fact.answer), Quizzes.folded(fact.prompt)]
                    guard keys.allSatisfy({ !asked.contains($0) }),
                          let question = question(wanted, from: fact, pool: pools[fact.pool] ?? Pool(), words: words, random: random) else { continue }
                    questions.append(question)
                    used.insert(index)
                    asked.formUnion(keys)
                    break search
                }
            }
        }
        return questions
    }

    /// The kinds of a quiz's ten questions by the subject's difficulty (up when the student answers
    /// right): from 1.3 more to write, to 0.8 or less more to pick.
    static func plan(difficulty: Double) -> [QuizQuestion.Kind] {
        let (m, t, c) = (QuizQuestion.Kind.multipleChoice, QuizQuestion.Kind.trueFalse, QuizQuestion.Kind.cloze)
        if difficulty >= 1.3 { return [c, m, c, t, m, c, m, c, t, m] }
        if difficulty <= 0.8 { return [m, t, m, t, m, t, m, c, m, t] }
        return [m, t, c, m, t, m, c, m, t, m]
    }

    static func fact(front: String, back: String, cardId: String?, materialId: String?, subjectId: String?, pool: String) -> Fact {
        let isTerm = back.split(whereSeparator: \.isWhitespace).count <= 4 && back.count <= 40 && !".!?".contains(back.last ?? " ")
        return Fact(prompt: front, answer: back, isTerm: isTerm, hasBlank: front.contains(CardSuggestions.blank),
                    explanation: front.contains(CardSuggestions.blank) ? front.replacingOccurrences(of: CardSuggestions.blank, with: back) : back,
                    cardId: cardId, materialId: materialId, subjectId: subjectId, pool: pool)
    }

    static func add(_ fact: Fact, to pools: inout [String: Pool]) {
        if fact.isTerm {
            pools[fact.pool, default: Pool()].terms.append((fact.prompt, fact.answer))
        } else {
            pools[fact.pool, default: Pool()].statements.append((fact.prompt, fact.answer))
        }
    }

    // MARK: - Questions

    static func question(_ kind: QuizQuestion.Kind, from fact: Fact, pool: Pool, words: Words, random: () -> Double) -> QuizQuestion? {
        switch kind {
        case .multipleChoice:
            let wrong = distractors(for: fact, pool: pool, random: random)
            guard wrong.count >= 2 else { return nil }
            let options = shuffled([fact.answer] + wrong, random)
            return QuizQuestion(kind: kind, prompt: fact.prompt, options: options, answer: fact.answer,
                                hint: fact.isTerm ? words.termHint(fact.answer) : words.statementHint(fact.answer, others: wrong),
                                explanation: fact.explanation, cardId: fact.cardId, materialId: fact.materialId, subjectId: fact.subjectId)
        case .trueFalse:
            // A sentence with its term, or with another term of the same kind in its place.
            guard fact.hasBlank, fact.isTerm else { return nil }
            let isTrue = random() < 0.5
            var shown = fact.answer
            if !isTrue {
                guard let swap = distractors(for: fact, pool: pool, random: random).first else { return nil }
                shown = swap
            }
            let statement = fact.prompt.replacingOccurrences(of: CardSuggestions.blank, with: shown)
            return QuizQuestion(kind: kind, prompt: statement, options: words.trueFalse, answer: words.trueFalse[isTrue ? 0 : 1],
                                hint: words.trueFalseHint(shown), explanation: fact.explanation, cardId: fact.cardId, materialId: fact.materialId, subjectId: fact.subjectId)
        case .cloze:
            guard fact.hasBlank, fact.isTerm else { return nil }
            return QuizQuestion(kind: kind, prompt: fact.prompt, options: [], answer: fact.answer, hint: words.termHint(fact.answer),
                                explanation: fact.explanation, cardId: fact.cardId, materialId: fact.materialId, subjectId: fact.subjectId)
        }
    }

    /// Up to three wrong options from the fact's pool: for a term, terms of the same kind (years,
    /// names, words) not in the question; for a statement, other statements; never another answer to
    /// the same question, an option a slip from one already taken, one too long to read, or a term
    /// that makes the question's sentence one the material says; the nearest in length first, chosen
    /// at random among the closest six.
    static func distractors(for fact: Fact, pool: Pool, random: () -> Double) -> [String] {
        let answer = Quizzes.folded(fact.answer), prompt = Quizzes.folded(fact.prompt)
        let kind = termClass(fact.answer, lowercase: pool.lowercase)
        let candidates = (fact.isTerm ? pool.terms : pool.statements).filter { candidate in
            candidate.prompt.map(Quizzes.folded) != prompt && candidate.answer.count <= Quizzes.optionLimit
                && (!fact.isTerm || (termClass(candidate.answer, lowercase: pool.lowercase) == kind && !prompt.contains(Quizzes.folded(candidate.answer))))
        }.map(\.answer)
        var taken = [fact.answer], unique: [String] = []
        for candidate in candidates {
            let key = Quizzes.folded(candidate)
            guard !key.isEmpty, !key.contains(answer), !answer.contains(key), !taken.contains(where: { Quizzes.tooClose($0, candidate) }) else { continue }
            if fact.hasBlank, pool.sentences.contains(Quizzes.folded(fact.prompt.replacingOccurrences(of: CardSuggestions.blank, with: candidate))) { continue }
            taken.append(candidate)
            unique.append(candidate)
        }
        let closest = unique.sorted { abs($0.count - fact.answer.count) < abs($1.count - fact.answer.count) }.prefix(6)
        return Array(shuffled(Array(closest), random).prefix(3))
    }

    enum TermClass { case year, name, word }

    /// A name is written with a capital and never in lower case in the material ("Fotosintesi"
    /// at a sentence's start is the word "fotosintesi").
    static func termClass(_ term: String, lowercase: Set<String> = []) -> TermClass {
        if term.count == 4, term.allSatisfy(\.isNumber) { return .year }
        return term.first?.isUppercase == true && !lowercase.contains(term.lowercased()) ? .name : .word
    }

    // MARK: - Order

    static func shuffled<T>(_ items: [T], _ random: () -> Double) -> [T] {
        var items = items
        guard items.count > 1 else { return items }
        for index in stride(from: items.count - 1, to: 0, by: -1) {
            let other = min(index, Int(random() * Double(index + 1)))
            items.swapAt(index, other)
        }
        return items
    }

    static func interleave<T>(_ a: [T], _ b: [T]) -> [T] {
        var result: [T] = []
        for index in 0..<max(a.count, b.count) {
            if index < a.count { result.append(a[index]) }
            if index < b.count { result.append(b[index]) }
        }
        return result
    }

    // MARK: - Words

    /// The quiz's own words, in the material's language.
    struct Words {
        let language: StudyLanguage
        var trueFalse: [String] { language == .it ? ["Vero", "Falso"] : ["True", "False"] }

        func termHint(_ term: String) -> String {
            if term.count == 4, term.allSatisfy(\.isNumber), let century = Int(term).map({ $0 / 100 * 100 }) {
                return language == .it ? "È un anno tra il \(century) e il \(century + 99)." : "It is a year between \(century) and \(century + 99)."
            }
            let first = String(term.prefix(1)).uppercased()
            let parts = term.split(whereSeparator: \.isWhitespace)
            if parts.count > 1 {
                return language == .it ? "Sono \(parts.count) parole: la prima inizia con «\(first)»." : "It is \(parts.count) words: the first starts with «\(first)»."
            }
            let letters = term.filter(\.isLetter).count
            return language == .it ? "Inizia con «\(first)» e ha \(letters) lettere." : "It starts with «\(first)» and has \(letters) letters."
        }

        /// A word of the right statement that no wrong one has.
        func statementHint(_ answer: String, others: [String]) -> String {
            let stop = StopWords.all[language] ?? []
            let elsewhere = Set(others.flatMap { ReadingText.words($0).map { Quizzes.folded($0.text) } })
            let words = ReadingText.words(answer).map(\.text)
            if let index = words.firstIndex(where: { $0.count >= 5 && !stop.contains($0.lowercased()) && !elsewhere.contains(Quizzes.folded($0)) }) {
                // Capitalised only by its place at the start: "Piccoli organi…" → «piccoli».
                let word = index == 0 ? words[0].lowercased() : words[index]
                return language == .it ? "La risposta giusta parla di «\(word)»." : "The right answer mentions «\(word)»."
            }
            let opening = ReadingText.words(answer).prefix(2).map(\.text).joined(separator: " ")
            return language == .it ? "La risposta giusta inizia con «\(opening)…»." : "The right answer starts with «\(opening)…»."
        }

        func trueFalseHint(_ shown: String) -> String {
            language == .it ? "Pensa a «\(shown)»: è la parola giusta in questa frase?" : "Think about «\(shown)»: is it the right word in this sentence?"
        }
    }
}
