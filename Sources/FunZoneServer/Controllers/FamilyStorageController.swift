import Foundation
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import Storage

/// The parent area's storage card: what the family keeps, by kind, against its quota, and how long
/// phone reports and answered app requests are kept (older ones are deleted by the hourly sweep).
struct FamilyStorageController {
    let services: Services

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        let parentArea = api.parentArea(services)
        parentArea.get("parent/storage", use: storage)
        parentArea.put("parent/storage/retention", use: setRetention)
        parentArea.get("parent/export", use: export)
    }

    struct StorageResponse: Codable {
        let usedBytes: Int64
        /// nil: no quota.
        let quotaBytes: Int64?
        let parts: FamilyUsage
        let retention: Retention
        /// The day counts a parent may choose for each.
        let retentionChoices: [Int]
    }

    @Sendable func storage(_ request: Request, caller: Parent) async throws -> Reply<StorageResponse> {
        let scope = caller.session.scope
        let usage = try await services.storage.usage(in: scope)
        services.quota.note(usage.totalBytes, in: scope)  // a parent who just deleted things sees, and gets, the room at once
        return Reply(StorageResponse(usedBytes: usage.totalBytes, quotaBytes: services.quota.quotaBytes, parts: usage,
                                     retention: try await services.storage.retention(in: scope), retentionChoices: Retention.choices))
    }

    @Sendable func setRetention(_ request: Request, caller: Parent) async throws -> Reply<Retention> {
        let body = try await request.decodeJSON(Retention.self, context: caller.context)
        for (field, days) in [("phoneEventDays", body.phoneEventDays), ("answeredRequestDays", body.answeredRequestDays)]
        where !Retention.choices.contains(days) {
            throw APIError.invalid(field, "\(field) must be one of \(Retention.choices.map(String.init).joined(separator: ", ")) (days).")
        }
        try await services.storage.setRetention(body, in: caller.session.scope)
        return Reply(body)
    }

    /// Families whose export is being written.
    private static let exporting = NIOLockedValueBox(Set<FamilyID>())

    /// Everything the family keeps, as a zip: a JSON-lines file per table and the recordings,
    /// photos and PDFs (no passwords, phone secrets or tokens). Written to a private temporary
    /// file, then sent and removed.
    @Sendable func export(_ request: Request, caller: Parent) async throws -> Response {
        let scope = caller.session.scope
        // One per family, two on the server: an export reads every row and file of the family.
        guard Self.exporting.withLockedValue({ $0.count < 2 && $0.insert(scope.familyId).inserted }) else { throw APIError.rateLimited(retryAfter: 10) }
        defer { _ = Self.exporting.withLockedValue { $0.remove(scope.familyId) } }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("funzone-export-\(UUID().uuidString).zip")
        let manifest: ArchiveManifest
        do {
            manifest = try await DataArchiveWriter(database: services.database, blobs: services.blobs)
                .export(family: scope.familyId, to: file, now: services.clock.now())
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
        let handle = try FileHandle(forReadingFrom: file)
        try? FileManager.default.removeItem(at: file)  // the open handle keeps it readable; nothing is left behind
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 0)
        let body = ResponseBody(contentLength: Int(size)) { writer in
            defer { try? handle.close() }
            while let piece = try handle.read(upToCount: 256 * 1024), !piece.isEmpty {
                try await writer.write(ByteBuffer(data: piece))
            }
            try await writer.finish(nil)
        }
        let day = String(ISO8601DateFormatter().string(from: manifest.createdAt).prefix(10))
        return Response(status: .ok, headers: [.contentType: "application/zip", .contentDisposition: "attachment; filename=\"kids-fun-zone-\(day).zip\"",
                                               .cacheControl: "no-store"], body: body)
    }
}
