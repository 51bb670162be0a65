import Logging
import MailClient
import ServiceLifecycle
import TestSupport
import Testing
@testable import FunZoneServer

/// A mailer that holds every message until `open()`, and fails the subjects it is told to.
private actor GatedMailer: Mailer {
    private(set) var delivered: [String] = []
    private var isOpen: Bool
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private let failing: Set<String>

    init(open: Bool = true, failing: Set<String> = []) {
        self.isOpen = open
        self.failing = failing
    }

    nonisolated var isEnabled: Bool { true }

    func send(_ message: MailMessage) async throws {
        if !isOpen { await withCheckedContinuation { waiting.append($0) } }
        if failing.contains(message.subject) { throw SMTPError.connectionClosed }
        delivered.append(message.subject)
    }

    func open() {
        isOpen = true
        waiting.forEach { $0.resume() }
        waiting = []
    }
}

private func mail(_ subject: String) -> MailMessage { MailMessage(to: ["ada@example.org"], subject: subject, body: "b") }

/// Runs `outbox` in a service group, hands it to `body`, then shuts it down gracefully and waits.
private func running(_ outbox: MailOutbox, _ body: () async throws -> Void) async throws {
    let group = ServiceGroup(configuration: .init(services: [outbox], gracefulShutdownSignals: [], logger: Logger(label: "test")))
    try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask { try await group.run() }
        try await body()
        await group.triggerGracefulShutdown()
        try await tasks.waitForAll()
    }
}

@Suite struct MailOutboxTests {
    @Test func sendingReturnsBeforeTheMailServerAnswers() async throws {
        let mailer = GatedMailer(open: false)
        let outbox = MailOutbox(mailer: mailer, logger: Logger(label: "test"))
        try await running(outbox) {
            try await outbox.send(mail("first"))  // returns although the server holds the message
            #expect(await mailer.delivered.isEmpty)
            await mailer.open()
        }
        #expect(await mailer.delivered == ["first"])
    }

    @Test func aFailedMessageDoesNotStopTheOnesAfterIt() async throws {
        let mailer = GatedMailer(failing: ["bad"])
        let outbox = MailOutbox(mailer: mailer, logger: Logger(label: "test"))
        try await running(outbox) {
            for subject in ["one", "bad", "two"] { try await outbox.send(mail(subject)) }
        }
        #expect(await mailer.delivered == ["one", "two"])
    }

    @Test func shuttingDownDeliversWhatIsQueuedThenRefusesMore() async throws {
        let mailer = GatedMailer()
        let outbox = MailOutbox(mailer: mailer, logger: Logger(label: "test"))
        for subject in ["a", "b", "c"] { try await outbox.send(mail(subject)) }  // queued before the service starts
        try await running(outbox) {}
        #expect(await mailer.delivered == ["a", "b", "c"])
        await #expect(throws: MailOutbox.OutboxError.self) { try await outbox.send(mail("late")) }
    }

    @Test func aFullQueueIsAnErrorNotAWait() async throws {
        let outbox = MailOutbox(mailer: GatedMailer(open: false), logger: Logger(label: "test"), capacity: 2)
        try await outbox.send(mail("1"))
        try await outbox.send(mail("2"))
        await #expect(throws: MailOutbox.OutboxError.self) { try await outbox.send(mail("3")) }
    }
}
