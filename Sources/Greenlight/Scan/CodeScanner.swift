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
    /// Which keywords of `ScanKeywords.index` the file holds (every scanner's prefilter, one pass).
    let present: [Bool]
    let lines: [LexedLine]
    /// Lines inside `#Preview { … }` or a `PreviewProvider`.
    let previewLines: Set<Int>
    /// Per line: the rule ids an inline `greenlight:ignore` silences there (an empty set: all rules).
    let suppressions: [Int: Set<String>]
    /// The parsed property list, for plists, entitlements, privacy manifests and project.pbxproj.
    let plist: ParsedPlist?

    func isSuppressed(_ ruleId: String, line: Int) -> Bool {
        guard let ids = suppressions[line] else { return false }
        return ids.isEmpty || ids.contains(ruleId)
    }
}

/// Runs the codescan rules over a project's files.
public struct CodeScanner: Sendable {
    public let configuration: GreenlightConfiguration

    public init(configuration: GreenlightConfiguration = GreenlightConfiguration()) { self.configuration = configuration }

    static let compiled: [CompiledRule] = CodeRules.all.map(CompiledRule.init)
    /// Every rule's keywords, one group per rule, in `compiled` order.
    static var keywordIndex: KeywordGroups { ScanKeywords.code }

    /// Every codescan rule's description, in registry order.
    public static var ruleInfos: [RuleInfo] {
        CodeRules.all.map { RuleInfo(id: $0.id, severity: $0.severity, guideline: $0.guideline, title: $0.title, fix: $0.fix) }
            + FileRules.rules.map { RuleInfo(id: $0.id, severity: $0.severity, guideline: $0.guideline, title: $0.id, fix: $0.fix) }
    }

    public static var ruleIds: Set<String> { Set(ruleInfos.map(\.id)) }

    public struct Result: Sendable {
        public var findings: [Finding]
        public var filesScanned: Int
        public var skipped: [SkippedFile]
    }

    public func scan(_ files: [ProjectFile], sizeLimit: Int = ProjectWalker.defaultSizeLimit) -> Result {
        let read = Self.readAll(files, sizeLimit: sizeLimit, scanningWith: self)
        let found = configure(read.findings)
        return Result(findings: Self.deduplicated(found), filesScanned: read.files.count, skipped: read.skipped)
    }

    struct ReadResult {
        var files: [ScannedFile]
        var skipped: [SkippedFile]
        /// The codescan findings, when a scanner was given (before severity overrides and de-duplication).
        var findings: [Finding]
    }

    /// Reads and lexes every file a scanner looks at, in parallel, and runs the code rules on each
    /// file while it is at hand when `scanner` is given; binary or unreadable files are returned as skipped.
    static func readAll(_ files: [ProjectFile], sizeLimit: Int = ProjectWalker.defaultSizeLimit, scanningWith scanner: CodeScanner? = nil) -> ReadResult {
        var scanned = [ScannedFile?](repeating: nil, count: files.count)
        var skipped = [SkippedFile?](repeating: nil, count: files.count)
        var perFile = [[Finding]](repeating: [], count: files.count)
        scanned.withUnsafeMutableBufferPointer { scannedBuffer in
            skipped.withUnsafeMutableBufferPointer { skippedBuffer in
                perFile.withUnsafeMutableBufferPointer { findingsBuffer in
                    nonisolated(unsafe) let scannedOut = scannedBuffer, skippedOut = skippedBuffer, findingsOut = findingsBuffer
                    DispatchQueue.concurrentPerform(iterations: files.count) { index in
                        switch Self.read(files[index], sizeLimit: sizeLimit) {
                        case .success(let file):
                            scannedOut[index] = file
                            if let scanner { findingsOut[index] = scanner.findings(in: file) }
                        case .failure(let skip): skippedOut[index] = skip
                        }
                    }
                }
            }
        }
        let read = scanned.compactMap { $0 }
        let findings = scanner.map { $0.applyProjectScope(perFile.flatMap { $0 }, files: read) } ?? []
        return ReadResult(files: read, skipped: skipped.compactMap { $0 }, findings: findings)
    }

    /// Whether any of a rule's patterns matches anywhere (ignoring its safeguards), e.g. "uses a tracking SDK".
    static func matchesAnywhere(ruleId: String, in files: [ScannedFile]) -> Bool {
        guard let ruleIndex = compiled.firstIndex(where: { $0.rule.id == ruleId }) else { return false }
        let compiled = compiled[ruleIndex]
        return files.contains { file in
            compiled.rule.kinds.contains(file.file.kind) && keywordIndex.has(ruleIndex, present: file.present)
                && file.lines.contains { line in compiled.patterns.contains { $0.matches(line.text) } }
        }
    }

    // MARK: - Reading

    /// The file's bytes (open, fstat, read: no Foundation on the hot path), or why it was not read.
    struct LoadFailure: Error { let reason: SkippedFile.Reason }

