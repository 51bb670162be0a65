/// Which lines of a Swift or Objective-C file the build that ships leaves out: the Release
/// configuration, on a device. A branch is left out only when its condition is certainly false
/// there (`DEBUG`, `targetEnvironment(simulator)`, `os(macOS)`, `TARGET_OS_SIMULATOR`, an earlier
/// branch certainly taken); a condition greenlight cannot decide (a custom flag, `canImport` of a
/// package) counts as compiled, so no shipped code is skipped.
enum ConditionalCompilation {
    enum Truth: Equatable {
        case yes, no, unknown

        static prefix func ! (value: Truth) -> Truth { value == .yes ? .no : value == .no ? .yes : .unknown }
        static func && (a: Truth, b: Truth) -> Truth { a == .no || b == .no ? .no : a == .yes && b == .yes ? .yes : .unknown }
        static func || (a: Truth, b: Truth) -> Truth { a == .yes || b == .yes ? .yes : a == .no && b == .no ? .no : .unknown }
    }

    private struct Frame {
        var live: Bool
        var taken: Bool
    }

    /// The 1-based numbers of the lines inside branches the shipped build does not compile (the
    /// directive lines themselves are not included).
    static func inactiveLines(_ lines: [LexedLine], objc: Bool) -> Set<Int> {
        var inactive = Set<Int>()
        var stack: [Frame] = []
        for line in lines {
            let code = line.code.trimmedSpaces
            if code.hasPrefix("#") {
                let (directive, rest) = split(code)
                switch directive {
                case "#if", "#ifdef", "#ifndef":
                    var truth = evaluate(rest, objc: objc)
                    if directive == "#ifdef" { truth = defined(rest) }
                    if directive == "#ifndef" { truth = !defined(rest) }
                    stack.append(Frame(live: truth != .no, taken: truth == .yes))
                    continue
                case "#elseif", "#elif":
                    guard !stack.isEmpty else { continue }
                    let truth = stack[stack.count - 1].taken ? Truth.no : evaluate(rest, objc: objc)
                    stack[stack.count - 1].live = truth != .no
                    stack[stack.count - 1].taken = stack[stack.count - 1].taken || truth == .yes
                    continue
                case "#else":
                    guard !stack.isEmpty else { continue }
                    stack[stack.count - 1].live = !stack[stack.count - 1].taken
                    continue
                case "#endif":
                    if !stack.isEmpty { stack.removeLast() }
                    continue
                default:
                    break
                }
            }
            if stack.contains(where: { !$0.live }) { inactive.insert(line.number) }
        }
        return inactive
    }

    private static func split(_ code: String) -> (String, String) {
        let directive = code.prefix { !$0.isWhitespace && $0 != "(" && $0 != "!" }
        return (String(directive), String(code.dropFirst(directive.count)).trimmedSpaces)
    }

    /// `#ifdef NAME` in the shipped build.
    static func defined(_ name: String) -> Truth {
        let name = name.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        switch name {
        case "DEBUG", "_DEBUG", "TESTING", "UNIT_TESTS": return .no
        case "__OBJC__", "__APPLE__": return .yes
        default: return .unknown
        }
    }

    /// A condition of `#if` or `#elseif` (Swift) or `#if` / `#elif` (C preprocessor).
    static func evaluate(_ condition: String, objc: Bool) -> Truth {
        var parser = Parser(tokens: tokenize(condition), objc: objc)
        let value = parser.or()
        return parser.atEnd ? value : .unknown
    }

    private static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var chars = Array(text)
        // A trailing `//` comment was blanked by the lexer; stop at a stray one anyway.
        if let slash = text.range(of: "//") { chars = Array(text[..<slash.lowerBound]) }
        var index = 0
        func flush() { if !current.isEmpty { tokens.append(current); current = "" } }
        while index < chars.count {
            let char = chars[index]
            if char.isLetter || char.isNumber || char == "_" || char == "." {
                current.append(char)
            } else if char == "&" || char == "|" || char == "=" || char == ">" || char == "<" {
                flush()
                var op = String(char)
                if index + 1 < chars.count, "&|=".contains(chars[index + 1]) { op.append(chars[index + 1]); index += 1 }
                tokens.append(op)
            } else if char == "!" || char == "(" || char == ")" || char == "," {
                flush()
                if char == "!", index + 1 < chars.count, chars[index + 1] == "=" {
                    tokens.append("!="); index += 1
                } else {
                    tokens.append(String(char))
                }
            } else {
                flush()
            }
            index += 1
        }
        flush()
        return tokens
    }

    private struct Parser {
        let tokens: [String]
        let objc: Bool
        var position = 0

        var atEnd: Bool { position >= tokens.count }
        var next: String? { position < tokens.count ? tokens[position] : nil }

        mutating func or() -> Truth {
            var value = and()
            while next == "||" { position += 1; value = value || and() }
            return value
        }

        mutating func and() -> Truth {
            var value = unary()
            while next == "&&" { position += 1; value = value && unary() }
            return value
        }

        mutating func unary() -> Truth {
            if next == "!" { position += 1; return !unary() }
            return primary()
        }

        mutating func primary() -> Truth {
            guard let token = next else { return .unknown }
            position += 1
            if token == "(" {
                let value = or()
                if next == ")" { position += 1 }
                return value
            }
            if next == "(" {  // a function-like condition: os(iOS), defined(DEBUG), canImport(UIKit)
                position += 1
                var argument: [String] = []
                var depth = 1
                while let part = next {
                    position += 1
                    if part == "(" { depth += 1 }
                    if part == ")" { depth -= 1; if depth == 0 { break } }
                    argument.append(part)
                }
                return function(token, argument.joined())
            }
            // A comparison (`TARGET_OS_IOS == 1`, `__IPHONE_OS_VERSION_MIN_REQUIRED >= 150000`): undecided.
            if let op = next, ["==", "!=", ">=", "<=", ">", "<"].contains(op) {
                position += 2
                return .unknown
            }
            return identifier(token)
        }

        func identifier(_ name: String) -> Truth {
            switch name {
            case "true", "1": return .yes
            case "false", "0": return .no
            case "DEBUG", "_DEBUG", "TESTING", "UNIT_TESTS": return .no
            case "TARGET_OS_SIMULATOR", "TARGET_IPHONE_SIMULATOR", "TARGET_OS_OSX", "TARGET_OS_WATCH", "TARGET_OS_TV": return objc ? .no : .unknown
            case "TARGET_OS_IPHONE", "TARGET_OS_IOS": return objc ? .yes : .unknown
            default: return .unknown
            }
        }

        func function(_ name: String, _ argument: String) -> Truth {
            switch name {
            case "defined": return ConditionalCompilation.defined(argument)
            case "os":
                switch argument {
                case "iOS": return .yes
                case "macOS", "OSX", "watchOS", "tvOS", "Linux", "Windows", "Android", "FreeBSD", "OpenBSD", "WASI", "Cygwin", "PS4", "Haiku":
                    return .no
                default: return .unknown  // visionOS: an iOS app may run there, built as iOS
                }
            case "targetEnvironment": return argument == "simulator" ? .no : .unknown
            case "arch": return argument == "arm64" ? .yes : ["x86_64", "i386", "arm", "wasm32"].contains(argument) ? .no : .unknown
            case "canImport":
                if ["UIKit", "SwiftUI", "Foundation", "Darwin"].contains(argument) { return .yes }
                return ["AppKit", "WatchKit", "Glibc", "WinSDK"].contains(argument) ? .no : .unknown
            default: return .unknown
            }
        }
    }
}
