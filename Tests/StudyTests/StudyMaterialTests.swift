import Foundation
import Study
import Testing

/// Text as a material keeps it (line ends unified, control characters dropped, blank runs shortened),
/// refuses what is empty or too long, and names itself from its first sentence. A stretch of study is
/// at most 240 minutes, placed as ending when it arrives.
@Suite struct StudyMaterialTests {
    @Test func textIsCleanedNotRewritten() throws {
        #expect(try StudyMaterials.cleanText("\r\n  Uno.\r\nDue.\u{0007}\rTre.  \n\n\n\n\nQuattro\t\n") == "Uno.\nDue.\nTre.\n\n\nQuattro")
        #expect(try StudyMaterials.cleanText("città\u{200B} perché") == "città perché", "a zero-width space goes")
        #expect(try StudyMaterials.cleanText("👨‍👩‍👧 famiglia") == "👨‍👩‍👧 famiglia", "an emoji's joiner stays")
        #expect(throws: MaterialRuleError.textEmpty) { try StudyMaterials.cleanText(" \n\t\u{0000} ") }
        #expect(throws: MaterialRuleError.textTooLong(limit: StudyMaterials.textLimit)) {
            try StudyMaterials.cleanText(String(repeating: "a", count: StudyMaterials.textLimit + 1))
        }
        #expect(try StudyMaterials.cleanText(String(repeating: "a", count: StudyMaterials.textLimit)).count == StudyMaterials.textLimit)
    }

    @Test func aTitleComesFromTheFirstSentenceOrLine() throws {
        #expect(StudyMaterials.title(from: "La Rivoluzione francese cominciò nel 1789. Il re Luigi XVI convocò gli Stati generali.") ==
                "La Rivoluzione francese cominciò nel 1789")
        #expect(StudyMaterials.title(from: "Capitolo 3\nIl Medioevo") == "Capitolo 3")
        let long = "Nel corso del diciannovesimo secolo molte nazioni europee conobbero trasformazioni profonde e durature"
        let title = StudyMaterials.title(from: long)
        #expect(title == "Nel corso del diciannovesimo secolo molte nazioni europee" && title.count <= 60)
        #expect(StudyMaterials.title(from: String(repeating: "x", count: 90)).count == 60)
        #expect(try StudyMaterials.cleanTitle("  Storia \n di  Roma ") == "Storia di Roma")
        #expect(throws: MaterialRuleError.titleEmpty) { try StudyMaterials.cleanTitle(" \n ") }
        #expect(throws: MaterialRuleError.titleTooLong) { try StudyMaterials.cleanTitle(String(repeating: "t", count: 121)) }
        #expect(StudyMaterials.wordCount("Il re — Luigi XVI, nel 1789!") == 6, "a dash is no word")
    }

    @Test func aStretchIsAtMost240MinutesAndAPomodoroAWholeWorkPart() throws {
        try StudyStretches.check(minutes: 20)
        try StudyStretches.check(minutes: 240)
        #expect(throws: StretchRuleError.notPositive) { try StudyStretches.check(minutes: 0) }
        #expect(throws: StretchRuleError.notPositive) { try StudyStretches.check(minutes: .nan) }
        #expect(throws: StretchRuleError.notPositive) { try StudyStretches.check(minutes: -.infinity) }
        #expect(throws: StretchRuleError.tooLong(limit: 240)) { try StudyStretches.check(minutes: 241) }
        #expect(StudyStretches.isWholePomodoro(minutes: 24.6, adhd: false))  // half a minute of slack
        #expect(!StudyStretches.isWholePomodoro(minutes: 24, adhd: false))
        #expect(!StudyStretches.isWholePomodoro(minutes: 15, adhd: false))
        #expect(StudyStretches.isWholePomodoro(minutes: 15, adhd: true))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(StudyStretches.start(minutes: 25, now: now) == now.addingTimeInterval(-1_500))
    }
}
