import Foundation
import Logging

/// How long a stop (SIGTERM, Ctrl-C) may take. The server finishes what it is answering; a process
/// still alive at `ShutdownDeadline.exit` (a recording being heard, a render, a live take's socket)
/// exits anyway with status 1, so a supervisor's stop never hangs. The database is SQLite's
/// write-ahead log or PostgreSQL: an exit at any moment loses no write that was answered.
public enum ShutdownDeadline {
    public static let exit: Duration = .seconds(9)

    /// Arms the last deadline on SIGTERM and SIGINT (the service group answers the same signals).
    /// `disarm()` it once the server has stopped by itself.
    public static func arm(logger: Logger) -> Armed {
        let armed = Armed()
        armed.sources = [SIGTERM, SIGINT].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let last = DispatchWorkItem {
                    logger.error("still busy \(exit.components.seconds) s after the stop signal: exiting without waiting for it")
                    // Not exit(): its clean-up would free the speech engines under a decode still running.
                    _exit(1)
                }
                armed.keep(last)
                DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Int(exit.components.seconds)), execute: last)
            }
            source.resume()
            return source
        }
        return armed
    }

    /// The armed signal handlers and the exits they scheduled.
    public final class Armed: @unchecked Sendable {
        fileprivate var sources: [any DispatchSourceSignal] = []
        private var pending: [DispatchWorkItem] = []
        private let lock = NSLock()

        fileprivate func keep(_ item: DispatchWorkItem) { lock.withLock { pending.append(item) } }

        public func disarm() {
            sources.forEach { $0.cancel() }
            lock.withLock { pending.forEach { $0.cancel() } }
        }
    }
}
