import Foundation
@testable import Study
import TestSupport
import Testing

/// Quizzes from fixed Italian and English notes and cards: at most 10 questions, none twice, every
/// answer and every wrong option the material's (or the cards') own words, true/false statements
/// that are the material's sentence or that sentence with one term swapped for another of its kind;
/// answers checked kindly (a cloze forgives case, accents, the article and a spelling slip); XP and
/// mastery by the original's rules.
@Suite struct QuizTests {
    /// A seeded generator, so a failure can be replayed.
    static func random(_ seed: UInt64) -> () -> Double {
        var state = seed
        return {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(UInt64(1) << 53)
        }
    }

    static func flat(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased() }

    static func quiz(_ text: String, _ language: StudyLanguage, seed: UInt64, cards: [Flashcard] = [], difficulty: Double = 1) -> [QuizQuestion] {
        QuizBuilder.build(materials: [QuizMaterial(id: "notes", text: text, language: language)], cards: cards, language: language,
                          difficulty: difficulty, random: random(seed))
    }

    @Test(arguments: [(StudyNotes.italian, StudyLanguage.it), (StudyNotes.english, .en)])
    func everyQuestionComesFromTheMaterialAndNoneTwice(_ text: String, _ language: StudyLanguage) {
        let source = Self.flat(text)
        for seed in UInt64(1)...40 {
            let questions = Self.quiz(text, language, seed: seed)
            #expect((Quizzes.minQuestions...Quizzes.maxQuestions).contains(questions.count))
            #expect(Set(questions.map(\.prompt)).count == questions.count, "seed \(seed): a question twice")
            let asked = questions.filter { $0.kind != .trueFalse }.map { Quizzes.folded($0.answer) }
            #expect(Set(asked).count == asked.count, "seed \(seed): an answer asked twice")
            for question in questions {
                #expect(source.contains(Self.flat(question.explanation).trimmingCharacters(in: CharacterSet(charactersIn: "."))),
                        "seed \(seed): «\(question.explanation)» is not the material's")
                switch question.kind {
                case .multipleChoice:
                    #expect((3...4).contains(question.options.count) && question.options.contains(question.answer))
                    #expect(Set(question.options.map(Quizzes.folded)).count == question.options.count, "no option twice")
                    for (index, option) in question.options.enumerated() {
                        for other in question.options[(index + 1)...] { #expect(!Quizzes.tooClose(option, other), "seed \(seed): «\(option)» and «\(other)»") }
                    }
                    if question.prompt.contains("_____") {
                        // A wrong option never makes the sentence one the material says.
                        for option in question.options where option != question.answer {
                            #expect(!source.contains(Self.flat(question.prompt.replacingOccurrences(of: "_____", with: option)).trimmingCharacters(in: CharacterSet(charactersIn: "."))),
                                    "seed \(seed): «\(option)» is also right")
                        }
                    }
                    #expect(question.options.allSatisfy { $0.count <= Quizzes.optionLimit })
                    for option in question.options {
                        let words = Self.flat(option).trimmingCharacters(in: CharacterSet(charactersIn: "."))
                        #expect(source.contains(words), "seed \(seed): option «\(option)» is not from the same material")
                    }
                case .trueFalse:
                    #expect(question.options == (language == .it ? ["Vero", "Falso"] : ["True", "False"]))
                    let isTrue = question.answer == question.options[0]
                    #expect((Self.flat(question.prompt) == Self.flat(question.explanation)) == isTrue,
                            "seed \(seed): a true statement is the sentence itself, a false one is not")
                case .cloze:
                    #expect(question.options.isEmpty && question.prompt.contains("_____"))
                    #expect(question.prompt.replacingOccurrences(of: "_____", with: question.answer) == question.explanation)
                }
                #expect(!question.hint.isEmpty && !question.hint.localizedCaseInsensitiveContains(question.answer) || question.kind != .cloze,
                        "a cloze's hint does not give the word")
            }
        }
    }

    @Test func theQuizMixesKindsAndASubjectGoingWellAsksMoreToWrite() {
        var easy = [QuizQuestion.Kind: Int](), hard = [QuizQuestion.Kind: Int]()
        for seed in UInt64(1)...30 {
            for question in Self.quiz(StudyNotes.italian, .it, seed: seed, difficulty: 0.6) { easy[question.kind, default: 0] += 1 }
            for question in Self.quiz(StudyNotes.italian, .it, seed: seed, difficulty: 1.8) { hard[question.kind, default: 0] += 1 }
        }
        #expect(QuizQuestion.Kind.allCases.allSatisfy { (easy[$0] ?? 0) > 0 && (hard[$0] ?? 0) > 0 }, "every kind appears: \(easy), \(hard)")
        #expect((hard[.cloze] ?? 0) > (easy[.cloze] ?? 0) && (easy[.trueFalse] ?? 0) > (hard[.trueFalse] ?? 0))
        // Another seed, another quiz: a retake is not the same ten questions in the same order.
        #expect(Self.quiz(StudyNotes.italian, .it, seed: 1).map(\.prompt) != Self.quiz(StudyNotes.italian, .it, seed: 2).map(\.prompt))
    }

    @Test func aFalseStatementSwapsATermForOneOfItsKind() {
        var falses = 0
        for seed in UInt64(1)...60 {
            for question in Self.quiz(StudyNotes.italian, .it, seed: seed) where question.kind == .trueFalse && question.answer == "Falso" {
                falses += 1
                let shown = Set(question.prompt.split(separator: " ")), original = Set(question.explanation.split(separator: " "))
                #expect(shown.subtracting(original).count <= 2 && question.prompt != question.explanation, "\(question.prompt)")
                // A year stays a year, a name a name.
                if question.explanation.contains("1779") && !question.prompt.contains("1779") {
                    #expect(question.prompt.contains { $0.isNumber })
                }
            }
        }
        #expect(falses > 5)
    }

    @Test func theStudentsCardsAreAskedWithWrongOptionsFromTheSameCards() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let capitals = [("Capitale d'Italia?", "Roma"), ("Capitale di Francia?", "Parigi"), ("Capitale di Spagna?", "Madrid"),
                        ("Capitale di Germania?", "Berlino"), ("Capitale del Portogallo?", "Lisbona")]
        let cards = capitals.enumerated().map { index, pair in
            Flashcard(id: "c\(index)", subjectId: "geo", materialId: nil, front: pair.0, back: pair.1, source: .hand, createdAt: now)
        }
        let questions = QuizBuilder.build(materials: [], cards: cards, language: .it, random: Self.random(7))
        #expect(questions.count == 5 && questions.allSatisfy { $0.kind == .multipleChoice && $0.cardId != nil })
        let backs = Set(capitals.map(\.1))
        #expect(questions.allSatisfy { Set($0.options).isSubset(of: backs) && $0.options.count == 4 })
        #expect(questions.allSatisfy { $0.hint.hasPrefix("Inizia con «\($0.answer.prefix(1))»") })
        // Two cards are not a quiz: no wrong options to offer.
        #expect(QuizBuilder.build(materials: [], cards: Array(cards.prefix(2)), language: .it, random: Self.random(7)).isEmpty)
        #expect(QuizBuilder.build(materials: [QuizMaterial(id: "x", text: "Troppo corto.", language: .it)], cards: [], language: .it,
                                  random: Self.random(7)).isEmpty)
    }

    @Test func aClozeForgivesCaseAccentsTheArticleAndASlip() {
        let question = QuizQuestion(kind: .cloze, prompt: "La _____ cattura la luce.", options: [], answer: "clorofilla", hint: "", explanation: "")
        for right in ["clorofilla", "Clorofilla ", "la clorofilla", "CLOROFILLA.", "clorofila", "clorofilal", "clorofille"] {
            #expect(Quizzes.isCorrect(right, for: question), "\(right)")
        }
        for wrong in ["clorofillaaaa", "cloroplasti", "", "la", "fotosintesi", "klorofilla"] { #expect(!Quizzes.isCorrect(wrong, for: question), "\(wrong)") }
        let place = { (answer: String) in QuizQuestion(kind: .cloze, prompt: "_____", options: [], answer: answer, hint: "", explanation: "") }
        #expect(!Quizzes.isCorrect("Russia", for: place("Prussia")), "a slip keeps the first letter")
        #expect(!Quizzes.isCorrect("Austria", for: place("Australia")), "two slips only from 10 letters")
        #expect(Quizzes.isCorrect("Nile", for: place("the Nile")) && Quizzes.isCorrect("the nile", for: place("Nile")), "the article on either side")
        #expect(!Quizzes.isCorrect("3,15", for: place("3,14")) && Quizzes.isCorrect("3,14", for: place("3,14")), "a number is exact")
        let year = QuizQuestion(kind: .cloze, prompt: "Nel _____ …", options: [], answer: "1779", hint: "", explanation: "")
        #expect(Quizzes.isCorrect("1779", for: year) && !Quizzes.isCorrect("1778", for: year), "a number is exact")
        let short = QuizQuestion(kind: .cloze, prompt: "_____", options: [], answer: "Po", hint: "", explanation: "")
        #expect(Quizzes.isCorrect("po", for: short) && !Quizzes.isCorrect("pi", for: short))
        let accents = QuizQuestion(kind: .cloze, prompt: "_____", options: [], answer: "città", hint: "", explanation: "")
        #expect(Quizzes.isCorrect("citta", for: accents) && Quizzes.isCorrect("l'città", for: accents))

        let choice = QuizQuestion(kind: .multipleChoice, prompt: "?", options: ["Roma", "Parigi", "Madrid"], answer: "Roma", hint: "", explanation: "")
        #expect(Quizzes.isCorrect("Roma", for: choice) && !Quizzes.isCorrect("roma", for: choice) && !Quizzes.isCorrect("Parigi", for: choice))
        #expect(throws: QuizRuleError.notAnOption) { try Quizzes.checkAnswer("Londra", for: choice) }
        #expect(throws: QuizRuleError.emptyAnswer) { try Quizzes.checkAnswer("  ", for: question) }
        #expect(throws: QuizRuleError.answerTooLong) { try Quizzes.checkAnswer(String(repeating: "a", count: 201), for: question) }
        let long = String(repeating: "lunga ", count: 40)
        let longChoice = QuizQuestion(kind: .multipleChoice, prompt: "?", options: [long.trimmingCharacters(in: .whitespaces), "b", "c"], answer: "b",
                                      hint: "", explanation: "")
        #expect((try? Quizzes.checkAnswer(long, for: longChoice)) == long.trimmingCharacters(in: .whitespaces), "an option is taken at any length")
        #expect((try? Quizzes.checkAnswer(" Roma ", for: choice)) == "Roma")
    }

    @Test func xpIsTheRewardTimesTheScoreLessATenthAHint() {
        #expect(Quizzes.xp(correct: 10, total: 10, hints: 0) == 50)
        #expect(Quizzes.xp(correct: 7, total: 10, hints: 0) == 35)
        #expect(Quizzes.xp(correct: 10, total: 10, hints: 2) == 40)
        #expect(Quizzes.xp(correct: 5, total: 10, hints: 12) == 0, "never below zero")
        #expect(Quizzes.xp(correct: 0, total: 0, hints: 0) == 0)
        #expect(Quizzes.passed(correct: 7, total: 10) && !Quizzes.passed(correct: 6, total: 10) && !Quizzes.passed(correct: 0, total: 0))

        // The day's first five quizzes earn; a sixth the same day does not; the next day does.
        let day = Date(timeIntervalSince1970: 1_800_000_000)
        var facts = StudyFacts()
        facts.quizzes = (0..<6).map { StudyFacts.Done(at: day.addingTimeInterval(Double($0) * 60), xp: 50) }
        #expect(StudyProgress.activityXP(facts) == 250)
        facts.quizzes.append(.init(at: day.addingTimeInterval(86_400), xp: 30))
        #expect(StudyProgress.activityXP(facts) == 280)
    }

    @Test func masteryNeedsFiveAnswersThenFollowsTheRecentOnes() {
        var state = SubjectMastery.start
        #expect(state.status == .notStarted)
        for _ in 0..<4 { state = Mastery.record(state, correct: true) }
        #expect(state.status == .attempted && state.level > 0.8, "four right answers are too few to say mastered, whatever the estimate")
        state = Mastery.record(state, correct: true)
        #expect(state.status == .mastered && abs(state.level - 1) < 1e-9)
        #expect(abs(state.difficulty - min(2, pow(1.15, 5))) < 1e-9)

        // Twenty wrong answers later the subject is struggling; twenty right ones bring it back
        // (the original's all-time ratio would still be 25/45 ≈ 0.56).
        for _ in 0..<20 { state = Mastery.record(state, correct: false) }
        #expect(state.status == .struggling && state.level == 0 && state.difficulty == 0.5)
        for _ in 0..<20 { state = Mastery.record(state, correct: true) }
        #expect(state.status == .mastered && state.attempts == 45 && state.correct == 25 && state.recent.count == Mastery.window)
        #expect(state.difficulty == 2, "held to 2.0")

        #expect(Mastery.status(level: 0.6, attempts: 5) == .proficient && Mastery.status(level: 0.59, attempts: 5) == .familiar)
        #expect(Mastery.status(level: 0.4, attempts: 9) == .familiar && Mastery.status(level: 0.39, attempts: 9) == .struggling)
        let bySubject = Mastery.bySubject([("storia", true), (nil, false), ("storia", false)])
        #expect(bySubject["storia"]?.attempts == 2 && bySubject[""]?.attempts == 1 && bySubject["storia"]?.correct == 1)
    }

    @Test func noWrongOptionIsAlsoRight() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        // The same question twice with different answers (a card edited beside the material's own), forms a
        // slip apart, and a swap the material itself states.
        let text = """
            Marte è un pianeta roccioso del sistema solare. Venere è un pianeta roccioso del sistema solare. Giove è un pianeta gassoso e molto grande.
            Saturno è un pianeta gassoso con grandi anelli. Le piante crescono verso la luce del sole. La pianta più alta del mondo è una sequoia.
            Mercurio è il pianeta più vicino al sole. Nettuno è il pianeta più lontano dal sole. Urano è un pianeta ghiacciato e inclinato.
            La Terra è il pianeta dove viviamo con le piante e gli animali.
            """
        let cards = [Flashcard(id: "c1", subjectId: "sci", materialId: "m", front: "Che cos'è Mercurio?", back: "Il pianeta vicino al sole.",
                               source: .hand, createdAt: now)]
        for seed in UInt64(1)...60 {
            let questions = QuizBuilder.build(materials: [QuizMaterial(id: "m", text: text, language: .it, subjectId: "sci")], cards: cards,
                                              language: .it, random: Self.random(seed))
            for question in questions where question.kind == .multipleChoice {
                if question.prompt == "Che cos'è Mercurio?" {
                    #expect(question.options.filter { $0.localizedCaseInsensitiveContains("vicino al sole") }.count == 1,
                            "seed \(seed): two answers to the same question among \(question.options)")
                }
                #expect(!(question.options.contains("piante") && question.options.contains("pianta")), "seed \(seed): \(question.options)")
            }
            for question in questions where question.kind == .trueFalse && question.answer == "Falso" {
                let stated = Set(ReadingText.sentences(text, language: .it).map(Quizzes.folded))
                #expect(!stated.contains(Quizzes.folded(question.prompt)), "seed \(seed): «\(question.prompt)» is true")
            }
            #expect(questions.allSatisfy { $0.subjectId == "sci" }, "each question carries its subject")
        }
    }
}
