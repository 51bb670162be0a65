import Audio
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import NIOWebSocket
import NIOConcurrencyHelpers
import NIOCore
import Speech
import TestSupport
import Testing
@testable import FunZoneServer

/// SpeakUp's live recording (WS /api/speakup/live) on both databases: the counts move while a
/// real recogniser hears flite speech and the take comes back at Stop; garbage, silence, a take
/// past ten minutes, another site's page and a signed-out device are refused with a reason, and
/// nothing is stored.
@Suite struct SpeakUpLiveRouteTests {
    /// What the page received, in order.
    final class Received: Sendable {
        private let box = NIOLockedValueBox<[String]>([])
        func add(_ text: String) { box.withLockedValue { $0.append(text) } }
        var all: [[String: Any]] {
            box.withLockedValue { $0 }.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
        var counts: [[String: Any]] { all.filter { $0["type"] as? String == "live" } }
        var errorCode: String? { (all.last { $0["type"] as? String == "error" }?["error"] as? [String: Any])?["code"] as? String }
        var take: [String: Any]? { all.last { $0["type"] as? String == "take" }?["take"] as? [String: Any] }
        var drill: [String: Any]? { all.last { $0["type"] as? String == "drill" }?["result"] as? [String: Any] }
    }

    /// Opens the live recording as `device`, runs `send`, and collects what comes back until the server closes.
    @discardableResult
    static func live(_ app: TestApp, _ device: Browser, query: String = "", origin: String? = nil,
                     send: @escaping @Sendable (WebSocketOutboundWriter) async throws -> Void) async throws -> (Received, WebSocketCloseFrame?) {
        var headers: HTTPFields = [:]
        if !device.cookies.isEmpty { headers[.cookie] = device.cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ") }
        // The client sends ws://localhost; a page of this server (http://localhost:port) is welcome, another site's is not.
        headers[.origin] = origin ?? "http://localhost:\(app.client.port ?? 0)"
        let received = Received()
        let frame = try await app.client.ws("/api/speakup/live\(query)", configuration: .init(maxFrameSize: 1 << 17, additionalHeaders: headers)) { inbound, outbound, _ in
            let sender = Task { try await send(outbound) }
            for try await message in inbound.messages(maxSize: 1 << 22) {
                if case .text(let text) = message { received.add(text) }
            }
            sender.cancel()
        }
        return (received, frame)
    }

    static func pieces(_ samples: [Int16], seconds: Double = 0.25) -> [ByteBuffer] {
        let size = Int(16_000 * seconds)
        return stride(from: 0, to: samples.count, by: size).map { start in
            var buffer = ByteBuffer()
            for sample in samples[start..<min(samples.count, start + size)] { buffer.writeInteger(sample, endianness: .little) }
            return buffer
        }
    }

    static func stop(_ outbound: WebSocketOutboundWriter) async throws { try await outbound.write(.text(#"{"type":"stop"}"#)) }

    @Test(arguments: TestDatabase.all)
    func countsMoveWhileSpeakingAndTheTakeComesBackAtStop(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["speakup"], openSignup: true, webSockets: true) { app in
            let (tablet, _) = try await SpeakUpRouteTests.speaker(app)
            let said = try await tablet.request(.get, "/api/speech/say?text=" + "my favorite animal is the dog. dogs are friendly, and they like to play outside with me every day. we go to the park after school and run around the big field until the sun goes down."
                .addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + "&voice=flite:kal16")
            let data = Data(buffer: said.body)
            let samples = PCMConversion.speechSamples(data, info: try WAVFile.validate(data, maximumDuration: 60))
            let pieces = Self.pieces(samples + [Int16](repeating: 0, count: 8_000))
            let (received, frame) = try await Self.live(app, tablet, query: "?promptId=storytelling-01") { outbound in
                for piece in pieces { try await outbound.write(.binary(piece)) }
                try await Self.stop(outbound)
            }
            let words = received.counts.compactMap { $0["words"] as? Int }
            #expect(words.count >= 4 && words.last! >= 20 && words == words.sorted(), "\(words)")
            #expect(received.counts.last?["wpm"] as? Int != nil)
            let take = try #require(received.take, "\(received.all)")
            #expect((take["wordCount"] as? Int ?? 0) >= 30 && take["score"] != nil && (take["prompt"] as? [String: Any])?["id"] as? String == "storytelling-01")
            #expect(frame?.closeCode == .normalClosure)
            let listed = try await SpeakUpRouteTests.list(tablet)
            #expect(listed.map(\.id.rawValue) == [take["id"] as? String])
            #expect(listed.first?.hasAudio == true)
        }
    }

    @Test(arguments: TestDatabase.all)
    func badStreamsAreClosedWithAReasonAndNothingIsStored(_ db: TestDatabase) async throws {
        let speech = SpeechServices(recognizer: ScriptedRecognizer(script: ["one two three"]), speaker: ScriptedSpeaker())
        // A generous watchdog: on a loaded machine the test's own client may pause between its 301
        // messages longer than a page would (the quiet page has its own test below).
        try await TestApp.run(db, installed: ["speakup"], openSignup: true, speech: speech, webSockets: true, liveIdleSeconds: 120) { app in
            let (tablet, _) = try await SpeakUpRouteTests.speaker(app)
            let tone = Self.pieces([Int16](repeating: 4_000, count: 16_000))
            // An odd number of bytes is not 16-bit audio.
            let odd = ByteBuffer(bytes: [1, 2, 3])
            var (received, frame) = try await Self.live(app, tablet) { try await $0.write(.binary(odd)) }
            #expect(received.errorCode == "bad_audio" && frame?.closeCode == .unacceptableData)
            // Text that is not a command.
            (received, frame) = try await Self.live(app, tablet) { outbound in
                try await outbound.write(.binary(tone[0]))
                try await outbound.write(.text("hello"))
            }
            #expect(received.errorCode == "bad_request" && frame?.closeCode == .unacceptableData)
            // Silence, then Stop: nothing was said.
            (received, _) = try await Self.live(app, tablet) { outbound in
                for piece in Self.pieces([Int16](repeating: 0, count: 32_000)) { try await outbound.write(.binary(piece)) }
                try await Self.stop(outbound)
            }
            #expect(received.errorCode == "no_speech")
            // Cancel: closed, nothing kept.
            (received, frame) = try await Self.live(app, tablet) { outbound in
                for piece in tone { try await outbound.write(.binary(piece)) }
                try await outbound.write(.text(#"{"type":"cancel"}"#))
            }
            #expect(received.errorCode == nil && received.take == nil && frame?.closeCode == .normalClosure)
            // Past ten minutes: stopped, not kept.
            let minute = Self.pieces([Int16](repeating: 4_000, count: 16_000 * 2), seconds: 2)[0]
            (received, frame) = try await Self.live(app, tablet) { outbound in
                for _ in 0..<301 { try await outbound.write(.binary(minute)) }
                try await Self.stop(outbound)
            }
            #expect(received.errorCode == "audio_too_long" && frame?.closeCode == .messageTooLarge, "\(received.all)")
            #expect(try await SpeakUpRouteTests.list(tablet).isEmpty)

            // Another site's page, and a device that is not signed in: no WebSocket at all; a
            // plain GET says why.
            await #expect(throws: (any Error).self) { try await Self.live(app, tablet, origin: "https://evil.example") { _ in } }
            await #expect(throws: (any Error).self) { try await Self.live(app, app.user()) { _ in } }
            await #expect(throws: (any Error).self) { try await Self.live(app, tablet, query: "?promptId=nope") { _ in } }
            try await tablet.expectError(.get, "/api/speakup/live?promptId=nope", status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.get, "/api/speakup/live", status: .badRequest, code: "bad_request")
            try await app.user().expectError(.get, "/api/speakup/live", status: .unauthorized, code: "not_signed_in")
        }
    }

    @Test(arguments: TestDatabase.all)
    func aDrillIsRecordedLiveJudgedAtStopAndKeptWithoutATake(_ db: TestDatabase) async throws {
        let words = "today I walked to school with my sister and we talked about the big game on saturday night"
        let speech = SpeechServices(recognizer: ScriptedRecognizer(script: [words]), speaker: ScriptedSpeaker())
        try await TestApp.run(db, installed: ["speakup"], openSignup: true, speech: speech, webSockets: true, liveIdleSeconds: 120) { app in
            let (tablet, _) = try await SpeakUpRouteTests.speaker(app)
            let tone = Self.pieces([Int16](repeating: 4_000, count: 16_000 * 15))
            var (received, frame) = try await Self.live(app, tablet, query: "?drill=filler-elimination") { outbound in
                for piece in tone { try await outbound.write(.binary(piece)) }
                try await Self.stop(outbound)
            }
            let result = try #require(received.drill, "\(received.all)")
            #expect(result["kind"] as? String == "drill" && result["itemId"] as? String == "filler-elimination")
            #expect((result["drill"] as? [String: Any])?["passed"] as? Bool == true && frame?.closeCode == .normalClosure)
            #expect(!received.counts.isEmpty)
            // A drill lasts its length and a few seconds: 21 s of a 15-s drill is stopped, not judged.
            (received, frame) = try await Self.live(app, tablet, query: "?drill=filler-elimination") { outbound in
                for piece in tone + tone.prefix(24) { try await outbound.write(.binary(piece)) }
                try await Self.stop(outbound)
            }
            #expect(received.errorCode == "audio_too_long" && frame?.closeCode == .messageTooLarge, "\(received.all)")
            // An unknown drill or a sprint without its topic opens nothing; a plain GET says why.
            await #expect(throws: (any Error).self) { try await Self.live(app, tablet, query: "?drill=juggling") { _ in } }
            try await tablet.expectError(.get, "/api/speakup/live?drill=impromptu-sprint", status: .unprocessableContent, code: "invalid_field")
            let log = try await SpeakUpDrillRouteTests.practice(tablet)
            #expect(log.items.count == 1 && log.items.first?.drill?.passed == true)
            #expect(try await SpeakUpRouteTests.list(tablet).isEmpty)
        }
    }

    @Test("a page that goes quiet without closing is closed after the watchdog's seconds, and its decoder and slot are free again")
    func aQuietPageIsClosed() async throws {
        try await TestApp.run(.sqlite, installed: ["speakup"], openSignup: true, webSockets: true, liveIdleSeconds: 3) { app in
            let (tablet, _) = try await SpeakUpRouteTests.speaker(app)
            let (received, _) = try await Self.live(app, tablet) { outbound in
                try await outbound.write(.binary(Self.pieces([Int16](repeating: 3_000, count: 4_000))[0]))
                try await Task.sleep(for: .seconds(60))  // never stops, never closes…
                try await outbound.close(.normalClosure, reason: "the server never closed")  // …unless the server failed to
            }
            // The server closed it (the page would have waited a minute): its watchdog's reason.
            #expect(received.errorCode == "bad_audio", "\(received.all)")
            // Both of the family's slots are free again (within moments of the close): two more takes may open at once.
            var bothOpened = false
            for _ in 0..<20 where !bothOpened {
                async let first = Self.live(app, tablet) { try await $0.write(.text(#"{"type":"cancel"}"#)) }
                async let second = Self.live(app, tablet) { try await $0.write(.text(#"{"type":"cancel"}"#)) }
                let (a, b) = try await (first, second)
                bothOpened = a.0.errorCode == nil && b.0.errorCode == nil
                if !bothOpened { try await Task.sleep(for: .milliseconds(250)) }
            }
            #expect(bothOpened)
        }
    }
}

