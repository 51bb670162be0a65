import Foundation
import Logging
import MailClient
import ServiceLifecycle
import Storage

/// SpotCheck's tamper watch: every minute, marks phones that have not checked in within their gap,
/// writes the "No check-in" line in their activity and e-mails the family's parents (when mail is set up).
/// Safe with several instances: the database lets exactly one of them claim each silent phone.
struct TamperWatchService: Service {
    let services: Services
    let logger: Logger

    func run() async throws {
        try await repeatUntilShutdown(every: .milliseconds(Int(services.options.tamperCheckInterval * 1000))) {
            await services.watchForSilentDevices(logger: logger)
        }
    }
}

extension Services {
    /// One pass of the tamper watch; returns the phones it found silent.
    @discardableResult
    func watchForSilentDevices(logger: Logger = Logger(label: "funzone.spotcheck")) async -> [SilentDevice] {
        let now = clock.now()
        do {
            let silent = try await spotcheck.markSilentDevices(now: now) { ids.next() }
            for device in silent {
                // The phone's row changed (tamper_at): a cached copy would hide the warning for a moment.
                cache.invalidate(device.scope)
                logger.notice("spotcheck: no check-in", metadata: ["device": "\(device.deviceId)"])
                await mailTamperWarning(device, logger: logger)
            }
            return silent
        } catch {
            logger.warning("tamper watch failed", metadata: ["error": "\(error)"])
            return []
        }
    }

    private func mailTamperWarning(_ device: SilentDevice, logger: Logger) async {
        guard mailer.isEnabled else { return }
        do {
            let parents = try await families.parents(in: device.scope)
            let since = device.since.formatted(date: .abbreviated, time: .shortened)
            try await mailer.send(MailMessage(to: parents.map(\.email), subject: "SpotCheck: \(device.name) stopped checking in", body: """
                \(device.name) has not checked in since \(since) (UTC).

                The Shortcut may have been turned off or deleted, its automations may ask before running, or the phone \
                may be off or offline. Open the parent area's SpotCheck tab for the troubleshooting steps.
                """))
        } catch {
            logger.warning("could not e-mail the tamper warning", metadata: ["error": "\(error)"])
        }
    }
}
