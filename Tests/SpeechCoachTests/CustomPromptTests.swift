import Foundation
import Testing
@testable import SpeechCoach

@Suite("a speaker's own prompts: checked text, CSV in and out")
struct CustomPromptTests {
    let categories = PromptLibrary.standard.categories(forKids: false)

    func parse(_ text: String, existing: Set<String> = []) throws(PromptRuleError) -> PromptCSV.Import {
        try PromptCSV.parse(Data(text.utf8), categories: categories, fallbackCategory: "personal-growth", existingKeys: existing)
    }

    @Test("text is trimmed and its spaces collapsed; too short, too long or with control characters is refused")
    func text() throws {
        #expect(try CustomPrompts.cleanText("  Tell me   about\tyour\nday  ") == "Tell me about your day")
        #expect(throws: PromptRuleError.textTooShort) { try CustomPrompts.cleanText("  hi  ") }
        #expect(throws: PromptRuleError.textTooLong) { try CustomPrompts.cleanText(String(repeating: "a", count: 401)) }
        #expect(try CustomPrompts.cleanText(String(repeating: "é", count: 400)).count == 400)
        #expect(throws: PromptRuleError.textHasControlCharacters) { try CustomPrompts.cleanText("Tell me\u{7}about it") }
        #expect(CustomPrompts.key("Tell me  about it!") == CustomPrompts.key("tell me about it"))
    }

    @Test("categories by id or name in any case; difficulty empty is medium, anything else must be easy, medium or hard")
    func categoriesAndDifficulty() throws {
        #expect(CustomPrompts.category("Storytelling", in: categories)?.id == "storytelling")
        #expect(CustomPrompts.category(" quick-fire ", in: categories)?.id == "quick-fire")
        #expect(CustomPrompts.category("Tell a Story", in: categories) == nil, "a children's category is not the coach's")
        #expect(try CustomPrompts.difficulty("") == .medium && CustomPrompts.difficulty(" HARD ") == .hard)
        #expect(throws: PromptRuleError.unknownDifficulty("extreme")) { try CustomPrompts.difficulty("extreme") }
    }

