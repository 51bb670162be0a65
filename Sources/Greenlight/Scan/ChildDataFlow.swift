import Foundation

/// `kids-data-to-third-party`: in an app for children, a child's personal data (a name, age,
/// birthday, photo, voice…) that flows into a request to a third party's web API (text to speech,
/// AI, analytics). A value is followed through assignments inside a function, into the arguments
/// of calls, and from there into the callee's parameters or a type's fields, across files. A
/// request counts when its URL names a listed third-party host, or, when the URL is not written
/// at the call, when the function names one (a literal, or a constant such as `baseURL`).
/// Swift and JavaScript/TypeScript; only the files that can take part are read.
struct ChildDataFlow {
    /// Where a value inside a function comes from.
    enum Origin: Hashable {
        case parameter(Int)
        /// A child's data read at `offset` (on `line`).
        case child(line: Int, offset: Int, name: String)
    }

    /// The third-party request a value ends in.
    struct Sink: Equatable {
        let service: String
        let host: String
        /// The function that makes the request (`ElevenLabsService.generateSpeech`).
        var function = ""
    }

    /// What a call passes: per argument, the origins of its value and the `(type, field)` of each
    /// `parameter.field` it reads (a value stored in a type's field and read back elsewhere).
    struct PassedCall {
        let call: SourceCall
        let arguments: [(key: String, origins: Set<Origin>, fields: [(type: String, field: String)])]
    }

    /// One function's own facts, which do not depend on other functions.
    struct Facts {
        let file: ParsedFile
        let function: SourceFunction
        let calls: [PassedCall]
        /// Its own requests to listed hosts, with the origins of what each sends.
        let requests: [(sink: Sink, origins: Set<Origin>)]
    }

    /// A source file read for the flow: its code, its text at the same offsets, its dotted names and functions.
    struct ParsedFile {
        let file: ScannedFile
        let code: CodeText
        let text: CodeText
        let chains: [CodeText.Chain]
        let functions: [SourceFunction]
        /// Constants of the file whose literal names a listed host (`baseURL`, `OPENAI_URL`).
        let bindings: [String: Sink]
        /// Each assignment's target name and where its value starts, in order.
        let assignments: [(target: String, value: Int)]

        init(_ file: ScannedFile) {
            self.file = file
            code = CodeText(file.lines)
            text = CodeText(file.lines, keepingStrings: true)
            chains = code.allChains()
            functions = SourceFunctions.functions(in: code, language: file.file.kind == .swift ? .swift : .javascript)
            bindings = ChildDataFlow.hostBindings(file)
            let code = self.code
            assignments = (ChildDataFlow.declaration.matches(in: code.string, range: code.all) + ChildDataFlow.reassignment.matches(in: code.string, range: code.all))
                .sorted { $0.range.location < $1.range.location }
                .map { (code.text($0.range(at: 1)), $0.range.location + $0.range.length) }
        }

        /// The dotted names inside `range`.
        func chains(in range: Range<Int>) -> ArraySlice<CodeText.Chain> {
            var low = 0, high = chains.count
            while low < high {
                let middle = (low + high) / 2
                if chains[middle].offset < range.lowerBound { low = middle + 1 } else { high = middle }
            }
            var end = low
            while end < chains.count, chains[end].offset < range.upperBound { end += 1 }
            return chains[low..<end]
        }
    }

