import Foundation

/// One e-mail to send.
public struct MailMessage: Sendable, Equatable {
    public let to: [String]
    public let subject: String
    public let body: String

    public init(to: [String], subject: String, body: String) {
        self.to = to
        self.subject = subject
        self.body = body
    }
}

/// Sends e-mail to parents. Mail is optional: the in-app inbox is the record, mail a courtesy.
public protocol Mailer: Sendable {
    var isEnabled: Bool { get }
    func send(_ message: MailMessage) async throws
}

/// The default when no SMTP server is configured: nothing leaves the machine.
public struct DisabledMailer: Mailer {
    public init() {}
    public var isEnabled: Bool { false }
    public func send(_ message: MailMessage) async throws {}
}
