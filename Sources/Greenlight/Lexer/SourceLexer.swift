import Foundation

/// The languages the lexer knows. Objective-C covers C and C++ headers too; JavaScript covers TypeScript.
public enum SourceLanguage: Sendable, Equatable {
    case swift, objc, javascript
}

/// One source line split into what a rule may want: code with literals and comments blanked,
/// the text of string literals, and the text of comments.
public struct LexedLine: Sendable, Equatable {
    /// 1-based line number.
    public let number: Int
    public let raw: String
    /// The line with string-literal contents and comments replaced by spaces (delimiters kept),
    /// so a pattern on `code` never matches text inside a string or a comment.
    public let code: String
    /// Contents of the string literals (or their parts) on this line.
    public let strings: [String]
    /// Text of the comments on this line, without the comment markers.
    public let comment: String
    /// The line with only its comments blanked: code and string contents together.
    public let text: String
}

/// A hand-written lexer for Swift, Objective-C and JavaScript: line, block and nested (Swift)
/// comments; single-line, multi-line (`"""`) and raw (`#"…"#`) strings; escapes; Swift
/// interpolation `\(…)` and JavaScript `${…}` are code. Works on UTF-8 bytes: every delimiter is ASCII.
public struct SourceLexer {
    public let language: SourceLanguage

    public init(language: SourceLanguage) { self.language = language }

    private enum Context {
        /// Code; `closer` is the byte that ends an interpolation (")" or "}") and `depth` its nesting.
        case code(closer: UInt8?, depth: Int)
        /// A string literal: its quote, whether it is Swift's triple-quoted form, whether it may span
        /// lines (triple-quoted, JS template), and its raw hash count.
        case string(quote: UInt8, triple: Bool, spansLines: Bool, hashes: Int)
        case blockComment(depth: Int)
        case lineComment
    }

    public func lex(_ text: String) -> [LexedLine] { lex(bytes: Array(text.utf8)) }

    public func lex(bytes: [UInt8]) -> [LexedLine] {
        var state = State(bytes: bytes, language: language)
        state.run()
        return state.lines
    }

    /// The lexer's state; a struct with mutating methods so the hot loop has no boxed captures.
    private struct State {
        let bytes: [UInt8]
        let n: Int
        let language: SourceLanguage
        var lines: [LexedLine] = []
        var stack: [Context] = [.code(closer: nil, depth: 0)]
        /// `code` and `text` are built only once a line has a blanked byte; until then the line is
        /// `bytes[lineStart..<i]`, and `raw` is always that slice.
        var code: [UInt8] = [], comment: [UInt8] = [], literal: [UInt8] = [], text: [UInt8] = []
        var lineStart = 0
        var strings: [String] = []
        var inLiteral = false
        var i = 0
        /// Whether the current line had any byte blanked; a line of plain code is one shared string.
        var lineHasBlanks = false

        init(bytes: [UInt8], language: SourceLanguage) {
            self.bytes = bytes
            self.n = bytes.count
            self.language = language
        }

        mutating func flushLiteral() {
            if inLiteral && !literal.isEmpty { strings.append(String(decoding: literal, as: UTF8.self)) }
            literal.removeAll(keepingCapacity: true)
        }

        mutating func endLine() {
            flushLiteral()
            var end = min(i, n)
            if end > lineStart && bytes[end - 1] == 10 { end -= 1 }
            if end > lineStart && bytes[end - 1] == 13 { end -= 1 }
            let rawString = String(decoding: bytes[lineStart..<end], as: UTF8.self)
            if lineHasBlanks {
                lines.append(LexedLine(number: lines.count + 1, raw: rawString, code: String(decoding: code, as: UTF8.self), strings: strings,
                                       comment: comment.isEmpty ? "" : String(decoding: comment, as: UTF8.self).trimmedSpaces,
                                       text: String(decoding: text, as: UTF8.self)))
            } else {
                lines.append(LexedLine(number: lines.count + 1, raw: rawString, code: rawString, strings: strings, comment: "", text: rawString))
            }
            lineHasBlanks = false
            lineStart = i
            code.removeAll(keepingCapacity: true); text.removeAll(keepingCapacity: true)
            comment.removeAll(keepingCapacity: true); strings.removeAll(keepingCapacity: true)
        }

        func at(_ offset: Int) -> UInt8 { i + offset < n ? bytes[i + offset] : 0 }

        var inComment: Bool {
            switch stack[stack.count - 1] {
            case .lineComment, .blockComment: true
            default: false
            }
        }

        /// Appends `count` source bytes as code (true) or as blanked text (false); comments are
        /// blanked in `text` as well, string contents are kept there.
        mutating func take(_ count: Int, asCode: Bool) {
            if !lineHasBlanks {
                if asCode { i += count; return }  // still plain code: nothing to copy
                // The first blanked byte of the line: what came before it is plain code.
                lineHasBlanks = true
                code.append(contentsOf: bytes[lineStart..<i])
                text.append(contentsOf: bytes[lineStart..<i])
            }
            let isComment = inComment
            for k in 0..<count where i + k < n {
                let byte = bytes[i + k], blank: UInt8 = byte == 9 ? 9 : 32
                code.append(asCode ? byte : blank)
                text.append(isComment && !asCode ? blank : byte)
            }
            i += count
        }

