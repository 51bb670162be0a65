import Dispatch
import Foundation

/// A rule with its patterns compiled once. A class: the scan loop passes it around without
/// copying (and retaining) its many fields.
final class CompiledRule: @unchecked Sendable {  // immutable; NSRegularExpression is thread-safe
    let rule: CodeRule
    let patterns: [NSRegularExpression]
    let exclusions: [NSRegularExpression]
    let safeguards: [NSRegularExpression]
    /// The keywords as lower-cased bytes, for the prefilters.
    let keywords: [[UInt8]]

    init(_ rule: CodeRule) {
        let options: NSRegularExpression.Options = rule.caseInsensitive ? [.caseInsensitive] : []
        self.rule = rule
        patterns = rule.patterns.map { try! NSRegularExpression(pattern: $0, options: options) }
        exclusions = rule.lineExclusions.map { try! NSRegularExpression(pattern: $0, options: []) }
        safeguards = rule.safeguards.map { try! NSRegularExpression(pattern: $0, options: []) }
        keywords = rule.keywords.map { ByteSearch.lowered($0) }
    }
}

extension NSRegularExpression {
    func matches(_ text: String) -> Bool {
        firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

/// A source or config file read and lexed once for every rule.
struct ScannedFile: Sendable {
    let file: ProjectFile
    let text: String
    let lowercased: [UInt8]
    let lines: [LexedLine]
    /// Lines inside `#Preview { … }` or a `PreviewProvider`.
    let previewLines: Set<Int>
    /// Per line: the rule ids an inline `greenlight:ignore` silences there (an empty set: all rules).
    let suppressions: [Int: Set<String>]

    func isSuppressed(_ ruleId: String, line: Int) -> Bool {
        guard let ids = suppressions[line] else { return false }
        return ids.isEmpty || ids.contains(ruleId)
    }
}

/// Runs the codescan rules over a project's files.
public struct CodeScanner: Sendable {
    public let configuration: GreenlightConfiguration

    public init(configuration: GreenlightConfiguration = GreenlightConfiguration()) { self.configuration = configuration }

    static let compiled: [CompiledRule] = CodeRules.patternRules.map(CompiledRule.init)
    /// Every rule's keywords, one group per rule, in `compiled` order.
    static let keywordIndex = KeywordIndex(groups: compiled.map(\.keywords))

    /// Every codescan rule's description, in registry order.
    public static var ruleInfos: [RuleInfo] {
        CodeRules.patternRules.map { RuleInfo(id: $0.id, severity: $0.severity, guideline: $0.guideline, title: $0.title, fix: $0.fix) }
            + FileRules.rules.map { RuleInfo(id: $0.id, severity: $0.severity, guideline: $0.guideline, title: $0.id, fix: $0.fix) }
    }

    public static var ruleIds: Set<String> { Set(ruleInfos.map(\.id)) }

    public struct Result: Sendable {
        public var findings: [Finding]
        public var filesScanned: Int
        public var skipped: [SkippedFile]
    }

    public func scan(_ files: [ProjectFile]) -> Result {
        let (scanned, skipped) = Self.readAll(files)
        let found = configure(scan(scanned))
        return Result(findings: Self.deduplicated(found), filesScanned: scanned.count, skipped: skipped)
    }

    /// Reads and lexes every file a scanner looks at, in parallel; binary or unreadable ones are returned as skipped.
    static func readAll(_ files: [ProjectFile]) -> ([ScannedFile], [SkippedFile]) {
        let relevant = files
        var scanned = [ScannedFile?](repeating: nil, count: relevant.count)
        var skipped = [SkippedFile?](repeating: nil, count: relevant.count)
        scanned.withUnsafeMutableBufferPointer { scannedBuffer in
            skipped.withUnsafeMutableBufferPointer { skippedBuffer in
                nonisolated(unsafe) let scannedOut = scannedBuffer, skippedOut = skippedBuffer
                DispatchQueue.concurrentPerform(iterations: relevant.count) { index in
                    switch Self.read(relevant[index]) {
                    case .success(let file): scannedOut[index] = file
                    case .failure(let skip): skippedOut[index] = skip
                    }
                }
            }
        }
        return (scanned.compactMap { $0 }, skipped.compactMap { $0 })
    }

    /// The codescan findings of already-read files (before severity overrides and de-duplication).
    func scan(_ files: [ScannedFile]) -> [Finding] {
        var perFile = [[Finding]](repeating: [], count: files.count)
        perFile.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: files.count) { index in out[index] = self.findings(in: files[index]) }
        }
        return applyProjectScope(perFile.flatMap { $0 }, files: files)
    }

