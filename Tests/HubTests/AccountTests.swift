import Testing
@testable import Hub

@Suite struct AccountTests {
    @Test(arguments: [
        ("ada@example.org", "ada@example.org"),
        ("  Ada@Example.ORG \n", "ada@example.org"),
        ("a.b+c@sub.example.co.uk", "a.b+c@sub.example.co.uk"),
    ])
    func acceptsAndNormalisesEmails(raw: String, expected: String) throws {
        #expect(try Account.normalizedEmail(raw) == expected)
    }

    @Test(arguments: ["", "ada", "ada@", "@example.org", "ada@example", "ada@@example.org", "ada @example.org",
                      "ada@.example.org", "ada@example.org.", "<ada@example.org>", String(repeating: "a", count: 250) + "@x.org"])
    func rejectsBadEmails(raw: String) {
        #expect(throws: HubError.invalidEmail) { try Account.normalizedEmail(raw) }
    }

    @Test(arguments: [
        ("1234567", false), ("12345678", true), ("        ", false), ("correct horse", true),
        (String(repeating: "x", count: 72), true), (String(repeating: "x", count: 73), false),
        (String(repeating: "é", count: 37), false),  // 74 bytes: bcrypt would silently cut it
    ])
    func passwordPolicy(password: String, ok: Bool) {
        let result = Result { try Account.validatePassword(password) }
        #expect(((try? result.get()) != nil) == ok)
    }

    @Test func namesAreTrimmedAndBounded() throws {
        #expect(try Account.validatedName("  Ada  ") == "Ada")
        #expect(throws: HubError.self) { try Account.validatedName("   ") }
        #expect(throws: HubError.self) { try Account.validatedName(String(repeating: "a", count: 41)) }
        #expect(throws: HubError.self) { try Account.validatedName("Ada\u{0007}") }
        #expect(try Account.validatedName(String(repeating: "a", count: 40)).count == 40)
    }

    @Test("a name's length is counted in characters and in bytes; emoji made with joiners are names, other format characters are not")
    func namesAreBoundedInBytesAndKeepJoinedEmoji() throws {
        #expect(try Account.validatedName("Mia 👩‍🚀") == "Mia 👩‍🚀")
        #expect(try Account.validatedName("🏴󠁧󠁢󠁳󠁣󠁴󠁿 Isla") == "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Isla")
        #expect(try Account.validatedName("Zoë") == "Zoë")
        // One "character" of 10 KB: an e with 5,000 combining marks.
        let heavy = "e" + String(repeating: "\u{0301}", count: 5_000)
        #expect(heavy.count == 1)
        #expect(throws: HubError.self) { try Account.validatedName(heavy) }
        #expect(throws: HubError.self) { try Account.validatedName("Ada\u{202E}evil") }  // right-to-left override
        #expect(throws: HubError.self) { try Account.validatedName("A\u{200B}da") }      // zero-width space
    }
}

@Suite struct ChildProfileTests {
    @Test(arguments: [(0, false), (1, true), (4, true), (7, true), (8, true), (9, false), (-3, false)])
    func gradesOneToSevenAndAdult(grade: Int, ok: Bool) {
        let profile = try? ChildProfile.validated(id: "c", name: "Mia", grade: grade, avatar: "🦊")
        #expect((profile != nil) == ok)
    }

    @Test func gradeLabels() {
        #expect(ChildProfile.label(grade: 3) == "Grade 3")
        #expect(ChildProfile.label(grade: ChildProfile.adult) == "8+ / adult")
    }

    @Test func rejectsUnknownAvatarsAndBadNames() {
        #expect(throws: HubError.invalidAvatar("🍕")) { try ChildProfile.validated(id: "c", name: "Mia", grade: 1, avatar: "🍕") }
        #expect(throws: HubError.self) { try ChildProfile.validated(id: "c", name: "", grade: 1, avatar: "🦊") }
        #expect(throws: HubError.self) { try ChildProfile.validated(id: "c", name: String(repeating: "m", count: 31), grade: 1, avatar: "🦊") }
    }

    @Test func trimsTheName() throws {
        #expect(try ChildProfile.validated(id: "c", name: "  Mia ", grade: 3, avatar: "🐝").name == "Mia")
    }
}
