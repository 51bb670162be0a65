import Foundation
import Storage
import Synchronization

/// Each family's storage quota (`--family-quota-mb`): an upload that would take the family past it
/// (photos and PDFs, a drawing that grows) is refused with 507 `storage_quota_full`, saying how much
/// is used; a SpeakUp take is still scored and a spoken request still sent in words, their
/// recordings not kept. Deleting, reading and signing in always work, and a parent sees the use against the
/// quota in the parent area (Family → Storage) and makes room there. A family's use is read from the
/// database at most every `refresh` (it sums every stored file and drawing) plus what this instance
/// added since, so several instances may each let a family a few uploads past it.
final class FamilyQuota: Sendable {
    let quotaBytes: Int64?
    private let store: FamilyStorageStore
    private let refresh: Duration
    private let known = Mutex<[FamilyID: (bytes: Int64, at: ContinuousClock.Instant)]>([:])

    init(store: FamilyStorageStore, quotaMB: Int, refresh: Duration = .seconds(10)) {
        self.store = store
        quotaBytes = quotaMB > 0 ? Int64(quotaMB) * 1_048_576 : nil
        self.refresh = refresh
    }

    /// Bytes the family uses (at most `refresh` old, plus this instance's uploads since).
    func used(in scope: FamilyScope) async throws -> Int64 {
        let now = ContinuousClock.now
        if let last = known.withLock({ $0[scope.familyId] }), now - last.at < refresh { return last.bytes }
        let bytes = try await store.usage(in: scope).totalBytes
        known.withLock { known in
            known = known.filter { now - $0.value.at < refresh }  // families not seen lately are read afresh anyway
            known[scope.familyId] = (bytes, now)
        }
        return bytes
    }

    /// Whether `bytes` more fit the family's quota; what grows nothing (or shrinks) always fits.
    func fits(_ bytes: Int64, in scope: FamilyScope) async throws -> Bool {
        guard let quotaBytes, bytes > 0 else { return true }
        guard try await used(in: scope) + bytes <= quotaBytes else { return false }
        known.withLock { $0[scope.familyId]?.bytes += bytes }
        return true
    }

    /// Throws 507 `storage_quota_full` when `bytes` more do not fit the family's quota.
    func require(_ bytes: Int64, in scope: FamilyScope) async throws {
        guard try await !fits(bytes, in: scope) else { return }
        throw try await refusal(in: scope)
    }

    /// The 507 that says how much of the quota the family uses.
    func refusal(in scope: FamilyScope) async throws -> APIError {
        let used = try await used(in: scope)
        return APIError(.storageQuotaFull, "Your family's storage is full (\(ByteCount.text(used)) of \(ByteCount.text(quotaBytes ?? used)) used), so this was not saved. "
                        + "A grown-up can make room in the parent area: Family → Storage.")
    }

    /// The family's use as just read whole (the parent's storage card reads it, so a parent who just
    /// deleted things gets the room at once; otherwise within `refresh`).
    func note(_ bytes: Int64, in scope: FamilyScope) {
        known.withLock { $0[scope.familyId] = (bytes, ContinuousClock.now) }
    }
}

/// Sizes as a person reads them: "840 KB", "1.3 MB", "13 MB", "2 GB" (one decimal below 10).
enum ByteCount {
    static func text(_ bytes: Int64) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = Double(bytes), unit = 0
        while value >= 1024 && unit < units.count - 1 { value /= 1024; unit += 1 }
        if unit == 0 { return "\(bytes) bytes" }
        let shown = value < 10 ? (value * 10).rounded() / 10 : value.rounded()
        return (shown == shown.rounded() ? String(Int(shown)) : String(format: "%.1f", shown)) + " " + units[unit]
    }
}
