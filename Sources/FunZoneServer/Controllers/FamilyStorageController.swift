import Foundation
import Hummingbird
import Storage

/// The parent area's storage card: what the family keeps, by kind, against its quota, and how long
/// phone reports and answered app requests are kept (older ones are deleted by the hourly sweep).
struct FamilyStorageController {
    let services: Services

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        let parentArea = api.parentArea(services)
        parentArea.get("parent/storage", use: storage)
        parentArea.put("parent/storage/retention", use: setRetention)
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
}