    static func load(_ path: String, sizeLimit: Int) -> Swift.Result<[UInt8], LoadFailure> {
        func failure() -> Swift.Result<[UInt8], LoadFailure> { .failure(LoadFailure(reason: .unreadable(String(cString: strerror(errno))))) }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return failure() }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return failure() }
        let size = Int(info.st_size)
        guard size <= sizeLimit else { return .failure(LoadFailure(reason: .tooLarge(limit: sizeLimit))) }
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            while count < size {
                let got = Glibc.read(fd, buffer.baseAddress! + count, size - count)
                if got < 0 && errno == EINTR { continue }
                if got < 0 { failed = true }
                if got <= 0 { break }
                count += got
            }
        }
        return failed ? failure() : .success(bytes)
    }

    /// String catalogs hold every language of an app in one file: they may be this many times larger.
    static let catalogSizeFactor = 8

    static func read(_ file: ProjectFile, sizeLimit: Int) -> Swift.Result<ScannedFile, SkippedFile> {
        let data: [UInt8]
        switch load(file.absolutePath, sizeLimit: file.kind == .strings ? sizeLimit * catalogSizeFactor : sizeLimit) {
        case .success(let bytes): data = bytes
        case .failure(let failure): return .failure(SkippedFile(path: file.path, reason: failure.reason))
        }
        let hasNUL = data.withUnsafeBytes { buffer in
            buffer.count > 0 && memchr(buffer.baseAddress!, 0, min(buffer.count, 8000)) != nil
        }
        if hasNUL {
            // Binary plists are parsed, not lexed; other binary files are skipped and reported.
            if file.kind == .plist || file.kind == .entitlements || file.kind == .privacyManifest,
               let plist = try? PropertyListSerialization.propertyList(from: Data(data), format: nil),
               let xml = try? PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0) {
                return .success(make(file, bytes: Array(xml)))
            }
            // Localized strings are often UTF-16 (Xcode's old default) or a compiled binary plist.
            if file.kind == .strings, let text = LocalizedStrings.text(of: Data(data)) {
                return .success(make(file, bytes: Array(text.utf8)))
            }
            return .failure(SkippedFile(path: file.path, reason: .binary))
        }
        return .success(make(file, bytes: data))
    }

    static func make(_ file: ProjectFile, bytes: [UInt8]) -> ScannedFile {
        let text = String(decoding: bytes, as: UTF8.self)
        let language = file.kind.lexer(forPath: file.path)
        var lines: [LexedLine]
        if let language {
            lines = SourceLexer(language: language).lex(bytes: bytes)
            // Code in `#if DEBUG`, `#if targetEnvironment(simulator)`… does not ship: no rule sees it.
            if FileKind.native.contains(file.kind), ByteSearch.contains(bytes, Array("#if".utf8)) {
                let inactive = ConditionalCompilation.inactiveLines(lines, objc: file.kind == .objc)
                if !inactive.isEmpty {
                    lines = lines.map { line in
                        inactive.contains(line.number)
                            ? LexedLine(number: line.number, raw: line.raw, code: "", strings: [], comment: line.comment, text: "") : line
                    }
                }
            }
        } else {
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
                let raw = String(line)
                return LexedLine(number: index + 1, raw: raw, code: raw, strings: [], comment: "", text: raw)
            }
        }
        let lowercased = ByteSearch.lowered(bytes)
        let hasPreviews = file.kind == .swift && ByteSearch.contains(lowercased, Array("preview".utf8))
        return ScannedFile(file: file, text: text, lowercased: lowercased, present: ScanKeywords.index.present(in: lowercased), lines: lines,
                           previewLines: hasPreviews ? previews(lines) : [], suppressions: suppressions(lines, kind: file.kind),
                           plist: ParsedPlist.kinds.contains(file.kind) ? ParsedPlist(text: text, file: file) : nil)
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
            if kind.language != nil || kind == .json || kind == .strings {
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
            let standalone = line.code.trimmedSpaces.isEmpty
                || (kind.language == nil && line.raw.trimmedSpaces.hasPrefix("<!--"))
            result[standalone ? line.number + 1 : line.number, default: []].formUnion(ids)
            if ids.isEmpty { result[standalone ? line.number + 1 : line.number] = [] }
        }
        return result
    }

    // MARK: - Matching

    func findings(in scanned: ScannedFile) -> [Finding] {
        var found: [Finding] = []
        let present = scanned.present
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
        // Each raw line's bytes in the lower-cased file: a line whose raw text lacks every keyword
        // cannot match, whatever part of it a rule looks at.
        var rawLines: [Range<Int>]?
        for (ruleIndex, compiled) in Self.compiled.enumerated() {
            let rule = compiled.rule
            guard rule.kinds.contains(scanned.file.kind), !configuration.disabled.contains(rule.id) else { continue }
            if rule.skipsTestsAndPreviews && scanned.file.isTest { continue }
            // Only the rule's keywords present in the file need looking for on each line.
            let keywords = Self.keywordIndex.keywords(of: ruleIndex, present: present)
            guard !keywords.isEmpty else { continue }
            if rawLines == nil { rawLines = ByteSearch.lineRanges(scanned.lowercased) }
            var hits: [Finding] = []
            for lineIndex in scanned.lines.indices {
                let line = scanned.lines[lineIndex]
                if lineIndex < rawLines!.count, !ByteSearch.containsAny(scanned.lowercased, in: rawLines![lineIndex], keywords) { continue }
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
                                    code: String(line.raw.trimmedSpaces.prefix(200))))
                if rule.scope == .oncePerProject { break }
            }
            if hits.count > rule.minimumHitsPerFile { found += hits }
        }
        for rule in FileRules.rules where rule.kinds.contains(scanned.file.kind) && !configuration.disabled.contains(rule.id) {
            for problem in rule.check(scanned.file, scanned.text, scanned.plist?.dictionary) where !scanned.isSuppressed(rule.id, line: problem.line) {
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
        let ordered = Self.withoutOwnUnderscoredNames(findings, files: files).sorted { ($0.file, $0.line) < ($1.file, $1.line) }
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
