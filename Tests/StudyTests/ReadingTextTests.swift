import Foundation
import Testing
@testable import Study

/// Sentences and words for read-aloud (punctuation, quotes, abbreviations, numbers) and Italian
/// syllables by the school rules, as tables.
@Suite("reading text")
struct ReadingTextTests {
    @Test("sentences end at . ! ? … before a capital, a number or a quote; not after an abbreviation, an initial or inside a number")
    func sentences() {
        let italian = "Il Sig. Rossi arrivò alle 10.30. Disse: «Che bella giornata!» Poi andò via… La temperatura era di 21.5 gradi, cfr. pag. 4. J. K. Rowling scrive libri."
        #expect(ReadingText.sentences(italian, language: .it) == [
            "Il Sig. Rossi arrivò alle 10.30.", "Disse: «Che bella giornata!»", "Poi andò via…",
            "La temperatura era di 21.5 gradi, cfr. pag. 4.", "J. K. Rowling scrive libri.",
        ])
        let english = "Dr. Smith met Mrs. Jones at 3 p.m. today. \"Is it raining?\" she asked. It was, e.g. heavily! Yes?! Then they left."
        #expect(ReadingText.sentences(english, language: .en) == [
            "Dr. Smith met Mrs. Jones at 3 p.m. today.", "\"Is it raining?\" she asked.", "It was, e.g. heavily!", "Yes?!", "Then they left.",
        ])
        #expect(ReadingText.sentences("Primo paragrafo senza punto\n\nSecondo paragrafo", language: .it) == ["Primo paragrafo senza punto", "Secondo paragrafo"])
        #expect(ReadingText.sentences("  ", language: .it).isEmpty)
        #expect(ReadingText.sentences("www.scuola.it è il sito. Visitalo.", language: .it) == ["www.scuola.it è il sito.", "Visitalo."])
    }

    @Test("no sentence ends inside quotes; a list's items are sentences; CRLF paragraphs split")
    func quotesListsAndLineBreaks() {
        #expect(ReadingText.sentences("Lui disse: \"Vieni. Subito!\" e andò. Poi tornò.", language: .it)
                == ["Lui disse: \"Vieni. Subito!\" e andò.", "Poi tornò."])
        #expect(ReadingText.sentences("Lei rispose: «Sì. Arrivo.» E uscì.", language: .it) == ["Lei rispose: «Sì. Arrivo.»", "E uscì."])
        #expect(ReadingText.sentences("Compiti:\n1. Leggere il capitolo\n2. Fare gli esercizi\n- Ripassare", language: .it)
                == ["Compiti:", "1. Leggere il capitolo", "2. Fare gli esercizi", "- Ripassare"])
        #expect(ReadingText.sentences("Primo paragrafo\r\n\r\nSecondo paragrafo", language: .it) == ["Primo paragrafo", "Secondo paragrafo"])
    }

    @Test("words that look like abbreviations end a sentence unless a number follows; one-letter words are not initials")
    func abbreviationsThatAreWords() {
        #expect(ReadingText.sentences("The answer was no. We left. See no. 7 below.", language: .en) == ["The answer was no.", "We left.", "See no. 7 below."])
        #expect(ReadingText.sentences("Mi sono punto con un ago. Poi ho pianto. Era il 3 ago. 2025.", language: .it)
                == ["Mi sono punto con un ago.", "Poi ho pianto.", "Era il 3 ago. 2025."])
        #expect(ReadingText.sentences("Mele, pere ecc. Poi il pane.", language: .it) == ["Mele, pere ecc.", "Poi il pane."])
        #expect(ReadingText.sentences("So did I. Then she got an A. Her mum smiled.", language: .en) == ["So did I.", "Then she got an A.", "Her mum smiled."])
    }

    @Test("words keep apostrophes and hyphens inside them, leave punctuation out, and say where they are")
    func words() {
        let text = "L'albero, dell'anno ventuno-due; “casa” 3,5 km!"
        let words = ReadingText.words(text)
        #expect(words.map(\.text) == ["L'albero", "dell'anno", "ventuno-due", "casa", "3", "5", "km"])
        let utf16 = Array(text.utf16)
        for word in words {
            #expect(String(utf16CodeUnits: Array(utf16[word.start..<word.end]), count: word.end - word.start) == word.text)
        }
        #expect(ReadingText.words("fine-").map(\.text) == ["fine"])
        #expect(ReadingText.words("😀 ciao").map(\.start) == [3], "offsets count UTF-16 units, as the page does")
    }

    @Test("the language of a text from its commonest words")
    func language() {
        #expect(ReadingText.language(of: "La fotosintesi è il processo con cui le piante producono energia.") == .it)
        #expect(ReadingText.language(of: "Photosynthesis is the process by which plants make their food.") == .en)
        // "in" is both languages' word: it does not vote.
        #expect(ReadingText.language(of: "Photosynthesis turns light into food. Plants take in carbon dioxide and give out oxygen.") == .en)
        #expect(ReadingText.language(of: "Il 14 luglio il popolo di Parigi prese la Bastiglia in un giorno.") == .it)
    }

    @Test("Italian syllables", arguments: [
        ("casa", "ca-sa"), ("amore", "a-mo-re"), ("gatto", "gat-to"), ("cappello", "cap-pel-lo"), ("acqua", "ac-qua"),
        ("pasta", "pa-sta"), ("installare", "in-stal-la-re"), ("capre", "ca-pre"), ("ambra", "am-bra"), ("anche", "an-che"),
        ("figlio", "fi-glio"), ("bagno", "ba-gno"), ("pesce", "pe-sce"), ("parte", "par-te"), ("alto", "al-to"), ("tecnica", "tec-ni-ca"),
        ("atlante", "at-lan-te"), ("ritmo", "rit-mo"), ("paese", "pa-e-se"), ("poeta", "po-e-ta"), ("leone", "le-o-ne"),
        ("piede", "pie-de"), ("buono", "buo-no"), ("aiuola", "a-iuo-la"), ("guaio", "gua-io"), ("noia", "no-ia"), ("quadro", "qua-dro"),
        ("guerra", "guer-ra"), ("scienza", "scien-za"), ("giallo", "gial-lo"), ("costruire", "co-strui-re"), ("aereo", "a-e-re-o"),
        ("Matematica", "Ma-te-ma-ti-ca"), ("perché", "per-ché"), ("città", "cit-tà"), ("paura", "pau-ra"), ("paùra", "pa-ù-ra"),
        ("opzione", "op-zio-ne"), ("sbaglio", "sba-glio"), ("strada", "stra-da"), ("io", "io"), ("e", "e"), ("sms", "sms"),
        ("più", "più"), ("giù", "giù"), ("PIÙ", "PIÙ"), ("psicologia", "psi-co-lo-gia"), ("gnomo", "gno-mo"), ("Pinocchio", "Pi-noc-chio"),
        ("quercia", "quer-cia"), ("sciare", "scia-re"), ("uova", "uo-va"), ("dell'albero", "del-l'al-be-ro"),
    ])
    func syllables(word: String, expected: String) {
        #expect(ItalianSyllables.syllables(word).joined(separator: "-") == expected)
    }

    @Test("a text hyphenated word by word, punctuation and spaces kept")
    func hyphenated() {
        #expect(ItalianSyllables.hyphenated("La casa, il gatto!") == "La ca-sa, il gat-to!")
        #expect(ItalianSyllables.hyphenated("", separator: "·") == "")
    }

    /// A material of 180,000 characters made of abbreviations and initials: every full stop looks
    /// back at one word, not at the whole text so far (this took minutes when it did).
    @Test func aLongTextOfAbbreviationsIsSplitInOnePass() {
        let text = String(repeating: "Dr. X. ", count: 30_000)
        #expect(ReadingText.sentences(text, language: .en).count == 1)
        #expect(ReadingText.sentences(String(repeating: "Sig. Rossi e ", count: 15_000) + "fine.", language: .it).count == 1)
    }
}
