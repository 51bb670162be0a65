import Foundation
import Logging
import ServiceLifecycle
import SpotCheck

/// Hourly clean-up of rows nobody reads again: expired sessions, finished rate-limit windows,
/// SpotCheck's old signatures and pairing codes, the health beats of instances that have stopped,
/// and what each family keeps only as long as its parents chose (phone reports, answered app
/// requests with their recordings).
/// Every statement is an idempotent DELETE, so any number of instances may run it at once.
struct MaintenanceService: Service {
    let services: Services
    let logger: Logger
    var interval: Duration = .seconds(3600)

    func run() async throws {
        try await repeatUntilShutdown(every: interval) { await sweep() }
    }

    func sweep() async {
        let now = services.clock.now()
        do {
            try await services.sessions.deleteExpired(now: now)
            try await services.rateLimits.deleteWindows(startedBefore: now.addingTimeInterval(-24 * 3600))
            try await services.database.forgetBeats(before: now.addingTimeInterval(-24 * 3600))  // instances gone a day
            // A signature outside the skew window is refused anyway, so it need not be remembered.
            try await services.spotcheck.deleteExpired(signaturesBefore: now.addingTimeInterval(-2 * RequestSignature.allowedSkew),
                                                       codesBefore: now.addingTimeInterval(-24 * 3600))
            let expired = try await services.storage.sweep(now: now)
            // The rows are gone first: a recording whose delete fails is an orphan file, never a row without its file.
            for key in expired.audioKeys { try? await services.blobs.delete(key: key) }
            if expired.phoneEvents + expired.requests > 0 {
                logger.info("retention sweep", metadata: ["phoneEvents": "\(expired.phoneEvents)", "requests": "\(expired.requests)"])
            }
        } catch {
            logger.warning("maintenance sweep failed", metadata: ["error": "\(error)"])
        }
    }
}
