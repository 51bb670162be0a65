import Testing
@testable import Study

/// The homework helper's three steps from an exercise: what asks, the key words, the checklist;
/// never the answer.
@Suite struct HomeworkStepsTests {
    @Test func anExerciseIsSplitIntoWhatItAsksItsKeyWordsAndAChecklist() throws {
        let steps = try HomeworkSteps.make("Il rettangolo ha due lati uguali. Calcola l'area di un rettangolo lungo 12 cm e largo 5 cm. Poi spiega come hai fatto.",
                                           language: .it)
        #expect(steps.sentences.map(\.asks) == [false, true, true], "\(steps.sentences)")
        #expect(steps.keyWords.contains("rettangolo") && !steps.keyWords.contains("calcola"), "\(steps.keyWords)")
        #expect(steps.hasNumbers && steps.checklist.first == "Scrivi i dati: i numeri e cosa sono.")
        #expect(!steps.checklist.joined().contains("60") && !steps.sentences.map(\.text).joined().contains("60"), "never the answer")
        let english = try HomeworkSteps.make("Why do leaves change colour in autumn?", language: .en)
        #expect(english.sentences.map(\.asks) == [true] && !english.hasNumbers && english.checklist.count == 4)
        #expect(try HomeworkSteps.make("Describe the water cycle", language: .en).sentences.first?.asks == true)
        #expect(try HomeworkSteps.make("Il ciclo dell'acqua", language: .it).sentences.map(\.asks) == [false])
    }

    @Test func anEmptyOrTooLongExerciseIsRefused() {
        #expect(throws: HomeworkSteps.Problem.empty) { try HomeworkSteps.make("   \n", language: .it) }
        #expect(throws: HomeworkSteps.Problem.tooLong) { try HomeworkSteps.make(String(repeating: "a", count: 2001), language: .it) }
        for number in 1...3 {
            for language in StudyLanguage.allCases { #expect(!HomeworkSteps.step(number, language: language).title.isEmpty) }
        }
        #expect(HomeworkSteps.step(2, language: .it, foundNotes: false).prompt != HomeworkSteps.step(2, language: .it).prompt)
    }
}
