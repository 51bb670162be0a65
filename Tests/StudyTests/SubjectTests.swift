import Foundation
import Testing
@testable import Study

@Suite("subjects")
struct SubjectTests {
    @Test("the original's 10 + Altro, in its order, each with a colour and an emoji")
    func defaults() {
        let subjects = Subjects.defaults
        #expect(subjects.count == 11 && subjects.map(\.order) == Array(0..<11) && subjects.allSatisfy(\.isDefault))
        #expect(subjects.first?.names.it == "Educazione Civica" && subjects.last?.names.it == "Altro" && subjects.last?.names.en == "Other")
        #expect(subjects.allSatisfy { (try? Subjects.cleanColour($0.colour)) == $0.colour && !$0.emoji.isEmpty })
        #expect(Set(subjects.map(\.id)).count == 11)
    }

    @Test("names and colours are checked; defaults and subjects with content cannot be deleted")
    func rules() throws {
        #expect(try Subjects.cleanName("  Arte   e Musica ") == "Arte e Musica")
        #expect(throws: SubjectRuleError.nameEmpty) { try Subjects.cleanName("   ") }
        #expect(throws: SubjectRuleError.nameTooLong) { try Subjects.cleanName(String(repeating: "x", count: 41)) }
        #expect(try Subjects.cleanColour(" #a1b2c3 ") == "#A1B2C3")
        #expect(throws: SubjectRuleError.badColour("red")) { try Subjects.cleanColour("red") }
        let own = Subject(id: "arte", names: .init(it: "Arte", en: "Arte"), colour: "#FF0000", emoji: "🎨", order: 11)
        #expect(throws: SubjectRuleError.isDefault) { try Subjects.checkDeletable(Subjects.defaults[0], materials: 0, tasks: 0) }
        #expect(throws: SubjectRuleError.hasContent(materials: 1, tasks: 0)) { try Subjects.checkDeletable(own, materials: 1, tasks: 0) }
        #expect(throws: Never.self) { try Subjects.checkDeletable(own, materials: 0, tasks: 0) }
    }

    @Test("a reorder puts the named ones first, the rest after in their order, renumbered; unknown and repeated ids are ignored")
    func reorder() {
        let subjects = Array(Subjects.defaults.prefix(4))
        let ids = Subjects.reordered(subjects, ids: ["italiano", "nope", "fisica", "italiano"]).map(\.id)
        #expect(ids == ["italiano", "fisica", "educazione-civica", "inglese"])
        #expect(Subjects.reordered(subjects, ids: []).map(\.order) == [0, 1, 2, 3])
    }
}
