import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Speech
import Synchronization
import Testing
import TestSupport
@testable import FunZoneServer

/// Speech shared between families through the routes: a family whose turn does not come in time is
/// told the server is busy and when to try again; nothing it sent is lost for the other family.
@Suite struct FairShareRouteTests {
    /// Hears "hello" once let go.
    actor HeldRecognizer: SpeechRecognizer {
        nonisolated let name = "held"
        private var released = false
        private(set) var started = 0

        func release() { released = true }

        func transcribe(_ samples: [Int16], mode: RecognitionMode) async throws -> Transcript {
            started += 1
            while !released { try await Task.sleep(for: .milliseconds(5)) }
            return Transcript(words: [RecognizedWord(word: "hello", start: 0, end: 0.3, confidence: 1)], duration: Double(samples.count) / 16_000, engine: name)
        }
    }

    @Test(arguments: TestDatabase.all)
    func aFamilyWaitingTooLongForSpeechIsToldWhenToTryAgain(_ db: TestDatabase) async throws {
        let held = HeldRecognizer()
        let share = FairShare(name: FairShare.speechWork, slots: 1, patience: .milliseconds(300))
        let speech = SpeechServices(recognizer: held, speaker: ScriptedSpeaker(), share: share)
        try await TestApp.run(db, openSignup: true, speech: speech) { app in
            let rossi = try await app.setUpFamily()
            let bianchi = try await app.setUpStrangerFamily()
            let wav = try await rossi.request(.get, "/api/speech/say?text=hello").body
            let first = Task { try await rossi.request(.post, "/api/speech/transcribe", body: wav, headers: SpeechRouteTests.wav) }
            while await held.started == 0 { try await Task.sleep(for: .milliseconds(5)) }

            let refused = try await bianchi.request(.post, "/api/speech/transcribe", body: wav, headers: SpeechRouteTests.wav)
            try expectErrorShape(refused, status: .serviceUnavailable, code: "server_busy")
            #expect(String(buffer: refused.body).contains("busy hearing other recordings"))
            let retry = try #require(refused.headers[.retryAfter].flatMap { Int($0) })
            #expect((1...60).contains(retry))

            await held.release()
            let answered = try await first.value
            #expect(answered.status == .ok)
            #expect(try answered.decoded(Transcript.self).text == "hello")
            let again = try await bianchi.request(.post, "/api/speech/transcribe", body: wav, headers: SpeechRouteTests.wav)
            #expect(again.status == .ok)
            let load = await share.load
            #expect(load.running.isEmpty && load.waiting == 0)
        }
    }

    @Test("a request whose client shuts its side while it waits for speech leaves the queue, and is never heard")
    func aClientThatHalfClosesLeavesTheQueue() async throws {
        let held = HeldRecognizer()
        let share = FairShare(name: FairShare.speechWork, slots: 1, patience: .seconds(30))
        let speech = SpeechServices(recognizer: held, speaker: ScriptedSpeaker(), share: share)
        try await TestApp.run(.sqlite, speech: speech, webSockets: true) { app in
            let tablet = try await app.setUpFamily()
            let wav = try await tablet.request(.get, "/api/speech/say?text=hello").body
            let first = Task { try await tablet.request(.post, "/api/speech/transcribe", body: wav, headers: SpeechRouteTests.wav) }
            while await held.started == 0 { try await Task.sleep(for: .milliseconds(5)) }

            let raw = try RawConnection(port: try #require(app.client.port))
            let cookies = tablet.cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")
            try raw.send("POST /api/speech/transcribe HTTP/1.1\r\nHost: localhost\r\nCookie: \(cookies)\r\nX-CSRF-Token: \(tablet.csrf ?? "")\r\n"
                         + "Content-Type: audio/wav\r\nContent-Length: \(wav.readableBytes)\r\n\r\n")
            try raw.send(bytes: Array(buffer: wav))
            try await FairShareTests.eventually { await share.load.waiting == 1 }
            raw.finishSending()
            try await FairShareTests.eventually { await share.load.waiting == 0 }

            await held.release()
            #expect(try await first.value.status == .ok)
            #expect(await held.started == 1)
        }
    }
}
