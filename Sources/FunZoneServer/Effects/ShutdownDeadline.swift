import Foundation
import Logging

/// How long a stop (SIGTERM, Ctrl-C) may take. The server first finishes what it is answering; after
/// `ShutdownDeadline.graceful` the requests still running are cancelled (renders stop at their next
/// action, waits for speech or a render end, a client's upload is dropped); a process still alive at
/// `ShutdownDeadline.exit` (a recording being heard cannot be stopped halfway) exits anyway, so a
/// supervisor's stop never hangs. The database is SQLite's write-ahead log or PostgreSQL: an exit at
/// any moment loses no write that was answered.
public enum ShutdownDeadline {
    public static let graceful: Duration = .seconds(5)
    public static let exit: Duration = .seconds(9)

    /// Arms the last deadline on SIGTERM and SIGINT (the service group answers the same signals).
    /// Keep the returned sources for as long as the server runs.
    public static func arm(logger: Logger) -> [any DispatchSourceSignal] {
        [SIGTERM, SIGINT].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(exit.components.seconds) * 1000)) {
                    logger.error("still busy \(exit.components.seconds) s after the stop signal: exiting without waiting for it")
                    Foundation.exit(1)
                }
            }
            source.resume()
            return source
        }
    }
}
