import Foundation
import Logging
import ServiceLifecycle
import SpotCheck

/// Hourly clean-up of rows nobody reads again: expired sessions, finished rate-limit windows,
/// SpotCheck's old signatures and pairing codes, the health beats of instances that have stopped.
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
        } catch {
            logger.warning("maintenance sweep failed", metadata: ["error": "\(error)"])
        }
    }
}
