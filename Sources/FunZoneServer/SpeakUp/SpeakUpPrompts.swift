import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import SpeechCoach
import Storage

/// SpeakUp's prompt library for the person speaking: the app's prompts of their kind (Show & Tell's
/// or the coach's) and their own, each marked answered once a take used it, with counts per
/// category; their own prompts added one by one or from a CSV file, exported as CSV, and deleted.
/// Importing and exporting a file sit behind the parent gate, as everything that leaves the app.
struct SpeakUpPromptsController {
    let services: Services

    func addRoutes(to kid: AccessGroup<Kid>) {
        kid.get("prompts", use: library)
        kid.post("prompts", use: add)
        kid.post("prompts/batch", use: addBatch)
        kid.delete("prompts/:promptId", use: delete)
        kid.post("prompts/import", use: importFile)
        kid.post("prompts/export", use: exportFile)
    }

    struct LibraryResponse: Codable {
        struct Category: Codable { let id: String; let name: String; let total: Int; let answered: Int }
        struct Item: Codable {
            let id: String
            let text: String
            let category: String
            let difficulty: SpeakingPrompt.Difficulty
            let seconds: Int
            let emoji: String?
            let custom: Bool
            let answered: Bool
        }
        let categories: [Category]
        let prompts: [Item]
        let customCount: Int
        let customLimit: Int
    }

    @Sendable func library(_ request: Request, caller: Kid) async throws -> Reply<LibraryResponse> {
        let (scope, child) = (caller.session.scope, caller.child)
        let kids = Self.forKids(child)
        let custom = try await services.speakUp.customPrompts(childId: child.id, in: scope).filter { $0.forKids == kids }
        let answered = Set(try await services.speakUp.answeredPrompts(childId: child.id, in: scope))
        let prompts = PromptLibrary.standard.prompts.filter { $0.forKids == kids } + custom
        let items = prompts.map { Self.item($0, answered: answered) }
        let categories = PromptLibrary.standard.categories(forKids: kids).map { category in
            let inside = items.filter { $0.category == category.id }
            return LibraryResponse.Category(id: category.id, name: category.name, total: inside.count, answered: inside.filter(\.answered).count)
        }
        return Reply(LibraryResponse(categories: categories, prompts: items, customCount: custom.count, customLimit: CustomPrompts.perProfile))
    }

    struct AddRequest: Codable {
        let text: String
        let category: String?
        let difficulty: String?
    }

