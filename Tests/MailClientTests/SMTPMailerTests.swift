import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import Testing
@testable import MailClient

/// A minimal SMTP server on loopback that records the conversation: plain, offering STARTTLS,
/// or TLS from the start, with the test authority's certificate for 127.0.0.1.
final class FakeSMTPServer: @unchecked Sendable {
    enum Mode { case plain, startTLS, implicitTLS }

    /// Each command line, and whether it arrived encrypted.
    let transcript = NIOLockedValueBox<[(line: String, encrypted: Bool)]>([])
    let message = NIOLockedValueBox<String>("")
    let mode: Mode
    let certificate: (pem: String, key: String)
    private var channel: (any Channel)?
    var port: Int { channel!.localAddress!.port! }
    var lines: [String] { transcript.withLockedValue { $0.map(\.line) } }

    init(_ mode: Mode = .plain, certificate: (pem: String, key: String) = (TestCertificates.server, TestCertificates.serverKey)) {
        self.mode = mode
        self.certificate = certificate
    }

    func start() async throws {
        let transcript = self.transcript, message = self.message, mode = self.mode
        let tls = try NIOSSLContext(configuration: .makeServerConfiguration(
            certificateChain: [.certificate(try NIOSSLCertificate(bytes: Array(certificate.pem.utf8), format: .pem))],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(certificate.key.utf8), format: .pem))))
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if mode == .implicitTLS { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
                    try channel.pipeline.syncOperations.addHandler(
                        Handler(transcript: transcript, message: message, mode: mode, tls: tls))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
    }

    func stop() async throws { try await channel?.close() }

    final class Handler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let transcript: NIOLockedValueBox<[(line: String, encrypted: Bool)]>
        let message: NIOLockedValueBox<String>
        let mode: Mode
        let tls: NIOSSLContext
        var encrypted: Bool
        var buffer = ""
        var inData = false

        init(transcript: NIOLockedValueBox<[(line: String, encrypted: Bool)]>, message: NIOLockedValueBox<String>,
             mode: Mode, tls: NIOSSLContext) {
            self.transcript = transcript
            self.message = message
            self.mode = mode
            self.tls = tls
            self.encrypted = mode == .implicitTLS
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
                transcript.withLockedValue { $0.append((line, encrypted)) }
                switch line.prefix(4).uppercased() {
                case "EHLO": reply(mode == .startTLS && !encrypted ? "250-fake\r\n250-STARTTLS\r\n250 AUTH PLAIN" : "250-fake\r\n250 AUTH PLAIN", context)
                case "STAR":
                    reply("220 go ahead", context)
                    encrypted = true
                    try! context.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls), position: .first)
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

/// One short message to ada@example.org through the mailer `url` configures.
func sendOne(_ url: String) async throws {
    try await SMTPMailer(configuration: try SMTPConfiguration(url: url)).send(MailMessage(to: ["ada@example.org"], subject: "s", body: "b"))
}

/// The test authority as a file, for `&ca=`.
func authorityFile() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("smtp-test-ca-\(UUID().uuidString).pem").path
    try TestCertificates.authority.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

@Suite struct SMTPMailerTests {
    @Test func sendsAMessageWithAuthAndDotStuffing() async throws {
        let server = FakeSMTPServer()
        try await server.start()
        let mailer = SMTPMailer(configuration: try SMTPConfiguration(url: "smtp://kid:s3cret@127.0.0.1:\(server.port)?from=hub@example.org"))
        try await mailer.send(MailMessage(to: ["ada@example.org", "bo@example.org"], subject: "App request: Music Maker 🎵",
                                          body: "Mia asked for Music Maker.\n.hidden line starts with a dot"))
        try await server.stop()
        let lines = server.lines
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
        await #expect(throws: SMTPError.self) { try await sendOne("smtp://kid:wrong@127.0.0.1:\(server.port)?from=hub@example.org") }
        try await server.stop()
    }

    @Test func startTLSIsUsedWhenOfferedAndThePasswordTravelsEncrypted() async throws {
        let server = FakeSMTPServer(.startTLS)
        try await server.start()
        let url = "smtp://kid:s3cret@127.0.0.1:\(server.port)?from=hub@example.org&ca=\(try authorityFile())"
        try await sendOne(url)
        try await server.stop()
        let transcript = server.transcript.withLockedValue { $0 }
        #expect(transcript.map(\.line).prefix(3) == ["EHLO kidsfunzone.local", "STARTTLS", "EHLO kidsfunzone.local"])
        #expect(transcript.dropFirst(2).allSatisfy { $0.encrypted })  // the second EHLO, AUTH, MAIL … QUIT
        #expect(server.message.withLockedValue { $0 }.contains("Subject: s"))
    }

    @Test func smtpsIsEncryptedFromTheFirstByte() async throws {
        let server = FakeSMTPServer(.implicitTLS)
        try await server.start()
        let url = "smtps://kid:s3cret@127.0.0.1:\(server.port)?from=hub@example.org&ca=\(try authorityFile())"
        try await sendOne(url)
        try await server.stop()
        let transcript = server.transcript.withLockedValue { $0 }
        #expect(transcript.contains { $0.line.hasPrefix("AUTH PLAIN") } && transcript.allSatisfy { $0.encrypted })
    }

