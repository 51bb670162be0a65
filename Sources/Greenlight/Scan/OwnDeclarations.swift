import Foundation

extension CodeScanner {
    /// `private-api` is about Apple's underscored selectors and ivars. A name the app declares
    /// itself (`var _hidden`, an Objective-C property `hidden` whose ivar is `_hidden`, `@synthesize
    /// x = _x`) reached by key-value coding is the app's own, so those findings are dropped.
    static func withoutOwnUnderscoredNames(_ findings: [Finding], files: [ScannedFile]) -> [Finding] {
        let candidates = findings.filter { $0.ruleId == "private-api" }
        guard !candidates.isEmpty else { return findings }
        let own = ownUnderscoredNames(in: files)
        guard !own.isEmpty else { return findings }
        return findings.filter { finding in
            guard finding.ruleId == "private-api", let name = underscoredName(in: finding.code ?? "") else { return true }
            return !own.contains(name)
        }
    }

    static let declarations = [
        try! NSRegularExpression(pattern: #"\b(?:var|let)\s+(_[A-Za-z]\w*)"#),
        try! NSRegularExpression(pattern: #"@synthesize\s+\w+\s*=\s*(_[A-Za-z]\w*)"#),
        try! NSRegularExpression(pattern: #"^\s*[A-Za-z_][\w<>\s\*]*?\*?\s*(_[A-Za-z]\w*)\s*;"#),  // an ivar in an @interface { } block
    ]
    static let property = try! NSRegularExpression(pattern: #"@property\b[^;]*?\b([A-Za-z]\w*)\s*;"#)
    static let keyString = try! NSRegularExpression(pattern: #""(_[A-Za-z]\w*)""#)

    /// Underscored names the project's own Swift and Objective-C code declares.
    static func ownUnderscoredNames(in files: [ScannedFile]) -> Set<String> {
        var names = Set<String>()
        for file in files where FileKind.native.contains(file.file.kind) && ByteSearch.contains(file.lowercased, Array("_".utf8)) {
            for line in file.lines where line.code.contains("_") || line.code.contains("@property") {
                let code = line.code
                let range = NSRange(code.startIndex..., in: code)
                for expression in declarations {
                    for match in expression.matches(in: code, range: range) {
                        if let name = Range(match.range(at: 1), in: code) { names.insert(String(code[name])) }
                    }
                }
                if file.file.kind == .objc, let match = property.firstMatch(in: code, range: range), let name = Range(match.range(at: 1), in: code) {
                    names.insert("_" + code[name])
                }
            }
        }
        return names
    }

    /// The `"_name"` a private-api finding's line passes as a key or selector.
    static func underscoredName(in code: String) -> String? {
        guard let match = keyString.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)),
              let range = Range(match.range(at: 1), in: code) else { return nil }
        return String(code[range])
    }
}