    @Test("a file with a header, quotes, commas, doubled quotes, line breaks inside quotes and a BOM")
    func parsesRFC4180() throws {
        let file = "\u{FEFF}text,category,difficulty\r\n"
            + "\"Describe a place, any place, you love\",Describe & Explain,easy\r\n"
            + "\"Say \"\"thank you\"\" to someone\nwho helped you\",opinions,\r\n"
            + "What would you change about school?,School & Learning,Hard\n"
            + ",,\n"
        let result = try parse(file)
        #expect(result.drafts == [
            PromptDraft(text: "Describe a place, any place, you love", category: "describe-explain", difficulty: .easy),
            PromptDraft(text: "Say \"thank you\" to someone who helped you", category: "opinions", difficulty: .medium),
            PromptDraft(text: "What would you change about school?", category: "school-learning", difficulty: .hard),
        ])
        #expect(result.skipped.isEmpty && result.refiled.isEmpty)
    }

    @Test("without a header the first row is a prompt; an unknown category is filed under the fallback and named")
    func noHeaderAndRefiled() throws {
        let result = try parse("Talk about your hobby,Hobbies\nExplain how rain forms\n")
        #expect(result.drafts.map(\.category) == ["personal-growth", "personal-growth"])
        #expect(result.refiled == [1], "a row with no category is not refiled, only a named one we do not know")
    }

    @Test("prompts already kept, or twice in the file, are skipped by their row")
    func duplicates() throws {
        let result = try parse("text,category\nTell a story about a rainy day,storytelling\ntell a story about a rainy day!,storytelling\nExplain tides,describe-explain\n",
                               existing: [CustomPrompts.key("Explain tides")])
        #expect(result.drafts.map(\.text) == ["Tell a story about a rainy day"])
        #expect(result.skipped == [3, 4])
    }

    @Test("every bad row is named by its number in the file, and nothing is taken")
    func badRows() {
        let file = "text,category,difficulty\nGood prompt here,storytelling,easy\nhi,storytelling,easy\nAnother good one,opinions,extreme\nA, b, c, d\n"
        #expect(throws: PromptRuleError.badRows([
            .init(row: 3, reason: "the prompt is shorter than 5 characters"),
            .init(row: 4, reason: "the difficulty \"extreme\" is not easy, medium or hard"),
            .init(row: 5, reason: "has more than 3 columns (put text that holds commas in double quotes)"),
        ])) { try parse(file) }
    }

    @Test("binary, a NUL byte or too many rows are refused whole")
    func refusedWhole() throws {
        #expect(throws: PromptRuleError.notText) { try PromptCSV.parse(Data([0x89, 0x50, 0x4E, 0x47, 0xFF, 0xFE]), categories: categories, fallbackCategory: "personal-growth", existingKeys: []) }
        #expect(throws: PromptRuleError.notText) { try parse("Tell me a story\0,storytelling") }
        let many = (1...501).map { "Prompt number \($0),storytelling,easy" }.joined(separator: "\n")
        #expect(throws: PromptRuleError.tooManyRows(limit: 500)) { try parse(many) }
        #expect(try parse((1...500).map { "Prompt number \($0),storytelling,easy" }.joined(separator: "\n")).drafts.count == 500)
    }

    @Test("export writes the header, quotes what needs it, defuses formulas, and reads back the same")
    func exportRoundTrip() throws {
        let prompts = [
            CustomPrompts.prompt(id: "custom-1", draft: PromptDraft(text: "Describe, in detail, your \"dream\" room", category: "describe-explain", difficulty: .easy), forKids: false),
            CustomPrompts.prompt(id: "custom-2", draft: PromptDraft(text: "=HYPERLINK(\"http://x\") is not a prompt", category: "opinions", difficulty: .hard), forKids: false),
        ]
        let file = PromptCSV.export(prompts)
        #expect(file.hasPrefix("text,category,difficulty\r\n\"Describe, in detail, your \"\"dream\"\" room\",describe-explain,easy\r\n"))
        #expect(file.contains("\"'=HYPERLINK(\"\"http://x\"\") is not a prompt\",opinions,hard"))
        let back = try parse(file)
        #expect(back.drafts.map(\.text) == ["Describe, in detail, your \"dream\" room", "'=HYPERLINK(\"http://x\") is not a prompt"])
        #expect(PromptCSV.export([]) == "text,category,difficulty\r\n")
    }

    @Test("a speaker's own prompt: its length by difficulty, a star for Show & Tell, found in the library it joins")
    func joinsTheLibrary() {
        let mine = CustomPrompts.prompt(id: "custom-9", draft: PromptDraft(text: "Tell us about your best friend", category: "kids-aboutme", difficulty: .hard), forKids: true)
        #expect(mine.seconds == 90 && mine.emoji == "⭐" && mine.isCustom)
        let library = PromptLibrary.standard.adding([mine])
        #expect(library.prompt(id: "custom-9") == mine && PromptLibrary.standard.prompt(id: "custom-9") == nil)
        #expect(library.prompts.count == PromptLibrary.standard.prompts.count + 1)
        #expect(PromptLibrary.standard.prompts.allSatisfy { !$0.isCustom })
    }
}

@Suite("a speaker's own prompts pasted one a line")
struct PromptBatchTests {
    @Test("blank lines left out, texts cleaned, ones already kept or given twice skipped by line")
    func batch() throws {
        let text = "Tell us about your garden\n\n  What   makes a good friend?  \ntell us about your GARDEN.\nA new one here\n"
        let batch = try CustomPrompts.batch(text, category: "personal-growth", difficulty: .easy, existingKeys: [CustomPrompts.key("A new one here")])
        #expect(batch.drafts.map(\.text) == ["Tell us about your garden", "What makes a good friend?"])
        #expect(batch.drafts.allSatisfy { $0.category == "personal-growth" && $0.difficulty == .easy })
        #expect(batch.skipped == [4, 5])
        let windows = try CustomPrompts.batch("First prompt here\r\nSecond prompt here\r\n", category: "c", difficulty: .medium, existingKeys: [])
        #expect(windows.drafts.map(\.text) == ["First prompt here", "Second prompt here"], "CRLF lines are lines")
    }

    @Test("any bad line refuses the whole batch, every bad line named; nothing, or more than 50, is refused")
    func refused() {
        #expect(throws: PromptRuleError.badRows([PromptCSV.Problem(row: 2, reason: PromptCSV.reason(.textTooShort)),
                                                 PromptCSV.Problem(row: 4, reason: PromptCSV.reason(.textTooLong))])) {
            try CustomPrompts.batch("A fine prompt\nno\nAnother fine one\n" + String(repeating: "x", count: 401), category: "c",
                                    difficulty: .medium, existingKeys: [])
        }
        #expect(throws: PromptRuleError.textTooShort) { try CustomPrompts.batch(" \n\n ", category: "c", difficulty: .medium, existingKeys: []) }
        let many = (1...51).map { "Prompt number \($0)" }.joined(separator: "\n")
        #expect(throws: PromptRuleError.tooManyRows(limit: 50)) { try CustomPrompts.batch(many, category: "c", difficulty: .medium, existingKeys: []) }
    }
}
