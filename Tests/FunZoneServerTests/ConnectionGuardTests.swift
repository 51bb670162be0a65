import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWebSocket
import NIOCore
import Testing
@testable import FunZoneServer
import Speech
import TestSupport
import HummingbirdWSTesting
import NIOWebSocket

/// Connections held to their limits on the server the app really runs (HTTP/1.1 with the WebSocket
/// upgrade), with raw sockets: half-sent heads, silent sockets and floods from one address.
/// The HTTP layer's own behaviour: one database is enough.
@Suite struct ConnectionGuardTests {
    static let quick = ConnectionLimits(perAddress: 3, total: 100, headSeconds: 0.5, idleSeconds: 2)
    static let healthz = "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n"

    /// A live server whose connections from now on are held to `limits` (the test client's own,
    /// made before, keeps the patient ones, so a busy machine cannot cut it).
    static func serve(_ limits: ConnectionLimits, _ body: @Sendable @escaping (Int) async throws -> Void) async throws {
        try await TestApp.run(.sqlite, webSockets: true) { app in
            _ = try await app.user().request(.get, "/healthz")  // its connection is open and counted in
            app.connections.change(to: limits)
            try await body(try #require(app.client.port))
        }
    }

    @Test("a head that trickles in a byte at a time is answered 408 request_timeout at the header time and closed")
    func aSlowHeadIsCut() async throws {
        try await Self.serve(Self.quick) { port in
            let slow = try RawConnection(port: port)
            let started = Date()
            var closed = false
            for byte in "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ".map(String.init) {
                do { try slow.send(byte) } catch { closed = true; break }
                try await Task.sleep(for: .milliseconds(50))
                if Date().timeIntervalSince(started) > 10 { break }  // far past the header time: it was not cut
            }
            let (text, ended) = try await slow.readUntilClosed(seconds: 15)
            #expect(text.hasPrefix("HTTP/1.1 408") && text.contains(#""code":"request_timeout""#), "\(text)")
            #expect(ended || closed)
        }
    }

    @Test("a socket that says nothing is closed quietly; a kept-alive one is served again, then closed after the idle time")
    func quietConnectionsAreClosed() async throws {
        // An idle time a loaded machine's pause between the two requests stays well under.
        try await Self.serve(ConnectionLimits(perAddress: 3, total: 100, headSeconds: 0.5, idleSeconds: 6)) { port in
            let silent = try RawConnection(port: port)
            let (nothing, closed) = try await silent.readUntilClosed(seconds: 15)
            #expect(nothing.isEmpty && closed)

            let kept = try RawConnection(port: port)
            try kept.send(Self.healthz)
            #expect(try await kept.readAnswer().hasPrefix("HTTP/1.1 200"))
            try await Task.sleep(for: .milliseconds(400))  // under the idle time, and over the header time
            try kept.send(Self.healthz)
            #expect(try await kept.readAnswer().hasPrefix("HTTP/1.1 200"))
            let started = Date()
            let (rest, ended) = try await kept.readUntilClosed(seconds: 20)
            #expect(rest.isEmpty && ended)
            #expect(Date().timeIntervalSince(started) > 4.5)
        }
    }

    @Test("blank lines before a request are not its end: a connection that sends only them is cut at the header time")
    func blankLinesDoNotEndAHead() async throws {
        try await Self.serve(Self.quick) { port in
            let blank = try RawConnection(port: port)
            try blank.send("\r\n\r\n\n\n")
            let (text, closed) = try await blank.readUntilClosed(seconds: 15)
            #expect(closed && text.hasPrefix("HTTP/1.1 408"), "\(text)")
        }
    }

    @Test("a body that stops coming ends its connection once the idle time has passed")
    func aStalledBodyIsCut() async throws {
        try await Self.serve(Self.quick) { port in
            let stalled = try RawConnection(port: port)
            try stalled.send("POST /api/session HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"a\":")
            let started = Date()
            let (_, closed) = try await stalled.readUntilClosed(seconds: 15)
            #expect(closed)
            #expect(Date().timeIntervalSince(started) > 1.5)
        }
    }

    @Test("one address holds at most its share: the next is answered 503 too_many_connections; others, /healthz included, are served")
    func oneAddressCannotTakeTheServer() async throws {
        let limits = ConnectionLimits(perAddress: 3, total: 100, headSeconds: 20, idleSeconds: 20)
        try await Self.serve(limits) { port in
            var flood = try (0..<3).map { _ in try RawConnection(port: port, from: "127.0.0.2") }
            try await Task.sleep(for: .milliseconds(200))
            let refused = try RawConnection(port: port, from: "127.0.0.2")
            let (text, closed) = try await refused.readUntilClosed(seconds: 15)
            #expect(text.hasPrefix("HTTP/1.1 503") && text.contains(#""code":"too_many_connections""#) && text.contains("Retry-After: 5"), "\(text)")
            #expect(closed)

            let neighbour = try RawConnection(port: port, from: "127.0.0.3")
            try neighbour.send(Self.healthz)
            #expect(try await neighbour.readAnswer().hasPrefix("HTTP/1.1 200"))

            flood.removeLast()  // one closes: a place is free again, once the server has seen it close
            var answer = ""
            for _ in 0..<50 where !answer.hasPrefix("HTTP/1.1 200") {
                try await Task.sleep(for: .milliseconds(200))
                let again = try RawConnection(port: port, from: "127.0.0.2")
                try? again.send(Self.healthz)
                answer = (try? await again.readAnswer()) ?? ""
            }
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
            _ = flood
        }
    }

    @Test("the server's total holds across addresses")
    func theTotalHolds() async throws {
        let limits = ConnectionLimits(perAddress: 10, total: 4, headSeconds: 20, idleSeconds: 20)
        try await Self.serve(limits) { port in
            // The test client's own connection is one of the four.
            let held = try (2...4).map { try RawConnection(port: port, from: "127.0.0.\($0)") }
            try await Task.sleep(for: .milliseconds(200))
            let (text, _) = try await RawConnection(port: port, from: "127.0.0.9").readUntilClosed(seconds: 15)
            #expect(text.hasPrefix("HTTP/1.1 503"), "\(text)")
            // This machine's own address keeps a few places past the total, for a supervisor's /healthz.
            let supervisor = try RawConnection(port: port)
            try supervisor.send(Self.healthz)
            #expect(try await supervisor.readAnswer().hasPrefix("HTTP/1.1 200"))
            _ = held
        }
    }

    @Test("the total asked for is checked against the open-file limit")
    func theTotalIsCheckedAgainstTheFileLimit() {
        #expect(ConnectionLimits.defaultTotal(fileLimit: 1024) == 760)
        #expect(ConnectionLimits.defaultTotal(fileLimit: 1_048_576) == 4096)
        #expect(ConnectionLimits.defaultTotal(fileLimit: 100) == 16)
        #expect((try? ConnectionLimits.checkedTotal(700, fileLimit: 1024).get()) == 700)
        #expect((try? ConnectionLimits.checkedTotal(900, fileLimit: 1024).get()) == nil)
        #expect((try? ConnectionLimits.checkedTotal(0, fileLimit: 1024).get()) == nil)
    }

    @Test("addresses are counted by IPv4 address or IPv6 /64; this machine is 127.0.0.1 or ::1")
    func addressKeys() throws {
        #expect(ConnectionCounter.key(try SocketAddress(ipAddress: "192.168.1.20", port: 1)) == "192.168.1.20")
        #expect(ConnectionCounter.key(try SocketAddress(ipAddress: "::ffff:192.168.1.20", port: 1)) == "192.168.1.20")
        #expect(ConnectionCounter.key(try SocketAddress(ipAddress: "2001:db8:1:2:aaaa::1", port: 1))
                == ConnectionCounter.key(try SocketAddress(ipAddress: "2001:db8:1:2:bbbb::9", port: 1)))
        #expect(ConnectionCounter.key(try SocketAddress(ipAddress: "2001:db8:1:3::1", port: 1)) == "2001:db8:1:3::/64")
        #expect(ConnectionCounter.isLoopback(try SocketAddress(ipAddress: "127.0.0.1", port: 1)))
        #expect(ConnectionCounter.isLoopback(try SocketAddress(ipAddress: "::1", port: 1)))
        #expect(!ConnectionCounter.isLoopback(try SocketAddress(ipAddress: "127.0.0.2", port: 1)))
        let counter = ConnectionCounter(limits: ConnectionLimits())
        #expect(counter.noteRefusal(now: .uptimeNanoseconds(1_000_000_000)) == 1)
        #expect(counter.noteRefusal(now: .uptimeNanoseconds(2_000_000_000)) == nil)
        #expect(counter.noteRefusal(now: .uptimeNanoseconds(12_000_000_000)) == 2)
    }

    @Test("a live recording (a WebSocket) quiet for longer than the header and idle times is not cut")
    func aWebSocketIsNotWaitedOn() async throws {
        let speech = SpeechServices(recognizer: ScriptedRecognizer(script: ["one two three"]), speaker: ScriptedSpeaker())
        try await TestApp.run(.sqlite, installed: ["speakup"], openSignup: true, speech: speech, webSockets: true, liveIdleSeconds: 120) { app in
            let (tablet, _) = try await SpeakUpRouteTests.speaker(app)
            app.connections.change(to: Self.quick)
            let tone = SpeakUpLiveRouteTests.pieces([Int16](repeating: 4_000, count: 16_000))
            let (received, frame) = try await SpeakUpLiveRouteTests.live(app, tablet) { outbound in
                try await outbound.write(.binary(tone[0]))
                try await Task.sleep(for: .milliseconds(2_500))
                for piece in tone.dropFirst() { try await outbound.write(.binary(piece)) }
                try await SpeakUpLiveRouteTests.stop(outbound)
            }
            #expect(received.errorCode == nil && frame?.closeCode == .normalClosure, "\(received.all)")
        }
    }
}
