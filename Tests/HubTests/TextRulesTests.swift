import Testing
import TextRules

/// One rule for every typed text: characters and bytes, and control characters, where the
/// joiners emoji and scripts are made with are not control characters in their place.
@Suite struct TextRulesTests {
    @Test func lengthsAreCharactersAndBytes() {
        #expect(TextRules.fits("Zoë 👩‍🚀", characters: 5))
        #expect(!TextRules.fits("e" + String(repeating: "\u{0301}", count: 200), characters: 40))
        #expect(TextRules.fits(String(repeating: "🦄", count: 40), characters: 40))
        #expect(!TextRules.fits(String(repeating: "a", count: 41), characters: 40))
    }

    @Test func joinersAreControlCharactersOnlyOutOfPlace() {
        #expect(!TextRules.hasControl("👩‍🚀 🏴󠁧󠁢󠁳󠁣󠁴󠁿 👍🏽 ❤️‍🔥"))
        #expect(!TextRules.hasControl("می‌خواهم"))                 // Persian: U+200C after a letter
        #expect(!TextRules.hasControl("ශ්‍රී") && !TextRules.hasControl("র‍্যাব"))  // Sinhala, Bengali: U+200D after a mark or letter
        #expect(TextRules.hasControl("1\u{200D}") && TextRules.hasControl("A\u{200D}da") && !TextRules.hasControl("1️⃣ 👨‍👩‍👧 🏳️‍🌈"))
        #expect(TextRules.hasControl("Ada\u{E0041}\u{E0064}\u{E0061}"))  // tags hiding "Ada" after a name
        #expect(TextRules.hasControl("\u{200D}Ada") && TextRules.hasControl("Ada \u{200D}x"))
        #expect(TextRules.hasControl("Ada\u{202E}") && TextRules.hasControl("a\u{0007}") && TextRules.hasControl("a\u{FEFF}"))
        #expect(TextRules.hasControl("two\nlines") && !TextRules.hasControl("two\nlines", allowingLines: true))
        #expect(TextRules.replacingControls(in: "a\u{0000}b\u{E0041}👩‍🚀\n", with: " ") { $0 == "\n" } == "a b 👩‍🚀\n")
        // A run of tags hiding "Ada" after a name goes whole, not only its first.
        #expect(TextRules.replacingControls(in: "Ada\u{E0061}\u{E0064}\u{E0061}") == "Ada")
    }
}
