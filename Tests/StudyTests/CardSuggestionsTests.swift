import Foundation
import Study
import TestSupport
import Testing

/// Cards suggested from a material's own text: definitions and key terms as cloze, within the
/// original's count (5 per 1,000 words, at least 5, from 50 words), every answer the material's own words.
@Suite struct CardSuggestionsTests {
    static let italian = StudyNotes.italian
    static let english = StudyNotes.english

    static func sameWords(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    @Test(arguments: [(italian, StudyLanguage.it), (english, .en)])
    func definitionsThenKeyTermsAllFromTheText(_ text: String, _ language: StudyLanguage) {
        let cards = CardSuggestions.suggest(from: text, language: language)
        let flat = Self.sameWords(text)
        #expect(cards.count == 5, "under 1,000 words: the minimum of 5")
        #expect(Set(cards.map(\.front)).count == cards.count && Set(cards.map(\.back)).count == cards.count, "no card twice")
        #expect(cards.prefix(4).allSatisfy { $0.kind == .definition } && cards.last?.kind == .cloze, "definitions first, a third kept for key terms")
        for card in cards {
            switch card.kind {
            case .definition:
                // The answer is the rest of the sentence (its first letter raised, a full stop ensured).
                let answer = String(card.back.dropLast(card.back.hasSuffix(".") ? 1 : 0))
                #expect(flat.localizedCaseInsensitiveContains(answer), "\(card.back) is not the material's")
                #expect(card.front.hasSuffix("?") && card.front.count < 80)
            case .cloze:
                #expect(card.front.components(separatedBy: "_____").count == 2, "one blank")
                #expect(flat.contains(card.front.replacingOccurrences(of: "_____", with: card.back)), "the blank filled is the material's sentence")
            }
        }
    }

    @Test func theQuestionsReadAsSentences() {
        let italian = CardSuggestions.suggest(from: Self.italian, language: .it).map(\.front)
        #expect(italian.contains("Che cos'è la fotosintesi clorofilliana?") && italian.contains("Che cosa sono i cloroplasti?"))
        let english = CardSuggestions.suggest(from: Self.english, language: .en).map(\.front)
        // Capitalised only by its sentence: lower case in the question; "the stomata" keeps its article.
        #expect(english.contains("What is photosynthesis?") && english.contains("What are the stomata?"))
        // Sentences that only look like definitions are not.
        #expect(!italian.contains { $0.localizedCaseInsensitiveContains("oggi") })
        #expect(!english.contains { $0.localizedCaseInsensitiveContains("it ") })
    }

    @Test func howManyAMaterialIsWorth() {
        #expect(CardSuggestions.target(words: 49) == 0 && CardSuggestions.target(words: 50) == 5)
        #expect(CardSuggestions.target(words: 999) == 5 && CardSuggestions.target(words: 2_000) == 10)
        #expect(CardSuggestions.target(words: 200_000) == Flashcards.batchLimit, "one batch at most")
        #expect(CardSuggestions.suggest(from: "La clorofilla è il pigmento verde delle foglie.", language: .it).isEmpty, "under 50 words")
        #expect(CardSuggestions.suggest(from: "", language: .en).isEmpty)
    }

    @Test func aLongMaterialGivesMoreCardsNeverTheSameTwice() {
        // 2,000+ words: ten chapters, each defining its own term.
        let terms = ["il vulcano", "la lava", "il magma", "il cratere", "la caldera", "il geyser", "la fumarola", "il terremoto", "l'epicentro", "la faglia"]
        let text = terms.enumerated().map { index, term in
            "\(term.prefix(1).uppercased() + term.dropFirst()) è un fenomeno studiato dalla geologia numero \(index + 1). "
                + String(repeating: "Gli studiosi osservano con attenzione ogni montagna della regione durante le stagioni fredde e calde. ", count: 16)
        }.joined(separator: "\n\n")
        let cards = CardSuggestions.suggest(from: text, language: .it)
        let target = CardSuggestions.target(words: ReadingText.words(text).count)
        #expect(target == ReadingText.words(text).count * 5 / 1_000 && target > 10)
        #expect(cards.count == target, "ten definitions and key terms")
        #expect(cards.filter { $0.kind == .definition }.count == target - target / 3, "two thirds definitions, a third key terms")
        #expect(Set(cards.map(\.front)).count == cards.count)
    }

    /// Sentences that look like definitions but are not, and ones that are, among 50+ words of filler.
    static func cards(_ sentences: [String], language: StudyLanguage) -> [CardSuggestion] {
        let filler = language == .it ? "Il maestro ha spiegato tutto con calma durante la lezione del mattino." : "The teacher explained everything calmly during the morning lesson."
        return CardSuggestions.suggest(from: (sentences + Array(repeating: filler, count: 6)).joined(separator: " "), language: language)
    }

    @Test func aPlaceADateOrAPastEventIsNotADefinition() {
        let italian = Self.cards(["Napoleone è nato ad Ajaccio nel 1769.", "Roma è in Italia da molti secoli ormai.",
                                  "L'acqua è una sostanza formata da idrogeno e ossigeno.",
                                  "Il pigmento verde delle foglie si chiama clorofilla."], language: .it).filter { $0.kind == .definition }
        #expect(italian.map(\.front) == ["Che cos'è l'acqua?", "Come si chiama il pigmento verde delle foglie?"])
        #expect(italian.last?.back == "Clorofilla.")
        let english = Self.cards(["Rome was founded in 753 BC by its first king.", "The museum is in the centre of the old town.",
                                  "A delta is the wide mouth of a river where it meets the sea."], language: .en).filter { $0.kind == .definition }
        #expect(english.map(\.front) == ["What is a delta?"])
    }

    @Test func aClozeBlanksEveryPlaceItsAnswerStands() {
        let text = "Il Nilo nasce in Africa. Il Nilo attraversa il deserto e il Nilo porta acqua ai campi. " + String(repeating: "Gli egizi coltivavano il grano vicino alle sponde del grande fiume ogni anno. ", count: 5)
        let cloze = CardSuggestions.suggest(from: text, language: .it).filter { $0.kind == .cloze }
        for card in cloze {
            #expect(!card.front.localizedCaseInsensitiveContains(card.back), "\(card.front) gives away \(card.back)")
        }
        #expect(cloze.contains { $0.back == "Nilo" && $0.front.components(separatedBy: "_____").count == 3 })
    }
}
