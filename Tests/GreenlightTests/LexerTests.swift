import Testing
@testable import Greenlight

@Suite struct LexerTests {
    func lex(_ text: String, _ language: SourceLanguage = .swift) -> [LexedLine] { SourceLexer(language: language).lex(text) }

    @Test func commentsAndStringsAreSeparatedFromCode() {
        let lines = lex("let a = \"hello // not a comment\" // real comment\nlet b = 1 /* block /* nested */ still */ + 2")
        #expect(lines.count == 2)
        #expect(lines[0].strings == ["hello // not a comment"])
        #expect(lines[0].comment == "real comment")
        #expect(!lines[0].code.contains("hello") && lines[0].code.hasPrefix("let a = \""))
        #expect(lines[1].code.contains("let b = 1") && lines[1].code.contains("+ 2") && !lines[1].code.contains("still"))
        #expect(lines[1].comment.contains("nested"))
    }

    @Test func swiftMultiLineRawAndInterpolatedStrings() {
        let lines = lex("let s = \"\"\"\n  UIWebView inside\n  \\(UIWebView()) code\n  \"\"\"\nlet r = #\"raw \"quoted\" \\n\"#\nlet x = \"a\\\"b\\(f(\"in\")) c\"")
        #expect(!lines[1].code.contains("UIWebView"))             // text of a multi-line string
        #expect(lines[1].strings == ["  UIWebView inside"])
        #expect(lines[2].code.contains("UIWebView()"))            // interpolation is code
        #expect(lines[3].code.contains("\"\"\""))
        #expect(lines[4].strings == ["raw \"quoted\" \\n"])        // a raw string ends only at "#
        #expect(lines[5].strings == ["a\\\"b", "in", " c"])
        #expect(lines[5].code.contains("f(\""))
    }

    @Test func objectiveCAndJavaScriptLiterals() {
        let objc = lex("NSString *s = @\"lorem ipsum\"; // todo\nchar c = 'x'; /* a\n b */ int y;", .objc)
        #expect(objc[0].strings == ["lorem ipsum"] && objc[0].comment == "todo")
        #expect(objc[1].strings == ["x"] && objc[2].code.contains("int y") && objc[2].comment == "b")
        let js = lex("const t = `hello ${name + `inner`} world\nline2`; const u = 'x' // c", .javascript)
        #expect(js[0].strings == ["hello ", "inner", " world"] && js[0].code.contains("name +"))
        #expect(js[1].strings == ["line2", "x"] && js[1].comment == "c")
    }

    @Test func linesAndEndingsAreKept() {
        #expect(lex("a\r\nb\r\n").map(\.code) == ["a", "b"])
        #expect(lex("").count == 1)
        #expect(lex("x\n\ny").map(\.number) == [1, 2, 3])
        // An unterminated string ends with its line instead of swallowing the file.
        let broken = lex("let a = \"oops\nlet b = UIWebView()")
        #expect(broken[1].code.contains("UIWebView"))
    }
}