    /// One prompt of the speaker's own; its category one of their kind's (Personal Growth, or All
    /// About Me for Show & Tell, when none is given).
    @Sendable func add(_ request: Request, caller: Kid) async throws -> Reply<LibraryResponse.Item> {
        let body = try await request.decodeJSON(AddRequest.self, context: caller.context)
        let kids = Self.forKids(caller.child)
        var category = PromptLibrary.fallbackCategory(forKids: kids)
        if let named = body.category, !named.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let known = CustomPrompts.category(named, in: PromptLibrary.standard.categories(forKids: kids)) else {
                throw PromptRuleError.unknownCategory(String(named.prefix(30)))
            }
            category = known.id
        }
        let draft = PromptDraft(text: try CustomPrompts.cleanText(body.text), category: category,
                                difficulty: try CustomPrompts.difficulty(body.difficulty ?? ""))
        let prompt = CustomPrompts.prompt(id: newId(), draft: draft, forKids: kids)
        try await services.speakUp.addPrompts([prompt], childId: caller.child.id, in: caller.session.scope,
                                              now: services.clock.now(), limit: CustomPrompts.perProfile)
        return Reply(Self.item(prompt, answered: []), status: .created)
    }

    struct BatchRequest: Codable {
        /// One prompt a line.
        let text: String
        let category: String?
        let difficulty: String?
    }

    struct BatchResponse: Codable {
        let added: Int
        /// Lines (1 is the first) already in the library or given twice.
        let skipped: [Int]
    }

    /// Several prompts of the speaker's own, pasted one a line (at most 50), added together or not at all.
    @Sendable func addBatch(_ request: Request, caller: Kid) async throws -> Reply<BatchResponse> {
        let body = try await request.decodeJSON(BatchRequest.self, context: caller.context, limit: 64 * 1024)
        let (kids, scope, child) = (Self.forKids(caller.child), caller.session.scope, caller.child)
        var category = PromptLibrary.fallbackCategory(forKids: kids)
        if let named = body.category, !named.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let known = CustomPrompts.category(named, in: PromptLibrary.standard.categories(forKids: kids)) else {
                throw PromptRuleError.unknownCategory(String(named.prefix(30)))
            }
            category = known.id
        }
        let existing = try await services.speakUp.customPrompts(childId: child.id, in: scope)
        let difficulty = try CustomPrompts.difficulty(body.difficulty ?? "")
        let batch: (drafts: [PromptDraft], skipped: [Int])
        do {
            batch = try CustomPrompts.batch(body.text, category: category, difficulty: difficulty,
                                            existingKeys: Set(existing.map { CustomPrompts.key($0.text) }))
        } catch {
            throw Self.batchError(error)
        }
        let prompts = batch.drafts.map { CustomPrompts.prompt(id: newId(), draft: $0, forKids: kids) }
        try await services.speakUp.addPrompts(prompts, childId: child.id, in: scope, now: services.clock.now(), limit: CustomPrompts.perProfile)
        return Reply(BatchResponse(added: prompts.count, skipped: batch.skipped), status: .created)
    }

    /// A refused batch in the words of a pasted list: lines, not rows.
    static func batchError(_ error: PromptRuleError) -> any Error {
        switch error {
        case .badRows(let rows):
            let named = rows.prefix(10).map { "line \($0.row): \($0.reason)" }.joined(separator: "; ")
            let more = rows.count > 10 ? "; and \(rows.count - 10) more" : ""
            return APIError.invalid("text", "Nothing was added. Fix \(rows.count == 1 ? "this line" : "these lines"): \(named)\(more).")
        case .tooManyRows(let limit): return APIError.invalid("text", "At most \(limit) prompts at once: paste the rest next. Nothing was added.")
        case .textTooShort: return APIError.invalid("text", "Write one prompt a line.")
        default: return error
        }
    }

    @Sendable func delete(_ request: Request, caller: Kid) async throws -> NoContent {
        let id = try caller.context.parameters.require("promptId")
        guard try await services.speakUp.deletePrompt(id: id, childId: caller.child.id, in: caller.session.scope) else {
            throw APIError(.notFound, "No prompt of your own with that id.")
        }
        return NoContent()
    }

    struct ImportResponse: Codable {
        let added: Int
        /// File rows (1 is the first line) already in the library or earlier in the file.
        let skipped: [Int]
        /// File rows whose category was not known, filed under the fallback category.
        let refiled: [Int]
        let refiledTo: String
    }

    /// A CSV file (`text,category,difficulty`) added whole or not at all; behind the parent gate.
    @Sendable func importFile(_ request: Request, caller: Kid) async throws -> Reply<ImportResponse> {
        let (session, child) = (caller.session, caller.child)
        let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "text/csv" || type == "text/plain" else {
            throw APIError(.unsupportedMediaType, "Send the prompts as a CSV file (Content-Type: text/csv).")
        }
        let usesGatePass = try services.requireGrownUp(session)
        let data = Data(buffer: try await request.collectBody(upTo: PromptCSV.maximumBytes))
        let kids = Self.forKids(child)
        let existing = try await services.speakUp.customPrompts(childId: child.id, in: session.scope)
        let fallback = PromptLibrary.fallbackCategory(forKids: kids)
        let parsed = try PromptCSV.parse(data, categories: PromptLibrary.standard.categories(forKids: kids), fallbackCategory: fallback,
                                         existingKeys: Set(existing.map { CustomPrompts.key($0.text) }))
        let prompts = parsed.drafts.map { CustomPrompts.prompt(id: newId(), draft: $0, forKids: kids) }
        try await services.speakUp.addPrompts(prompts, childId: child.id, in: session.scope, now: services.clock.now(), limit: CustomPrompts.perProfile)
        if usesGatePass { try await services.spendGatePass(session) }
        return Reply(ImportResponse(added: prompts.count, skipped: parsed.skipped, refiled: parsed.refiled,
                                    refiledTo: PromptLibrary.standard.categories.first { $0.id == fallback }?.name ?? fallback), status: .created)
    }

    /// The speaker's own prompts as a CSV file that imports back; behind the parent gate. A POST: it
    /// spends the gate pass (a GET may be answered from the read cache's copy of the session).
    @Sendable func exportFile(_ request: Request, caller: Kid) async throws -> Response {
        let usesGatePass = try services.requireGrownUp(caller.session)
        let prompts = try await services.speakUp.customPrompts(childId: caller.child.id, in: caller.session.scope)
        if usesGatePass { try await services.spendGatePass(caller.session) }
        return Response(status: .ok, headers: [.contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"speakup-prompts.csv\"",
                                               .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(string: PromptCSV.export(prompts))))
    }

    static func forKids(_ child: Child) -> Bool { SpeakUpView.mode(grade: child.grade) == .showAndTell }

    static func item(_ prompt: SpeakingPrompt, answered: Set<String>) -> LibraryResponse.Item {
        LibraryResponse.Item(id: prompt.id, text: prompt.text, category: prompt.category, difficulty: prompt.difficulty, seconds: prompt.seconds,
                             emoji: prompt.emoji, custom: prompt.isCustom, answered: answered.contains(prompt.id))
    }

    private func newId() -> String { CustomPrompts.idPrefix + services.ids.next() }
}
