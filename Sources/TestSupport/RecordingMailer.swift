import MailClient

/// Keeps messages in memory, for tests.
public actor RecordingMailer: Mailer {
    public private(set) var sent: [MailMessage] = []
    public init() {}
    public nonisolated var isEnabled: Bool { true }
    public func send(_ message: MailMessage) async throws { sent.append(message) }
}