    /// Whether any of a rule's patterns matches anywhere (ignoring its safeguards), e.g. "uses a tracking SDK".
    static func matchesAnywhere(ruleId: String, in files: [ScannedFile]) -> Bool {
        guard let compiled = compiled.first(where: { $0.rule.id == ruleId }) else { return false }
        return files.contains { file in
            compiled.rule.kinds.contains(file.file.kind) && ByteSearch.containsAny(file.lowercased, compiled.keywords)
                && file.lines.contains { line in compiled.patterns.contains { $0.matches(line.text) } }
        }
    }

    // MARK: - Reading

    static func read(_ file: ProjectFile) -> Swift.Result<ScannedFile, SkippedFile> {
        guard let data = FileManager.default.contents(atPath: file.url.path) else {
            return .failure(SkippedFile(path: file.path, reason: .unreadable("permission denied or vanished")))
        }
        let hasNUL = data.withUnsafeBytes { buffer in
            buffer.count > 0 && memchr(buffer.baseAddress!, 0, min(buffer.count, 8000)) != nil
        }
        if hasNUL {
            // Binary plists are parsed, not lexed; other binary files are skipped and reported.
            if file.kind == .plist || file.kind == .entitlements || file.kind == .privacyManifest,
               let plist = try? PropertyListSerialization.propertyList(from: data, format: nil),
               let xml = try? PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0) {
                return .success(make(file, text: String(decoding: xml, as: UTF8.self)))
            }
            return .failure(SkippedFile(path: file.path, reason: .binary))
        }
        return .success(make(file, text: String(decoding: data, as: UTF8.self)))
    }

    static func make(_ file: ProjectFile, text: String) -> ScannedFile {
        let language: SourceLanguage? = file.kind == .json ? .javascript : file.kind.language
        let lines: [LexedLine]
        if let language {
            lines = SourceLexer(language: language).lex(text)
        } else {
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
                let raw = String(line)
                return LexedLine(number: index + 1, raw: raw, code: raw, strings: [], comment: "", text: raw)
            }
        }
        return ScannedFile(file: file, text: text, lowercased: ByteSearch.lowered(text), lines: lines,
                           previewLines: file.kind == .swift ? previews(lines) : [], suppressions: suppressions(lines, kind: file.kind))
    }

    static let previewMarker = Array("#Preview".utf8), previewProvider = Array("PreviewProvider".utf8)

    /// Lines of SwiftUI previews: from `#Preview` or a `PreviewProvider` type to its closing brace.
    static func previews(_ lines: [LexedLine]) -> Set<Int> {
        var result = Set<Int>()
        var depth = 0
        var inside = false
        for line in lines {
            if !inside, ByteSearch.contains(Array(line.code.utf8), previewMarker) || ByteSearch.contains(Array(line.code.utf8), previewProvider) {
                inside = true
                depth = 0
            }
            guard inside else { continue }
            result.insert(line.number)
            for byte in line.code.utf8 {
                if byte == 123 { depth += 1 }
                if byte == 125 {
                    depth -= 1
                    if depth == 0 { inside = false }
                }
            }
        }
        return result
    }

    /// `// greenlight:ignore [ids]` silences the same line, or the next line when it stands alone.
    static func suppressions(_ lines: [LexedLine], kind: FileKind) -> [Int: Set<String>] {
        var result: [Int: Set<String>] = [:]
        for line in lines {
            let directive: String?
            if kind.language != nil || kind == .json {
                directive = line.comment.utf8.starts(with: "greenlight:ignore".utf8) ? String(line.comment.dropFirst("greenlight:ignore".count)) : nil
            } else if ByteSearch.contains(Array(line.raw.utf8), Array("greenlight:ignore".utf8)),
                      let range = line.raw.range(of: #"<!--\s*greenlight:ignore([^>]*?)-->"#, options: .regularExpression) {
                directive = String(line.raw[range]).replacingOccurrences(of: "-->", with: "")
                    .components(separatedBy: "greenlight:ignore").last
            } else {
                directive = nil
            }
            guard let directive else { continue }
            let ids = Set(directive.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init).filter { !$0.isEmpty })
            let standalone = line.code.trimmingCharacters(in: .whitespaces).isEmpty
                || (kind.language == nil && line.raw.trimmingCharacters(in: .whitespaces).hasPrefix("<!--"))
            result[standalone ? line.number + 1 : line.number, default: []].formUnion(ids)
            if ids.isEmpty { result[standalone ? line.number + 1 : line.number] = [] }
        }
        return result
    }

    // MARK: - Matching

    func findings(in scanned: ScannedFile) -> [Finding] {
        var found: [Finding] = []
        let present = Self.keywordIndex.present(in: scanned.lowercased)
        // Lower-cased bytes of each line's code, text and strings, made once and shared by the rules.
        var loweredCache: [MatchTarget: [[[UInt8]]?]] = [.code: Array(repeating: nil, count: scanned.lines.count),
                                                          .text: Array(repeating: nil, count: scanned.lines.count),
                                                          .strings: Array(repeating: nil, count: scanned.lines.count)]
        func lowered(_ target: MatchTarget, _ index: Int, _ candidates: [String]) -> [[UInt8]] {
            if let cached = loweredCache[target]![index] { return cached }
            let made = candidates.map { ByteSearch.lowered($0) }
            loweredCache[target]![index] = made
            return made
        }
        for (ruleIndex, compiled) in Self.compiled.enumerated() {
            let rule = compiled.rule
            guard rule.kinds.contains(scanned.file.kind), !configuration.disabled.contains(rule.id) else { continue }
            if rule.skipsTestsAndPreviews && scanned.file.isTest { continue }
            // Only the rule's keywords present in the file need looking for on each line.
            let keywords = Self.keywordIndex.keywords(of: ruleIndex, present: present)
            guard !keywords.isEmpty else { continue }
            var hits: [Finding] = []
            for lineIndex in scanned.lines.indices {
                let line = scanned.lines[lineIndex]
                if rule.skipsTestsAndPreviews && scanned.previewLines.contains(line.number) { continue }
                let candidates: [String]
                switch rule.target {
                case .code: candidates = [line.code]
                case .strings: candidates = line.strings
                case .text: candidates = [line.text]
                }
                // The regexes run only on text that holds one of the rule's keywords.
                guard !candidates.isEmpty else { continue }
                let loweredCandidates = lowered(rule.target, lineIndex, candidates)
                guard zip(candidates, loweredCandidates).contains(where: { candidate, lower in
                    ByteSearch.containsAny(lower, keywords) && compiled.patterns.contains { $0.matches(candidate) }
                }) else { continue }
                if compiled.exclusions.contains(where: { $0.matches(line.text) }) { continue }
                if scanned.isSuppressed(rule.id, line: line.number) { continue }
                hits.append(Finding(ruleId: rule.id, source: .codescan, severity: rule.severity, guideline: rule.guideline, title: rule.title,
                                    detail: rule.detail, fix: rule.fix, file: scanned.file.path, line: line.number,
                                    code: String(line.raw.trimmingCharacters(in: .whitespaces).prefix(200))))
                if rule.scope == .oncePerProject { break }
            }
            if hits.count > rule.minimumHitsPerFile { found += hits }
        }
        for rule in FileRules.rules where rule.kinds.contains(scanned.file.kind) && !configuration.disabled.contains(rule.id) {
            for problem in rule.check(scanned.file, scanned.text) where !scanned.isSuppressed(rule.id, line: problem.line) {
                found.append(Finding(ruleId: rule.id, source: .codescan, severity: rule.severity, guideline: rule.guideline, title: problem.title,
                                     detail: problem.detail, fix: rule.fix, file: scanned.file.path, line: problem.line, code: nil))
            }
        }
        return found
    }

    /// Keeps the first finding of each once-per-project rule, unless a safeguard occurs in code or
    /// strings anywhere in the project (a safeguard in a comment does not count).
    func applyProjectScope(_ findings: [Finding], files: [ScannedFile]) -> [Finding] {
        var result: [Finding] = []
        var seen = Set<String>()
        let ordered = findings.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
        for finding in ordered {
            guard let compiled = Self.compiled.first(where: { $0.rule.id == finding.ruleId }), compiled.rule.scope == .oncePerProject else {
                result.append(finding)
                continue
            }
            guard !seen.contains(finding.ruleId) else { continue }
            seen.insert(finding.ruleId)
            if !Self.hasSafeguard(compiled, in: files) { result.append(finding) }
        }
        return result
    }

    static func hasSafeguard(_ compiled: CompiledRule, in files: [ScannedFile]) -> Bool {
        guard !compiled.safeguards.isEmpty else { return false }
        for file in files where FileKind.source.contains(file.file.kind) || file.file.kind == .json {
            for line in file.lines where compiled.safeguards.contains(where: { $0.matches(line.text) }) { return true }
        }
        return false
    }

    func configure(_ findings: [Finding]) -> [Finding] {
        findings.map { finding in
            var finding = finding
            if let severity = configuration.severities[finding.ruleId] { finding.severity = severity }
            return finding
        }
    }

    /// One finding per (rule, file, line), worst first, then by place.
    public static func deduplicated(_ findings: [Finding]) -> [Finding] {
        var seen = Set<String>()
        return findings
            .sorted { a, b in
                if a.severity != b.severity { return a.severity > b.severity }
                if a.file != b.file { return a.file < b.file }
                if a.line != b.line { return a.line < b.line }
                return a.ruleId < b.ruleId
            }
            .filter { seen.insert("\($0.ruleId)|\($0.file)|\($0.line)").inserted }
    }
}