        /// Recognises a string opening at `i`: its delimiter length, quote byte, triple-quoted, spans lines, hash count.
        func openString() -> (length: Int, quote: UInt8, triple: Bool, spansLines: Bool, hashes: Int)? {
            let c = bytes[i]
            switch language {
            case .swift:
                var hashes = 0
                while at(hashes) == 35 { hashes += 1 }
                guard at(hashes) == 34 else { return nil }
                let triple = at(hashes + 1) == 34 && at(hashes + 2) == 34
                return (hashes + (triple ? 3 : 1), 34, triple, triple, hashes)
            case .objc:
                if c == 34 { return (1, 34, false, false, 0) }
                if c == 64 && at(1) == 34 { return (2, 34, false, false, 0) }  // @"…"
                if c == 39 { return (1, 39, false, false, 0) }
                return nil
            case .javascript:
                if c == 34 || c == 39 { return (1, c, false, false, 0) }
                if c == 96 { return (1, 96, false, true, 0) }  // template literal
                return nil
            }
        }

        mutating func run() {
            while i < n {
                let c = bytes[i]
                if c == 10 {  // newline
                    if case .lineComment = stack.last! { stack.removeLast() }
                    if case .string(_, _, false, _) = stack.last! {  // an unterminated single-line string ends with its line
                        stack.removeLast()
                        inLiteral = false
                        literal.removeAll()
                    }
                    i += 1
                    endLine()
                    if case .string = stack.last! { inLiteral = true }  // a multi-line string goes on
                    continue
                }
                if c == 13 && at(1) == 10 { i += 1; continue }  // CRLF: the LF ends the line

                switch stack.last! {
                case .lineComment:
                    comment.append(c)
                    take(1, asCode: false)

                case .blockComment(let depth):
                    if c == 42 && at(1) == 47 {  // */
                        take(2, asCode: false)
                        stack.removeLast()
                        if depth > 1 { stack.append(.blockComment(depth: depth - 1)) }
                    } else if language == .swift && c == 47 && at(1) == 42 {  // nested /*
                        take(2, asCode: false)
                        stack.removeLast()
                        stack.append(.blockComment(depth: depth + 1))
                    } else {
                        comment.append(c)
                        take(1, asCode: false)
                    }

                case .string(let quote, let triple, _, let hashes):
                    // Escapes: \x in a normal string, \#x in a raw string with one hash, and so on.
                    if c == 92 && (hashes == 0 || (1...hashes).allSatisfy { at($0) == 35 }) {
                        let next = at(hashes + 1)
                        if language == .swift && next == 40 {  // \( … ) interpolation is code
                            flushLiteral()
                            inLiteral = false
                            take(hashes + 2, asCode: true)
                            stack.append(.code(closer: 41, depth: 1))
                        } else {
                            literal.append(contentsOf: bytes[i..<min(n, i + hashes + 2)])
                            take(next == 10 ? hashes + 1 : hashes + 2, asCode: false)
                        }
                    } else if language == .javascript && quote == 96 && c == 36 && at(1) == 123 {  // ${ … } is code
                        flushLiteral()
                        inLiteral = false
                        take(2, asCode: true)
                        stack.append(.code(closer: 125, depth: 1))
                    } else if c == quote && (!triple || (at(1) == quote && at(2) == quote))
                                && (0..<hashes).allSatisfy({ at((triple ? 3 : 1) + $0) == 35 }) {
                        flushLiteral()
                        inLiteral = false
                        take((triple ? 3 : 1) + hashes, asCode: true)
                        stack.removeLast()
                    } else {
                        literal.append(c)
                        take(1, asCode: false)
                    }

                case .code(let closer, let depth):
                    if c == 47 && at(1) == 47 {
                        stack.append(.lineComment)
                        take(2, asCode: false)
                    } else if c == 47 && at(1) == 42 {
                        stack.append(.blockComment(depth: 1))
                        take(2, asCode: false)
                    } else if let opened = openString() {
                        take(opened.length, asCode: true)
                        stack.append(.string(quote: opened.quote, triple: opened.triple, spansLines: opened.spansLines, hashes: opened.hashes))
                        inLiteral = true
                    } else if let closer, c == closer || c == (closer == 41 ? 40 : 123) {
                        let newDepth = c == closer ? depth - 1 : depth + 1
                        take(1, asCode: true)
                        stack.removeLast()
                        if newDepth > 0 {
                            stack.append(.code(closer: closer, depth: newDepth))
                        } else {
                            inLiteral = true  // back inside the string the interpolation was in
                        }
                    } else {
                        take(1, asCode: true)
                    }
                }
            }
            if i > lineStart || lines.isEmpty || bytes.last == 10 { endLine() }
            if bytes.last == 10 { lines.removeLast() }
        }
    }
}
