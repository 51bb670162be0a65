import Logging
import MailClient
import ServiceLifecycle

/// Mail sent in the background: `send` queues the message and returns at once, so a child's
/// request or the tamper watch never waits on a mail server; `run` delivers the queue in order,
/// logs what fails and, on shutdown, delivers what is still queued before it stops.
public final class MailOutbox: Mailer, Service, Sendable {
    public enum OutboxError: Error, CustomStringConvertible {
        case full(capacity: Int)
        case closed

        public var description: String {
            switch self {
            case .full(let capacity): "the mail queue is full (\(capacity) messages waiting)"
            case .closed: "the server is shutting down; mail is no longer queued"
            }
        }
    }

    private let mailer: any Mailer
    private let logger: Logger
    private let capacity: Int
    private let queue: AsyncStream<MailMessage>
    private let entrance: AsyncStream<MailMessage>.Continuation

    public init(mailer: any Mailer, logger: Logger, capacity: Int = 100) {
        self.mailer = mailer
        self.logger = logger
        self.capacity = capacity
        (queue, entrance) = AsyncStream.makeStream(bufferingPolicy: .bufferingOldest(capacity))
    }

    public var isEnabled: Bool { mailer.isEnabled }

    public func send(_ message: MailMessage) async throws {
        switch entrance.yield(message) {
        case .enqueued: return
        case .dropped: throw OutboxError.full(capacity: capacity)
        case .terminated: throw OutboxError.closed
        @unknown default: throw OutboxError.closed
        }
    }

    public func run() async throws {
        await withGracefulShutdownHandler {
            for await message in queue {
                do {
                    try await mailer.send(message)
                } catch {
                    logger.warning("could not send mail", metadata: ["subject": "\(message.subject)", "error": "\(error)"])
                }
            }
        } onGracefulShutdown: {
            self.entrance.finish()
        }
    }
}