    @Test func aCertificateFromAnUnknownAuthorityStopsTheMailBeforeThePassword() async throws {
        for mode in [FakeSMTPServer.Mode.startTLS, .implicitTLS] {
            let server = FakeSMTPServer(mode)
            try await server.start()
            let url = "\(mode == .startTLS ? "smtp" : "smtps")://kid:s3cret@127.0.0.1:\(server.port)?from=hub@example.org"
            await #expect(throws: (any Error).self) {
                try await sendOne(url)
            }
            try await server.stop()
            #expect(!server.lines.contains { $0.hasPrefix("AUTH") || $0.hasPrefix("MAIL") })
        }
    }

    @Test func aCertificateForAnotherNameIsRefused() async throws {
        let server = FakeSMTPServer(.implicitTLS, certificate: (TestCertificates.otherServer, TestCertificates.otherServerKey))
        try await server.start()
        // Signed by the trusted authority, but for other.example, not 127.0.0.1.
        let url = "smtps://kid:s3cret@127.0.0.1:\(server.port)?from=hub@example.org&ca=\(try authorityFile())"
        await #expect(throws: (any Error).self) {
            try await sendOne(url)
        }
        try await server.stop()
        #expect(server.lines.isEmpty)
    }

    @Test func aServerThatNeverAnswersIsHungUpOn() async throws {
        // Accepts the connection and says nothing, as a stalled relay does.
        let silent = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        let url = "smtp://127.0.0.1:\(silent.localAddress!.port!)?from=hub@example.org"
        let mailer = SMTPMailer(configuration: try SMTPConfiguration(url: url), sessionLimit: .milliseconds(300))
        await #expect(throws: SMTPError.timedOut(milliseconds: 300)) { try await mailer.send(MailMessage(to: ["a@example.org"], subject: "s", body: "b")) }
        #expect(SMTPError.timedOut(milliseconds: 30_000).description == "the mail server did not finish within 30 s")
        try await silent.close()
    }

    @Test(arguments: [("127.0.0.1", true), ("localhost", true), ("::1", true), ("127.1.2.3", true),
                      ("mail.example.org", false), ("10.0.0.5", false), ("127.example.org", false), ("1270.0.0.1", false)])
    func thePasswordGoesInTheClearOnlyToThisMachine(host: String, loopback: Bool) throws {
        let url = "smtp://u:p@\(host.contains(":") ? "[\(host)]" : host):25?from=a@b.org"
        #expect(try SMTPConfiguration(url: url).isLoopback == loopback)
    }

    @Test func aRemoteServerGetsTheMessageOnlyOverTLSUnlessTheURLAllowsPlainText() throws {
        let remote = try SMTPConfiguration(url: "smtp://mail.example.org?from=a@b.org")
        #expect(remote.maySend(encrypted: true) && !remote.maySend(encrypted: false))
        let lenient = try SMTPConfiguration(url: "smtp://u:p@mail.example.org?from=a@b.org&tls=optional")
        #expect(lenient.maySend(encrypted: false) && !lenient.mayAuthenticate(encrypted: false))  // never the password
        #expect(try SMTPConfiguration(url: "smtp://127.0.0.1?from=a@b.org").maySend(encrypted: false))
        #expect(throws: SMTPConfiguration.ConfigurationError.self) { try SMTPConfiguration(url: "smtp://relay?from=a@b.org&tls=maybe") }
    }

    @Test func aRemoteServerGetsThePasswordOnlyOverTLS() throws {
        let remote = try SMTPConfiguration(url: "smtp://u:p@mail.example.org?from=a@b.org")
        #expect(remote.mayAuthenticate(encrypted: true) && !remote.mayAuthenticate(encrypted: false))
        let local = try SMTPConfiguration(url: "smtp://u:p@127.0.0.1?from=a@b.org")
        #expect(local.mayAuthenticate(encrypted: false))
    }

    @Test func ehloFeaturesAreReadWordByWord() {
        #expect(SMTPMailer.offers("STARTTLS", in: "250-mail.example.org\n250-STARTTLS\n250 AUTH PLAIN"))
        #expect(SMTPMailer.offers("STARTTLS", in: "250-x\n250 starttls"))
        #expect(!SMTPMailer.offers("STARTTLS", in: "250-x\n250-X-STARTTLS-LATER\n250 AUTH PLAIN"))
        #expect(!SMTPMailer.offers("STARTTLS", in: "250 STARTTLSX"))
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
        let secure = try SMTPConfiguration(url: "smtps://relay?from=a@b.org")
        #expect(secure.port == 465 && secure.security == .implicitTLS)
        #expect(try SMTPConfiguration(url: "smtp://relay?from=a@b.org").security == .startTLS)
    }

    @Test func anUnreadableAuthorityFileIsAClearError() {
        #expect(throws: SMTPConfiguration.ConfigurationError.self) {
            try SMTPConfiguration(url: "smtp://relay?from=a@b.org&ca=/nonexistent/ca.pem")
        }
    }
}
