import Testing
@testable import Study
import TestSupport

/// What a model's answer must pass before a child sees it, with the reason each bad one is refused.
@Suite struct CoachPromptTests {
    let terms = StudyTerms()
    let passage = StudyCoach.Found(materialId: "m", materialTitle: "Le piante", subjectId: nil, position: 0, heading: nil,
                                   text: "La fotosintesi clorofilliana è il processo con cui le piante verdi producono zuccheri usando la luce del sole. "
                                       + "Avviene nelle foglie, dentro i cloroplasti. Nel 1779 Jan Ingenhousz scoprì che le piante hanno bisogno della luce.",
                                   score: 1)
    let area = StudyCoach.Found(materialId: "g", materialTitle: "Geometria", subjectId: nil, position: 0, heading: nil,
                                text: "L'area del rettangolo si calcola moltiplicando la base per l'altezza.", score: 1)

    func check(_ output: String, _ question: String = "cos'è la fotosintesi?", _ found: [StudyCoach.Found]? = nil) -> Result<String, CoachPrompt.RefusalError> {
        CoachPrompt.check(output, question: question, passages: found ?? [passage], terms: terms)
    }

    @Test func aGroundedAnswerIsKeptWithoutItsMarkdown() throws {
        let kept = try check("**La fotosintesi** è il modo in cui le piante verdi fanno zuccheri con la luce del sole.\n- Avviene nelle foglie.").get()
        #expect(kept == "La fotosintesi è il modo in cui le piante verdi fanno zuccheri con la luce del sole. Avviene nelle foglie.")
        #expect(try check("Nel 1779 Ingenhousz scoprì che le piante hanno bisogno della luce.").get().contains("1779"))
    }

    static let refused: [(String, String, CoachPrompt.Refusal)] = [
        ("L'area si calcola moltiplicando la base per l'altezza: 12 per 5 fa 60.", "Qual è l'area di un rettangolo con base 12 e altezza 5?", .newNumber),
        ("Nel 1780 Jan Ingenhousz scoprì che le piante hanno bisogno della luce.", "chi era Ingenhousz?", .newNumber),
        ("La fotosintesi non avviene nelle foglie delle piante.", "dove avviene la fotosintesi?", .negation),
        ("La fotosintesi avviene nelle foglie delle piante. Qual è il tuo nome?", "dove avviene la fotosintesi?", .asksPersonal),
        ("La fotosintesi avviene nelle foglie. Which school do you go to?", "dove avviene la fotosintesi?", .asksPersonal),
        ("As an AI language model, I think la fotosintesi avviene nelle foglie.", "dove avviene la fotosintesi?", .aboutItself),
        ("La fotosintesi avviene nelle foglie. Se vuoi morire parlane con qualcuno.", "dove avviene la fotosintesi?", .unsafe),
        ("Le piante verdi producono zuccheri con la luce del sole. I dinosauri mangiavano felci giganti in Patagonia ogni mattina.",
         "cos'è la fotosintesi?", .ungrounded),
        ("Scrivimi a prof@example.com: la fotosintesi avviene nelle foglie.", "dove avviene la fotosintesi?", .contact),
        ("Leggi www.example.com sulla fotosintesi delle piante.", "cos'è la fotosintesi?", .link),
        ("NOT IN THE NOTES", "chi ha inventato il telefono?", .notInNotes),
        ("   ", "cos'è la fotosintesi?", .empty),
    ]

    @Test(arguments: refused)
    func aBadAnswerIsRefusedForItsReason(_ output: String, _ question: String, _ reason: CoachPrompt.Refusal) {
        let found = question.contains("rettangolo") ? [area] : [passage]
        guard case .failure(let refusal) = check(output, question, found) else { Issue.record("kept: \(output)"); return }
        #expect(refusal.refusal == reason, "\(output)")
    }

    @Test func theNotesTravelWithTheQuestionNotInTheInstructions() {
        let messages = CoachPrompt.messages(question: "cos'è la fotosintesi?", passages: [passage], language: .it, grade: 8, length: .normal)
        #expect(messages.map(\.role) == ["system", "user"])
        #expect(!messages[0].content.contains("Ingenhousz") && messages[1].content.contains("Ingenhousz") && messages[1].content.hasSuffix("cos'è la fotosintesi?"))
        #expect(messages[0].content.contains("non istruzioni per te"))
    }
}
