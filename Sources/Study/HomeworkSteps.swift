import Foundation
import TextRules

/// The homework helper with no model: an exercise the student typed (or photographed, read as text)
/// becomes three steps that help them do it themselves, never the answer (mirrorbuddy.md §6: "a
/// 3-step homework template"). 1. Understand the task: its sentences, the ones that ask something
/// marked (an action verb — "calcola", "spiega", "find" — or a question mark), and its key words.
/// 2. What you know already: the key words, for the server to look up in the student's own notes.
/// 3. Try and check: a checklist, with the numbers steps for an exercise with numbers.
public struct HomeworkSteps: Codable, Equatable, Sendable {
    public struct Sentence: Codable, Equatable, Sendable {
        public let text: String
        /// It asks for something: the student must answer it.
        public let asks: Bool
    }

    public let language: StudyLanguage
    public let sentences: [Sentence]
    public let keyWords: [String]
    public let hasNumbers: Bool
    /// Step 3's checklist, in the student's language.
    public let checklist: [String]

    public static let limit = 2000

    public enum Problem: Error, Equatable { case empty, tooLong }

    public static func make(_ exercise: String, language: StudyLanguage) throws(Problem) -> HomeworkSteps {
        let text = exercise.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw .empty }
        guard TextRules.fits(text, characters: limit) else { throw .tooLong }
        let sentences = ReadingText.sentences(text.replacingOccurrences(of: "\n", with: " "), language: language)
            .map { Sentence(text: $0, asks: asks($0)) }
        let hasNumbers = text.range(of: #"\d"#, options: .regularExpression) != nil
        let keyWords = Array(KeyTerms.scores(sentences.map(\.text), language: language).values
            .filter { !verbs.contains($0.spelling.lowercased()) }
            .sorted { ($1.score, $0.first) < ($0.score, $1.first) }.map(\.spelling).prefix(6))
        return HomeworkSteps(language: language, sentences: sentences.isEmpty ? [Sentence(text: text, asks: true)] : sentences,
                             keyWords: keyWords, hasNumbers: hasNumbers, checklist: checklist(language, numbers: hasNumbers))
    }

    /// A sentence that asks: a question, or one that opens with (or holds) an action verb.
    static func asks(_ sentence: String) -> Bool {
        if sentence.contains("?") { return true }
        let words = StudyTerms.tokens(sentence)
        return words.prefix(3).contains { verbs.contains($0) } || words.contains { strongVerbs.contains($0) }
    }

    /// Verbs an exercise asks with (unaccented, lower case, as tokens are).
    static let verbs: Set<String> = [
        "calcola", "calcolate", "trova", "trovate", "scrivi", "scrivete", "spiega", "spiegate", "descrivi", "descrivete", "risolvi",
        "risolvete", "completa", "completate", "indica", "indicate", "rispondi", "rispondete", "sottolinea", "sottolineate", "elenca",
        "elencate", "confronta", "confrontate", "individua", "individuate", "esegui", "eseguite", "disegna", "disegnate", "colora",
        "inserisci", "collega", "collegate", "riassumi", "riassumete", "analizza", "analizzate", "traduci", "traducete", "dimostra",
        "motiva", "racconta", "scegli", "classifica", "ordina", "leggi", "osserva", "cerchia", "correggi", "stabilisci", "determina",
        "calculate", "find", "write", "explain", "describe", "solve", "complete", "list", "compare", "answer", "underline", "draw",
        "fill", "match", "summarise", "summarize", "translate", "prove", "choose", "circle", "correct", "show", "work", "name",
        "identify", "label", "order", "read",
        "calcolare", "determinare", "trovare", "scrivere", "spiegare", "descrivere", "risolvere", "completare", "indicare",
        "rispondere", "sottolineare", "elencare", "confrontare", "individuare", "eseguire", "riassumere", "analizzare", "tradurre",
        "dimostrare", "motivare", "raccontare", "scegliere", "classificare", "ordinare", "leggere", "osservare", "correggere",
        "stabilire", "disegnare", "collegare", "inserire",
    ]
    /// Verbs that ask wherever they stand ("Poi calcola l'area").
    static let strongVerbs: Set<String> = ["calcola", "risolvi", "spiega", "trova", "calculate", "solve", "explain", "find"]

    static func checklist(_ language: StudyLanguage, numbers: Bool) -> [String] {
        switch (language, numbers) {
        case (.it, true):
            return ["Scrivi i dati: i numeri e cosa sono.", "Scegli l'operazione o la regola che serve, e scrivila.",
                    "Fai il calcolo un passo alla volta.", "Controlla: il risultato ha senso? Prova con l'operazione inversa.",
                    "Rileggi la domanda: hai risposto con l'unità giusta?"]
        case (.it, false):
            return ["Prova a rispondere con parole tue, anche a voce.", "Usa le parole chiave della consegna nella risposta.",
                    "Rileggi la consegna: hai risposto a tutto quello che chiede?", "Controlla con i tuoi appunti."]
        case (.en, true):
            return ["Write down the data: the numbers and what they are.", "Choose the operation or rule you need, and write it.",
                    "Work it out one step at a time.", "Check: does the result make sense? Try the inverse operation.",
                    "Read the question again: did you answer with the right unit?"]
        case (.en, false):
            return ["Try to answer in your own words, out loud if it helps.", "Use the task's key words in your answer.",
                    "Read the task again: did you answer everything it asks?", "Check against your notes."]
        }
    }
}

extension HomeworkSteps {
    /// Each step's title and what the student does in it.
    public static func step(_ number: Int, language: StudyLanguage, foundNotes: Bool = true) -> (title: String, prompt: String) {
        let it = language == .it
        switch number {
        case 1:
            return it ? ("Capisci la consegna", "Leggi la consegna con calma, anche ad alta voce. Le frasi segnate chiedono qualcosa: cosa devi fare?")
                : ("Understand the task", "Read the task slowly, out loud if it helps. The marked sentences ask for something: what do you have to do?")
        case 2:
            if foundNotes {
                return it ? ("Cosa sai già", "Ecco cosa dicono i tuoi appunti su queste parole. Rileggili: cosa ti serve?")
                    : ("What you know already", "Here is what your notes say about these words. Read them again: what do you need?")
            }
            return it ? ("Cosa sai già", "Nei tuoi appunti non c'è niente su queste parole. Cercale nel libro o chiedi all'insegnante.")
                : ("What you know already", "Your notes say nothing about these words. Look them up in your book or ask your teacher.")
        default:
            return it ? ("Prova e controlla", "Ora tocca a te! Segui la lista e spunta ogni passo.")
                : ("Try and check", "Now it's your turn! Follow the list and tick each step.")
        }
    }
}
