import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Testing
@testable import MailClient

/// A minimal SMTP server on loopback that records the conversation.
final class FakeSMTPServer: @unchecked Sendable {
    let transcript = NIOLockedValueBox<[String]>([])
    let message = NIOLockedValueBox<String>("")
    private var channel: (any Channel)?
    var port: Int { channel!.localAddress!.port! }

    func start() async throws {
        let transcript = self.transcript, message = self.message
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.pipeline.addHandler(Handler(transcript: transcript, message: message))
            }
            .bind(host: "127.0.0.1", port: 0).get()
    }

    func stop() async throws { try await channel?.close() }

    final class Handler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let transcript: NIOLockedValueBox<[String]>
        let message: NIOLockedValueBox<String>
        var buffer = ""
        var inData = false

        init(transcript: NIOLockedValueBox<[String]>, message: NIOLockedValueBox<String>) {
            self.transcript = transcript
            self.message = message
        }

        func channelActive(context: ChannelHandlerContext) { reply("220 fake ESMTP", context) }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            buffer += String(buffer: unwrapInboundIn(data))
            while true {
                if inData {
                    guard let end = buffer.range(of: "\r\n.\r\n") else { return }
                    message.withLockedValue { $0 = String(buffer[..<end.lowerBound]) }
                    buffer.removeSubrange(..<end.upperBound)
                    inData = false
                    reply("250 queued", context)
                    continue
                }
                guard let end = buffer.range(of: "\r\n") else { return }
                let line = String(buffer[..<end.lowerBound])
                buffer.removeSubrange(..<end.upperBound)
                transcript.withLockedValue { $0.append(line) }
                switch line.prefix(4).uppercased() {
                case "EHLO": reply("250-fake\r\n250 AUTH PLAIN", context)
                case "AUTH": reply(line == "AUTH PLAIN " + Data("\u{0}kid\u{0}s3cret".utf8).base64EncodedString() ? "235 ok" : "535 no", context)
                case "MAIL", "RCPT": reply("250 ok", context)
                case "DATA": inData = true; reply("354 go on", context)
                case "QUIT": reply("221 bye", context); context.close(promise: nil)
                default: reply("500 what", context)
                }
            }
        }

        func reply(_ text: String, _ context: ChannelHandlerContext) {
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: text + "\r\n")), promise: nil)
        }
    }
}

@Suite struct SMTPMailerTests {
    @Test func sendsAMessageWithAuthAndDotStuffing() async throws {
        let server = FakeSMTPServer()
        try await server.start()
        let mailer = SMTPMailer(configuration: try SMTPConfiguration(url: "smtp://kid:s3cret@127.0.0.1:\(server.port)?from=hub@example.org"))
        try await mailer.send(MailMessage(to: ["ada@example.org", "bo@example.org"], subject: "App request: Music Maker 🎵",
                                          body: "Mia asked for Music Maker.\n.hidden line starts with a dot"))
        try await server.stop()
        let lines = server.transcript.withLockedValue { $0 }
        #expect(lines.first == "EHLO kidsfunzone.local")
        #expect(lines.contains("MAIL FROM:<hub@example.org>"))
        #expect(lines.contains("RCPT TO:<ada@example.org>") && lines.contains("RCPT TO:<bo@example.org>"))
        let message = server.message.withLockedValue { $0 }
        #expect(message.contains("To: ada@example.org, bo@example.org"))
        #expect(message.contains("Subject: =?UTF-8?B?"))  // non-ASCII subjects are encoded
        #expect(message.contains("\r\n..hidden line starts with a dot"))
    }

    @Test func aRefusalIsAnError() async throws {
        let server = FakeSMTPServer()
        try await server.start()
        let mailer = SMTPMailer(configuration: try SMTPConfiguration(url: "smtp://kid:wrong@127.0.0.1:\(server.port)?from=hub@example.org"))
        await #expect(throws: SMTPError.self) { try await mailer.send(MailMessage(to: ["a@example.org"], subject: "s", body: "b")) }
        try await server.stop()
    }

    @Test(arguments: ["http://relay?from=a@b.org", "smtp://relay", "smtp://?from=a@b.org", "smtp://relay?from=nobody"])
    func badURLsAreRefused(url: String) {
        #expect(throws: SMTPConfiguration.ConfigurationError.self) { try SMTPConfiguration(url: url) }
    }

    @Test func urlsParse() throws {
        let configuration = try SMTPConfiguration(url: "smtp://user%40x:p%20w@mail.local:2525?from=kids@example.org")
        #expect(configuration.host == "mail.local" && configuration.port == 2525)
        #expect(configuration.username == "user@x" && configuration.password == "p w" && configuration.from == "kids@example.org")
        #expect(try SMTPConfiguration(url: "smtp://relay?from=a@b.org").port == 25)
    }
}
