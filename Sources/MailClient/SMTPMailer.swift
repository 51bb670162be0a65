import Foundation
import Logging
import NIOCore
import NIOPosix

/// Where and how to deliver mail: `smtp://user:password@host:port?from=kids@example.org`.
public struct SMTPConfiguration: Sendable, Equatable {
    public let host: String
    public let port: Int
    public let username: String?
    public let password: String?
    public let from: String

    public enum ConfigurationError: Error, Equatable { case invalidURL(String) }

    /// Parses an SMTP URL. Plain SMTP only: point it at a local relay (which does TLS onwards).
    public init(url: String) throws {
        guard let components = URLComponents(string: url), components.scheme == "smtp",
              let host = components.host, !host.isEmpty,
              let from = components.queryItems?.first(where: { $0.name == "from" })?.value, from.contains("@")
        else { throw ConfigurationError.invalidURL("expected smtp://[user:password@]host[:port]?from=address") }
        self.host = host
        self.port = components.port ?? 25
        self.username = components.user?.removingPercentEncoding
        self.password = components.password?.removingPercentEncoding
        self.from = from
    }
}

public enum SMTPError: Error, Equatable {
    case unexpectedReply(command: String, reply: String)
    case connectionClosed
}

/// A small SMTP client (RFC 5321): EHLO, optional AUTH PLAIN, MAIL, RCPT, DATA, QUIT.
public struct SMTPMailer: Mailer {
    public let configuration: SMTPConfiguration
    public init(configuration: SMTPConfiguration) { self.configuration = configuration }
    public var isEnabled: Bool { true }

    public func send(_ message: MailMessage) async throws {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .connect(host: configuration.host, port: configuration.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        try await channel.executeThenClose { inbound, outbound in
            var session = SMTPSession(replies: inbound.makeAsyncIterator(), outbound: outbound)
            try await session.expect(220, after: "connect")
            try await session.command("EHLO kidsfunzone.local", expect: 250)
            if let user = configuration.username, let password = configuration.password {
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

    mutating func command(_ line: String, expect code: Int, shown: String? = nil) async throws {
        try await outbound.write(ByteBuffer(string: line + "\r\n"))
        try await expect(code, after: shown ?? line)
    }

    mutating func expect(_ code: Int, after command: String) async throws {
        let reply = try await readReply()
        guard reply.hasPrefix(String(code)) else { throw SMTPError.unexpectedReply(command: command, reply: reply) }
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
