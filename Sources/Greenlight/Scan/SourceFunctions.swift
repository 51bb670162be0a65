import Foundation

/// A file's code (string contents and comments blanked, interpolations kept) as one ASCII text,
/// for rules that follow values across lines: bracket matching, offsets to line numbers.
struct CodeText {
    let bytes: [UInt8]
    let string: String
    /// The offset where each line starts (line 1 first).
    let lineStarts: [Int]

    /// `keepingStrings`: the lines' text (string contents kept, comments blanked) at the same offsets as their code.
    init(_ lines: [LexedLine], keepingStrings: Bool = false) {
        var bytes: [UInt8] = [], starts: [Int] = []
        for line in lines {
            starts.append(bytes.count)
            // Non-ASCII bytes (an identifier's letters) become "_", so offsets are UTF-16 offsets too.
            bytes += (keepingStrings ? line.text : line.code).utf8.map { $0 < 128 ? $0 : 95 }
            bytes.append(10)
        }
        self.bytes = bytes
        self.string = String(decoding: bytes, as: UTF8.self)
        self.lineStarts = starts
    }

    /// The 1-based line holding `offset`.
    func line(at offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The offset of the bracket closing the one at `open` ( `(`, `[` or `{` ), if the text has it.
    func close(of open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < bytes.count {
            switch bytes[index] {
            case 40, 91, 123: depth += 1
            case 41, 93, 125:
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index += 1
        }
        return nil
    }

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
    func text(_ range: NSRange) -> String { text(range.location..<(range.location + range.length)) }
    var all: NSRange { NSRange(location: 0, length: bytes.count) }

    /// Whether the word before `offset` (spaces skipped) is `word`, e.g. `func` before a declared name.
    func word(before offset: Int, is word: String) -> Bool {
        var end = offset
        while end > 0, bytes[end - 1] == 32 || bytes[end - 1] == 10 { end -= 1 }
        let start = end - word.utf8.count
        return start >= 0 && bytes[start..<end].elementsEqual(word.utf8) && (start == 0 || !(bytes[start - 1] == 95 || (bytes[start - 1] | 32) >= 97 && (bytes[start - 1] | 32) <= 122))
    }

    /// `range` split at its top-level commas (not inside brackets).
    func commaSeparated(_ range: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = [], depth = 0, start = range.lowerBound
        for index in range {
            switch bytes[index] {
            case 40, 91, 123: depth += 1
            case 41, 93, 125: depth -= 1
            case 44 where depth == 0:
                parts.append(start..<index)
                start = index + 1
            default: break
            }
        }
        if start < range.upperBound, !text(start..<range.upperBound).trimmedSpaces.isEmpty { parts.append(start..<range.upperBound) }
        return parts
    }

    /// A dotted name in the code (`self.` and optional chaining removed), and the offset of the
    /// `(` right after it when it is called.
    struct Chain {
        let name: String
        let offset: Int
        let callOpen: Int?
        var isCalled: Bool { callOpen != nil }
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool { (byte | 32) >= 97 && (byte | 32) <= 122 || byte == 95 || byte == 36 }
    static func isIdentifier(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || (byte >= 48 && byte <= 57) }

    /// Every dotted name of the text, in order (found once, then looked up by range).
    func allChains() -> [Chain] {
        var chains: [Chain] = []
        let n = bytes.count
        var i = 0
        while i < n {
            let byte = bytes[i]
            guard Self.isIdentifierStart(byte), i == 0 || (!Self.isIdentifier(bytes[i - 1]) && (bytes[i - 1] != 46 || followsResult(i - 1))) else {
                i += 1
                continue
            }
            let start = i
            var name: [UInt8] = []
            var end = i
            while true {
                while end < n, Self.isIdentifier(bytes[end]) { name.append(bytes[end]); end += 1 }
                // `?.`, `!.`, ` .` and a line break before `.member`: the chain goes on.
                var next = end
                while next < n, bytes[next] == 32 || bytes[next] == 9 || bytes[next] == 10 || bytes[next] == 63 || bytes[next] == 33 { next += 1 }
                guard next < n, bytes[next] == 46 else { break }
                next += 1
                while next < n, bytes[next] == 32 || bytes[next] == 9 || bytes[next] == 10 { next += 1 }
                guard next < n, Self.isIdentifierStart(bytes[next]) else { break }
                name.append(46)
                end = next
            }
            var after = end
            while after < n, bytes[after] == 32 || bytes[after] == 9 { after += 1 }
            var text = String(decoding: name, as: UTF8.self)
            if text.hasPrefix("self.") || text.hasPrefix("this.") { text.removeFirst(5) }
            chains.append(Chain(name: text, offset: start, callOpen: after < n && bytes[after] == 40 ? after : nil))
            i = max(end, i + 1)
        }
        return chains
    }

    /// Whether the `.` at `dot` follows a call's or subscript's result (`Speaker().cheer`), so what
    /// comes after it starts a name of its own; after anything else it is Swift's implicit member (`.bella`).
    func followsResult(_ dot: Int) -> Bool {
        var index = dot - 1
        while index >= 0, bytes[index] == 32 || bytes[index] == 10 || bytes[index] == 63 || bytes[index] == 33 { index -= 1 }
        return index >= 0 && (bytes[index] == 41 || bytes[index] == 93)
    }

    /// The label an argument starts with (`text:` in `generateSpeech(text: t)`), and where its value starts.
    func label(at range: Range<Int>) -> (String, Int)? {
        var index = range.lowerBound
        while index < range.upperBound, bytes[index] == 32 || bytes[index] == 9 || bytes[index] == 10 { index += 1 }
        let start = index
        guard index < range.upperBound, Self.isIdentifierStart(bytes[index]) else { return nil }
        while index < range.upperBound, Self.isIdentifier(bytes[index]) { index += 1 }
        let end = index
        while index < range.upperBound, bytes[index] == 32 { index += 1 }
        guard index < range.upperBound, bytes[index] == 58, index + 1 >= range.upperBound || bytes[index + 1] != 58 else { return nil }
        return (text(start..<end), index + 1)
    }
}

/// A function, method or initializer of the project's own code: what a caller writes to pass
/// each parameter, and the byte range of its body in the file's `CodeText`.
struct SourceFunction {
    struct Parameter {
        /// How a call passes it: its label (`text`), or `#n` for the n-th unlabelled argument.
        let key: String
        /// The name the body uses.
        let name: String
        /// The type's name (`SpeechTask` for `_ task: SpeechTask?`), Swift only.
        let type: String?
    }

    /// The name callers call it by: `generateSpeech`, or the type's name for an `init`.
    let name: String
    /// `Type.name` when it is declared inside a type, for messages.
    let qualifiedName: String
    let parameters: [Parameter]
    let body: Range<Int>
}

/// A call in a body: `name(label: argument, …)`.
struct SourceCall {
    /// The called name and the dotted name before it (`ElevenLabsService.shared.generateSpeech`).
    let name: String
    let chain: String
    /// Each argument's key (label or `#n`) and byte range.
    let arguments: [(key: String, range: Range<Int>)]
    let offset: Int
}

/// Finds functions and calls in Swift and JavaScript/TypeScript code.
enum SourceFunctions {
    static let swiftFunction = try! NSRegularExpression(pattern: #"\b(?:func\s+([A-Za-z_][\w]*)|(init)[?!]?)\s*(?:<[^>{}]*>)?\s*\("#)
    /// A computed property (SwiftUI's `var body: some View { … }`): a function without parameters.
    static let swiftComputed = try! NSRegularExpression(pattern: #"\bvar\s+([A-Za-z_][\w]*)\s*:[^={}\n]*\{"#)
    static let swiftType = try! NSRegularExpression(pattern: #"\b(?:class|struct|actor|enum|extension)\s+([A-Za-z_][\w]*)[^{}=;]*\{"#)
    static let jsFunction = try! NSRegularExpression(pattern: [
        #"\bfunction\s*\*?\s*([A-Za-z_$][\w$]*)\s*\("#,
        #"\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=\n]+)?=\s*(?:async\s+)?(?:function\b\s*\*?\s*)?\("#,
        #"(?m)^\s*(?:(?:public|private|protected|static|async|override|readonly)\s+)*([A-Za-z_$][\w$]*)\s*(?:<[^>\n]*>)?\("#,
        #"\b([A-Za-z_$][\w$]*)\s*:\s*(?:async\s+)?(?:function\b\s*)?\("#,
    ].joined(separator: "|"))
    static let keywords: Set<String> = ["if", "for", "while", "switch", "guard", "return", "catch", "func", "function", "else", "case", "await",
                                        "try", "throw", "typeof", "new", "in", "of", "do", "repeat", "super", "self", "this", "where", "as", "is"]
    static let swiftParameter = try! NSRegularExpression(pattern: #"^\s*(?:@\w+\s+)*([A-Za-z_][\w]*)(?:\s+([A-Za-z_][\w]*))?\s*:\s*(?:(?:inout|borrowing|consuming|some|any)\s+|@\w+(?:\([^)]*\))?\s+)*\(?\[?([A-Za-z_][\w]*)"#)
    static let signatureGap = try! NSRegularExpression(pattern:
        #"^\s*(?:(?:async|throws(?:\s*\([^)]*\))?|rethrows|mutating|nonmutating)\s*)*(?:(?:->|:)\s*[^{};=]+?)?\s*(?:where\s+[^{};]+)?$"#)
    static let jsParameter = try! NSRegularExpression(pattern: #"^\s*(?:\.\.\.)?([A-Za-z_$][\w$]*)"#)

    static func functions(in code: CodeText, language: SourceLanguage) -> [SourceFunction] {
        let swift = language == .swift
        let types: [(name: String, range: Range<Int>)] = !swift ? [] : swiftType.matches(in: code.string, range: code.all).compactMap { match in
            let open = match.range.location + match.range.length - 1
            return code.close(of: open).map { (code.text(match.range(at: 1)), open..<$0) }
        }
        var result: [SourceFunction] = []
        for match in (swift ? swiftFunction : jsFunction).matches(in: code.string, range: code.all) {
            guard let nameRange = (1..<match.numberOfRanges).lazy.map({ match.range(at: $0) }).first(where: { $0.location != NSNotFound }) else { continue }
            var name = code.text(nameRange)
            guard !keywords.contains(name) else { continue }
            let open = match.range.location + match.range.length - 1
            guard let close = code.close(of: open), let body = body(after: close, in: code) else { continue }
            let enclosing = types.filter { $0.range.contains(match.range.location) }.min { $0.range.count < $1.range.count }?.name
            if name == "init" { name = enclosing ?? name }
            let parameters = self.parameters(code.commaSeparated((open + 1)..<close), in: code, swift: swift)
            result.append(SourceFunction(name: name, qualifiedName: enclosing.map { "\($0).\(name)" } ?? name, parameters: parameters, body: body))
        }
        if swift {
            for match in swiftComputed.matches(in: code.string, range: code.all) {
                let open = match.range.location + match.range.length - 1
                guard let close = code.close(of: open) else { continue }
                let name = code.text(match.range(at: 1))
                let enclosing = types.filter { $0.range.contains(match.range.location) }.min { $0.range.count < $1.range.count }?.name
                result.append(SourceFunction(name: name, qualifiedName: enclosing.map { "\($0).\(name)" } ?? name, parameters: [], body: (open + 1)..<close))
            }
        }
        return result
    }

    /// The body after a parameter list: `{ … }` after an optional `async throws -> T` (or a JS
    /// return type), or a JavaScript arrow's `=> { … }` or `=> expression`.
    static func body(after close: Int, in code: CodeText) -> Range<Int>? {
        var index = close + 1
        let limit = min(code.bytes.count, close + 400)
        /// Only effects, a return type and a where clause may stand between the parameters and the body
        /// (not `foo(x)` followed by `if (y) {` in JavaScript without semicolons).
        func isSignature(upTo end: Int) -> Bool {
            let gap = code.text((close + 1)..<end)
            return signatureGap.firstMatch(in: gap, range: NSRange(gap.startIndex..., in: gap)) != nil
        }
        while index < limit {
            switch code.bytes[index] {
            case 123:  // {
                guard isSignature(upTo: index) else { return nil }
                return code.close(of: index).map { (index + 1)..<$0 }
            case 61 where index + 1 < code.bytes.count && code.bytes[index + 1] == 62:  // =>
                guard isSignature(upTo: index) else { return nil }
                var start = index + 2
                while start < code.bytes.count, code.bytes[start] == 32 || code.bytes[start] == 10 { start += 1 }
                if start < code.bytes.count, code.bytes[start] == 123 { return code.close(of: start).map { (start + 1)..<$0 } }
                var end = start, depth = 0
                while end < code.bytes.count {
                    let byte = code.bytes[end]
                    if byte == 40 || byte == 91 || byte == 123 { depth += 1 }
                    if byte == 41 || byte == 93 || byte == 125 { if depth == 0 { break }; depth -= 1 }
                    if depth == 0 && (byte == 59 || byte == 44 || byte == 10) { break }
                    end += 1
                }
                return start..<end
            case 125, 59, 61:  // } ; = : a declaration without a body, or not a function at all
                return nil
            default:
                index += 1
            }
        }
        return nil
    }

    static func parameters(_ parts: [Range<Int>], in code: CodeText, swift: Bool) -> [SourceFunction.Parameter] {
        var positional = 0
        return parts.compactMap { part in
            let text = code.text(part)
            let range = NSRange(text.startIndex..., in: text)
            if swift {
                guard let match = swiftParameter.firstMatch(in: text, range: range) else { return nil }
                let first = String(text[Range(match.range(at: 1), in: text)!])
                let second = Range(match.range(at: 2), in: text).map { String(text[$0]) }
                let type = Range(match.range(at: 3), in: text).map { String(text[$0]) }
                let key: String
                if first == "_" { key = "#\(positional)"; positional += 1 } else { key = first }
                return .init(key: key, name: second ?? first, type: type)
            }
            guard let match = jsParameter.firstMatch(in: text, range: range) else { positional += 1; return nil }
            defer { positional += 1 }
            return .init(key: "#\(positional)", name: String(text[Range(match.range(at: 1), in: text)!]), type: nil)
        }
    }

    /// The calls among `chains` (those inside a body), with their arguments (labels read in Swift only).
    static func calls(_ chains: ArraySlice<CodeText.Chain>, of code: CodeText, within range: Range<Int>, swift: Bool) -> [SourceCall] {
        chains.compactMap { chain in
            guard let open = chain.callOpen else { return nil }
            let name = String(chain.name.split(separator: ".").last ?? "")
            guard !keywords.contains(name), name != "init", !code.word(before: chain.offset, is: "func"), !code.word(before: chain.offset, is: "function"),
                  let close = code.close(of: open), close <= range.upperBound else { return nil }
            var positional = 0
            let arguments = code.commaSeparated((open + 1)..<close).map { part -> (String, Range<Int>) in
                if swift, let (label, start) = code.label(at: part) { return (label, start..<part.upperBound) }
                defer { positional += 1 }
                return ("#\(positional)", part)
            }
            return SourceCall(name: name, chain: chain.name, arguments: arguments, offset: chain.offset)
        }
    }
}
