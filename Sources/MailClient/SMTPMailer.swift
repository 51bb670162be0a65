import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

public enum SMTPError: Error, Equatable, CustomStringConvertible {
    case unexpectedReply(command: String, reply: String)
    case connectionClosed
    /// The server offers no STARTTLS and is not on this machine: the password stays unsent.
    case passwordNeedsTLS(host: String)
    /// The server offers no STARTTLS, is not on this machine and the URL requires TLS: nothing is sent.
    case tlsUnavailable(host: String)
    /// The server sent more after agreeing to STARTTLS, before the handshake (an injection attempt).
    case dataBeforeTLS
    /// The conversation took longer than the mailer allows (a stalled server).
    case timedOut(milliseconds: Int64)

    public var description: String {
        switch self {
        case .unexpectedReply(let command, let reply): "the mail server answered \(command) with \(reply)"
        case .connectionClosed: "the mail server closed the connection"
        case .passwordNeedsTLS(let host):
            "\(host) offers no STARTTLS, so the password was not sent; use smtps:// or a relay on this machine"
        case .tlsUnavailable(let host):
            "\(host) offers no STARTTLS, so the mail was not sent; use smtps://, a relay on this machine, or &tls=optional"
        case .dataBeforeTLS: "the mail server sent data before the TLS handshake"
        case .timedOut(let milliseconds):
            "the mail server did not finish within " + (milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms")
        }
    }
}

/// A small SMTP client (RFC 5321): EHLO, STARTTLS (RFC 3207) or TLS from the start, optional
/// AUTH PLAIN (over TLS or to loopback only), MAIL, RCPT, DATA, QUIT. Across a network nothing is
/// sent unencrypted unless the configuration allows it (`SMTPConfiguration.maySend`).
public struct SMTPMailer: Mailer {
    public let configuration: SMTPConfiguration
    /// The longest a whole conversation may take once connected; a server that stalls is hung up on.
    public let sessionLimit: TimeAmount

    public init(configuration: SMTPConfiguration, sessionLimit: TimeAmount = .seconds(30)) {
        self.configuration = configuration
        self.sessionLimit = sessionLimit
    }

    public var isEnabled: Bool { true }

    public func send(_ message: MailMessage) async throws {
        let configuration = self.configuration
        let tls = try Self.tlsContext(configuration)
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .connect(host: configuration.host, port: configuration.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if configuration.security == .implicitTLS {
                        try channel.pipeline.syncOperations.addHandler(
                            NIOSSLClientHandler(context: tls, serverHostname: configuration.serverName))
                    }
                    return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let timedOut = NIOLockedValueBox(false)
        let deadline = channel.channel.eventLoop.scheduleTask(in: sessionLimit) {
            timedOut.withLockedValue { $0 = true }
            channel.channel.close(promise: nil)
        }
        defer { deadline.cancel() }
        do {
            try await converse(channel, tls: tls, message: message)
        } catch where timedOut.withLockedValue({ $0 }) {
            throw SMTPError.timedOut(milliseconds: sessionLimit.nanoseconds / 1_000_000)
        }
    }

    private func converse(_ channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>, tls: NIOSSLContext, message: MailMessage) async throws {
        let pipeline = channel.channel.pipeline
        try await channel.executeThenClose { inbound, outbound in
            var session = SMTPSession(replies: inbound.makeAsyncIterator(), outbound: outbound)
            try await session.expect(220, after: "connect")
            let features = try await session.command("EHLO kidsfunzone.local", expect: 250)
            var encrypted = configuration.security == .implicitTLS
            if !encrypted, Self.offers("STARTTLS", in: features) {
                try await session.command("STARTTLS", expect: 220)
                guard session.pending.isEmpty else { throw SMTPError.dataBeforeTLS }
                try await pipeline.addHandler(
                    try NIOSSLClientHandler(context: tls, serverHostname: configuration.serverName), position: .first).get()
                encrypted = true
                try await session.command("EHLO kidsfunzone.local", expect: 250)
            }
            guard configuration.maySend(encrypted: encrypted) else { throw SMTPError.tlsUnavailable(host: configuration.host) }
            if let user = configuration.username, let password = configuration.password {
                guard configuration.mayAuthenticate(encrypted: encrypted) else { throw SMTPError.passwordNeedsTLS(host: configuration.host) }
                let token = Data("\u{0}\(user)\u{0}\(password)".utf8).base64EncodedString()
                try await session.command("AUTH PLAIN \(token)", expect: 235, shown: "AUTH PLAIN")
            }
            try await session.command("MAIL FROM:<\(configuration.from)>", expect: 250)
            for recipient in message.to { try await session.command("RCPT TO:<\(recipient)>", expect: 250) }
            try await session.command("DATA", expect: 354)
            try await session.command(Self.render(message, from: configuration.from) + "\r\n.", expect: 250, shown: "message")
            try await session.command("QUIT", expect: 221)
        }
    }

    /// TLS 1.2 or newer, the certificate checked against the server's name (or address) and the
    /// system's authorities, or those of the configured file.
    static func tlsContext(_ configuration: SMTPConfiguration) throws -> NIOSSLContext {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.minimumTLSVersion = .tlsv12
        tls.certificateVerification = .fullVerification
        if let authorities = configuration.trustedAuthorities { tls.trustRoots = .file(authorities) }
        return try NIOSSLContext(configuration: tls)
    }

    /// Whether an EHLO reply ("250-name", "250-STARTTLS", "250 AUTH PLAIN") lists `extension`.
    static func offers(_ extension: String, in features: String) -> Bool {
        features.split(separator: "\n").contains { line in
            line.dropFirst(4).split(separator: " ").first?.uppercased() == `extension`
        }
    }

    /// Headers and a dot-stuffed body with CRLF line ends.
    static func render(_ message: MailMessage, from: String) -> String {
        let subject = message.subject.allSatisfy(\.isASCII)
            ? message.subject
            : "=?UTF-8?B?\(Data(message.subject.utf8).base64EncodedString())?="
        let headers = [
            "From: Kids Fun Zone <\(from)>",
            "To: \(message.to.joined(separator: ", "))",
            "Subject: \(subject)",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: 8bit",
        ]
        let body = message.body
            .replacingOccurrences(of: "\r\n", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") ? "." + $0 : String($0) }
        return (headers + [""] + body).joined(separator: "\r\n")
    }
}

/// Reads multi-line replies ("250-…", "250 …") off the connection.
private struct SMTPSession {
    var replies: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    var pending = ""

    /// Sends `line` and returns the reply, which must carry `code`.
    @discardableResult
    mutating func command(_ line: String, expect code: Int, shown: String? = nil) async throws -> String {
        try await outbound.write(ByteBuffer(string: line + "\r\n"))
        return try await expect(code, after: shown ?? line)
    }

    @discardableResult
    mutating func expect(_ code: Int, after command: String) async throws -> String {
        let reply = try await readReply()
        guard reply.hasPrefix(String(code)) else { throw SMTPError.unexpectedReply(command: command, reply: reply) }
        return reply
    }

    private mutating func readReply() async throws -> String {
        var lines: [String] = []
        while true {
            while let range = pending.range(of: "\r\n") ?? pending.range(of: "\n") {
                let line = String(pending[..<range.lowerBound])
                pending.removeSubrange(..<range.upperBound)
                lines.append(line)
                let chars = Array(line)
                if chars.count < 4 || chars[3] != "-" { return lines.joined(separator: "\n") }
            }
            guard let buffer = try await replies.next() else { throw SMTPError.connectionClosed }
            pending += String(buffer: buffer)
        }
    }
}