    static let rule = KidsScanner.info("kids-data-to-third-party")
    static let declaration = try! NSRegularExpression(pattern: #"\b(?:let|var|const)\s+([A-Za-z_$][\w$]*)\s*(?::[^=\n]+?)?=(?![=>])"#)
    static let reassignment = try! NSRegularExpression(pattern: #"(?m)^\s*([A-Za-z_$][\w$]*)(?:\s*\.\s*[A-Za-z_$][\w$]*|\[[^\]\n]*\])*\s*\+?=(?![=>])"#)
    /// A constant or enum case naming a URL: `let baseURL = "…"`, `case api = "…"`, `apiURL: '…'`.
    static let binding = try! NSRegularExpression(pattern: #"(?:\b(?:let|var|const|case)\s+|^\s*)([A-Za-z_$][\w$]*)\s*(?::[^=\n]*)?[=:]"#)
    /// Types whose "fields" are methods and properties of the language, not the app's data.
    static let standardTypes: Set<String> = ["String", "Int", "Double", "Float", "Bool", "Data", "URL", "Date", "Array", "Dictionary", "Set", "Character"]

    /// Findings for a project whose users are children; `severity` is the rule's own with
    /// `--kids` (the Kids Category forbids it) and lower when only the kids hint says so.
    static func findings(_ files: [ScannedFile], severity: Severity) -> [Finding] {
        let sources = files.filter { !$0.file.isTest && ($0.file.kind == .swift || $0.file.kind == .javascript) }
        // Only files naming a listed service can send to one, and only files calling what sends can pass data on.
        var pending = sources.filter { ByteSearch.containsAny($0.lowercased, ThirdPartyServices.keywords) }
        guard !pending.isEmpty else { return [] }
        var read = Set<String>(), searched = Set<String>(), facts: [Facts] = [], sends: [String: [String: Sink]] = [:]
        var shared: [String: Sink] = [:], ambiguous = Set<String>()
        while !pending.isEmpty {
            let parsed = pending.map(ParsedFile.init)
            read.formUnion(pending.map(\.file.path))
            for file in parsed {
                for (name, sink) in file.bindings {
                    if let other = shared[name], other != sink { ambiguous.insert(name) } else { shared[name] = sink }
                }
            }
            for name in ambiguous { shared[name] = nil }
            for file in parsed { facts += file.functions.map { self.facts(of: $0, in: file, shared: shared) } }
            sends = Self.sends(facts)
            let names = Set(sends.keys).union(shared.keys).subtracting(searched)
            searched.formUnion(names)
            let needles = names.map(ByteSearch.lowered)
            pending = sources.filter { !read.contains($0.file.path) && ByteSearch.containsAny($0.lowercased, needles) }
        }
        return report(hits(facts, sends: sends), severity: severity)
    }

    /// Constants of a file whose literal names a listed host.
    static func hostBindings(_ file: ScannedFile) -> [String: Sink] {
        var names: [String: Sink] = [:]
        for line in file.lines where !line.strings.isEmpty {
            guard let named = line.strings.lazy.compactMap(ThirdPartyServices.service(in:)).first,
                  let match = binding.firstMatch(in: line.code, range: NSRange(line.code.startIndex..., in: line.code)),
                  let range = Range(match.range(at: 1), in: line.code), let end = Range(match.range, in: line.code)?.upperBound else { continue }
            // The constant's value is the literal itself (`= "https://…"`, `= URL(string: "https://…")`), not a call that uses one.
            let value = line.code[end...].drop { $0 == " " }
            guard value.hasPrefix("\"") || value.hasPrefix("'") || value.hasPrefix("`") || value.hasPrefix("#\"") || value.hasPrefix("URL(string:") else { continue }
            names[String(line.code[range])] = Sink(service: named.service.name, host: named.host)
        }
        return names
    }

    static func facts(of function: SourceFunction, in file: ParsedFile, shared: [String: Sink]) -> Facts {
        var values: [String: Set<Origin>] = [:]
        for (index, parameter) in function.parameters.enumerated() { values[parameter.name, default: []].insert(.parameter(index)) }
        func origins(_ range: Range<Int>) -> Set<Origin> {
            var result = Set<Origin>()
            for chain in file.chains(in: range) {
                let parts = chain.name.split(separator: ".")
                if let root = parts.first, let known = values[String(root)] { result.formUnion(known) }
                for length in 1...parts.count where ThirdPartyServices.isChildData(parts.prefix(length).joined(separator: ".")) {
                    result.insert(.child(line: file.code.line(at: chain.offset), offset: chain.offset, name: parts.prefix(length).joined(separator: ".")))
                    break
                }
            }
            return result
        }
        // Assignments, twice so that a value assigned below its use in a loop is seen too.
        let assignments = file.assignments.filter { function.body.contains($0.value) }
        for _ in 0..<2 {
            for assignment in assignments {
                let found = origins(assignment.value..<statementEnd(from: assignment.value, in: file.code, limit: function.body.upperBound))
                if !found.isEmpty { values[assignment.target, default: []].formUnion(found) }
            }
        }
        let calls = SourceFunctions.calls(file.chains(in: function.body), of: file.code, within: function.body, swift: file.file.file.kind == .swift).map { call in
            PassedCall(call: call, arguments: call.arguments.map { argument in
                let fields: [(type: String, field: String)] = file.chains(in: argument.range).compactMap { chain in
                    let parts = chain.name.split(separator: ".")
                    guard parts.count >= 2, !(parts.count == 2 && chain.isCalled),
                          let type = function.parameters.first(where: { $0.name == parts[0] })?.type, !standardTypes.contains(type) else { return nil }
                    return (type, String(parts[1]))
                }
                return (argument.key, origins(argument.range), fields)
            })
        }
        var requests: [(sink: Sink, origins: Set<Origin>)] = []
        var functionHost: Sink??
        for passed in calls where isRequest(passed.call) {
            var sink: Sink?
            switch target(of: passed.call, in: file, shared: shared) {
            case .listed(let listed): sink = listed
            case .elsewhere: continue
            case .unknown:
                if functionHost == nil { functionHost = .some(host(of: function, in: file, shared: shared)) }
                sink = functionHost!
            }
            guard var sink else { continue }
            sink.function = function.qualifiedName
            requests.append((sink, passed.arguments.reduce(into: Set<Origin>()) { $0.formUnion($1.origins) }))
        }
        return Facts(file: file, function: function, calls: calls, requests: requests)
    }

    /// Where the expression starting at `start` ends: a line end or `;` outside brackets, or the enclosing bracket's end.
    static func statementEnd(from start: Int, in code: CodeText, limit: Int) -> Int {
        var index = start, depth = 0
        while index < limit {
            switch code.bytes[index] {
            case 40, 91, 123: depth += 1
            case 41, 93, 125:
                if depth == 0 { return index }
                depth -= 1
            case 10, 59:
                if depth == 0 { return index }
            default: break
            }
            index += 1
        }
        return limit
    }

    /// A call that sends an HTTP request: URLSession, fetch, axios, Alamofire, ky.
    static func isRequest(_ call: SourceCall) -> Bool {
        let root = call.chain.split(separator: ".").first.map(String.init) ?? ""
        switch call.name {
        case "data", "upload", "dataTask", "uploadTask", "bytes", "download", "downloadTask":
            return ["for", "with", "from"].contains(call.arguments.first?.key ?? "")
        case "fetch": return call.chain == "fetch" || root == "window" || root == "globalThis"
        default:
            return ["axios", "ky", "superagent", "got"].contains(root) || ["AF.request", "AF.upload", "Alamofire.request"].contains(call.chain)
        }
    }

    enum Target { case listed(Sink), elsewhere, unknown }

    /// Where a request goes by its first argument: a listed host, another host or a relative path
    /// (the developer's own server), or unknown when the URL is built elsewhere.
    static func target(of call: SourceCall, in file: ParsedFile, shared: [String: Sink]) -> Target {
        guard let first = call.arguments.first else { return .unknown }
        let text = file.text.text(first.range)
        if let named = ThirdPartyServices.service(in: text) { return .listed(Sink(service: named.service.name, host: named.host)) }
        if text.contains("://") || text.range(of: #"^\s*[`'"]/"#, options: .regularExpression) != nil { return .elsewhere }
        if let root = file.chains(in: first.range).first, let sink = bound(root.name, in: file, shared: shared) { return .listed(sink) }
        return .unknown
    }

    /// The listed host a function names: a literal in its body, or a constant it reads.
    static func host(of function: SourceFunction, in file: ParsedFile, shared: [String: Sink]) -> Sink? {
        let lines = file.code.line(at: function.body.lowerBound)...file.code.line(at: max(function.body.lowerBound, function.body.upperBound - 1))
        for number in lines {
            if let named = file.file.lines[number - 1].strings.lazy.compactMap(ThirdPartyServices.service(in:)).first {
                return Sink(service: named.service.name, host: named.host)
            }
        }
        return file.chains(in: function.body).lazy.compactMap { bound($0.name, in: file, shared: shared) }.first
    }

    /// The sink a dotted name stands for: a constant of the same file (`baseURL`, `Self.baseURL`), or
    /// of another file when named through its type (`Config.elevenLabsURL`) or in capitals (`OPENAI_URL`).
    static func bound(_ chain: String, in file: ParsedFile, shared: [String: Sink]) -> Sink? {
        let parts = chain.split(separator: ".").map(String.init)
        guard let root = parts.first else { return nil }
        if let sink = file.bindings[root] ?? (root.allSatisfy { $0.isUppercase || $0 == "_" || $0.isNumber } ? shared[root] : nil) { return sink }
        guard parts.count >= 2, root.first?.isUppercase == true else { return nil }
        return parts.dropFirst().lazy.compactMap { file.bindings[$0] ?? shared[$0] }.first
    }

    /// What each function (by the name callers use) sends on to a third party, per argument key:
    /// its own requests first, then through the calls it makes, until nothing changes.
    static func sends(_ facts: [Facts]) -> [String: [String: Sink]] {
        var sends: [String: [String: Sink]] = [:]
        func add(_ name: String, _ key: String, _ sink: Sink) -> Bool {
            guard sends[name]?[key] == nil else { return false }
            sends[name, default: [:]][key] = sink
            return true
        }
        for fact in facts {
            for request in fact.requests {
                for case .parameter(let index) in request.origins { _ = add(fact.function.name, fact.function.parameters[index].key, request.sink) }
            }
        }
        for _ in 0..<12 {
            var changed = false
            for fact in facts {
                for passed in fact.calls {
                    guard let sent = sends[passed.call.name] else { continue }
                    for argument in passed.arguments {
                        guard let sink = sent[argument.key] else { continue }
                        for case .parameter(let index) in argument.origins { changed = add(fact.function.name, fact.function.parameters[index].key, sink) || changed }
                        for field in argument.fields { changed = add(field.type, field.field, sink) || changed }
                    }
                }
            }
            if !changed { break }
        }
        return sends
    }

    /// A place where a child's data enters a flow to a third party.
    struct Hit {
        let file: String
        let line: Int
        let offset: Int
        let name: String
        let code: String
        let sink: Sink
        /// The function the data is passed to, when it is not sent right there.
        let via: String?
    }

    static func hits(_ facts: [Facts], sends: [String: [String: Sink]]) -> [Hit] {
        var hits: [Hit] = []
        for fact in facts {
            func hit(_ origins: Set<Origin>, _ sink: Sink, via: String?) {
                for case .child(let line, let offset, let name) in origins {
                    hits.append(Hit(file: fact.file.file.file.path, line: line, offset: offset, name: name, code: fact.file.file.lines[line - 1].raw.trimmedSpaces,
                                    sink: sink, via: via))
                }
            }
            for request in fact.requests { hit(request.origins, request.sink, via: nil) }
            for passed in fact.calls {
                guard let sent = sends[passed.call.name] else { continue }
                for argument in passed.arguments { if let sink = sent[argument.key] { hit(argument.origins, sink, via: passed.call.name) } }
            }
        }
        return hits
    }

    /// One finding per third-party host, at the first place (by file and line) its data starts
    /// from; the detail names the other places.
    static func report(_ hits: [Hit], severity: Severity) -> [Finding] {
        let byHost = Dictionary(grouping: hits, by: \.sink.host)
        return byHost.keys.sorted().compactMap { host in
            var seen = Set<String>()
            let places = byHost[host]!.sorted { ($0.file, $0.offset) < ($1.file, $1.offset) }.filter { seen.insert("\($0.file):\($0.line)").inserted }
            guard let first = places.first else { return nil }
            let route = first.via.map { "is passed to \($0)(…), which sends it" } ?? "is sent"
            var detail = "\(first.name) (a child's personal data) \(route) to \(host) (\(first.sink.service), in \(first.sink.function)). "
                + "Kids Category apps may not send personal data to third parties (1.3, 5.1.4), and COPPA requires a parent's consent."
            let others = places.dropFirst()
            if !others.isEmpty {
                let listed = others.prefix(3).map { "\(($0.file as NSString).lastPathComponent):\($0.line)" }.joined(separator: ", ")
                detail += " Also at \(others.count) other place\(others.count == 1 ? "" : "s")\(others.count > 3 ? ", among them" : ":") \(listed)."
            }
            var finding = rule.finding(source: .codescan, title: "A child's \(kind(of: first.name)) is sent to \(first.sink.service)",
                                       detail: detail, file: first.file, line: first.line, code: first.code)
            finding.severity = severity
            return finding
        }
    }

    /// "name", "age", "photo"… from the data's name, for the title.
    static func kind(of name: String) -> String {
        let last = (name.split(separator: ".").last.map(String.init) ?? name).lowercased()
        for (word, kind) in [("birth", "birthday"), ("dob", "birthday"), ("photo", "photo"), ("picture", "photo"), ("avatar", "photo"), ("image", "photo"),
                             ("voice", "voice"), ("recording", "voice"), ("email", "email address"), ("address", "address"), ("school", "school"),
                             ("location", "location"), ("name", "name"), ("age", "age")] where last.contains(word) {
            return kind
        }
        return "personal data"
    }
}
