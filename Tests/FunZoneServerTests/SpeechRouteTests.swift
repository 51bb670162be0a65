import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import Audio
import Speech
@testable import FunZoneServer

/// The speech routes through the real engines: what /api/speech/say speaks, /api/speech/transcribe hears.
@Suite struct SpeechRouteTests {
    static let wav: HTTPFields = [.contentType: "audio/wav"]

    @Test(arguments: TestDatabase.all)
    func voicesSayAndTranscribeRoundTrip(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let tablet = try await app.setUpFamily()
            let listed = try await tablet.decoded(SpeechController.VoicesResponse.self, .get, "/api/speech/voices")
            #expect(listed.voices.contains { $0.id == "flite:kal16" && $0.engine == .flite })
            #expect(listed.voices.contains { $0.language == "it" })
            #expect(listed.formats == ["wav", "opus"])

            let said = try await tablet.request(.get, "/api/speech/say?text=hello%20world%20this%20is%20a%20test&voice=flite:kal16")
            #expect(said.status == .ok && said.headers[.contentType] == "audio/wav")
            let etag = try #require(said.headers[.eTag])
            let again = try await tablet.request(.get, "/api/speech/say?text=hello%20world%20this%20is%20a%20test&voice=flite:kal16",
                                                 headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified && again.body.readableBytes == 0)
            let opus = try await tablet.request(.get, "/api/speech/say?text=hello&voice=flite:kal16&format=opus&rate=0.8")
            #expect(opus.status == .ok && opus.headers[.contentType] == "audio/ogg; codecs=opus" && opus.headers[.eTag] != etag)

            let heard = try await tablet.request(.post, "/api/speech/transcribe", body: said.body, headers: Self.wav)
            #expect(heard.status == .ok, "\(String(buffer: heard.body))")
            let transcript = try heard.decoded(Transcript.self)
            #expect(transcript.text == "hello world this is a test")
            #expect(transcript.words.count == 6 && transcript.words.allSatisfy { $0.end > $0.start })
            #expect(transcript.utterances.count == 1)
            #expect(transcript.fillers.isEmpty)
            let markers = try await tablet.request(.get, "/api/speech/say?text=it%20was,%20like,%20really%20huge&voice=flite:kal16")
            let analysed = try await tablet.request(.post, "/api/speech/transcribe?fillers=true", body: markers.body, headers: Self.wav)
            let fillers = try analysed.decoded(Transcript.self).fillers
            #expect(fillers.map(\.word) == ["like"] && fillers.first?.kind == .discourseMarker)

            let yes = try await tablet.request(.get, "/api/speech/say?text=no&voice=flite:kal16")
            let grammar = "#JSGF V1.0; grammar a; public <a> = yes | no;".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let answered = try await tablet.request(.post, "/api/speech/transcribe?mode=grammar&grammar=\(grammar)", body: yes.body, headers: Self.wav)
            #expect(try answered.decoded(Transcript.self).text == "no")
            // Italian commands through a grammar (MirrorBuddy's voice commands).
            let avanti = try await tablet.request(.get, "/api/speech/say?text=avanti&voice=espeak-ng:it")
            let comandi = "#JSGF V1.0; grammar c; public <c> = leggi | avanti | indietro | più lento;".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let italian = try await tablet.request(.post, "/api/speech/transcribe?mode=grammar&language=it&grammar=\(comandi)", body: avanti.body, headers: Self.wav)
            #expect(try italian.decoded(Transcript.self).text == "avanti", "\(String(buffer: italian.body))")
            let spotted = try await tablet.request(.post, "/api/speech/transcribe?mode=keywords&keywords=is%20a%20test,goodbye", body: said.body, headers: Self.wav)
            #expect(try spotted.decoded(Transcript.self).words.map(\.word) == ["is a test"])
        }
    }

    @Test(arguments: TestDatabase.all)
    func badInputGetsTheErrorShape(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let stranger = app.user()
            try await expectErrorShape(try await stranger.request(.get, "/api/speech/voices"), status: .unauthorized, code: "not_signed_in")
            try await expectErrorShape(try await stranger.request(.get, "/api/speech/say?text=hi"), status: .unauthorized, code: "not_signed_in")
            let tablet = try await app.setUpFamily()
            let tone = ByteBuffer(bytes: toneWAV(seconds: 1))
            try expectErrorShape(try await tablet.request(.post, "/api/speech/transcribe", body: tone, headers: [.contentType: "application/json"]),
                                 status: .unsupportedMediaType, code: "unsupported_audio")
            try expectErrorShape(try await tablet.request(.post, "/api/speech/transcribe", body: ByteBuffer(string: "RIFF...not audio"), headers: Self.wav),
                                 status: .unsupportedMediaType, code: "unsupported_audio")
            var truncated = toneWAV(seconds: 1)
            truncated = truncated.prefix(40)
            try expectErrorShape(try await tablet.request(.post, "/api/speech/transcribe", body: ByteBuffer(bytes: truncated), headers: Self.wav),
                                 status: .unprocessableContent, code: "bad_audio")
            try expectErrorShape(try await tablet.request(.post, "/api/speech/transcribe", body: ByteBuffer(bytes: toneWAV(seconds: 61)), headers: Self.wav),
                                 status: .contentTooLarge, code: "audio_too_long")
            try expectErrorShape(try await tablet.request(.post, "/api/speech/transcribe", body: ByteBuffer(repeating: 0, count: SpeechController.uploadLimit + 1), headers: Self.wav),
                                 status: .contentTooLarge, code: "body_too_large")
            try expectErrorShape(try await tablet.request(.post, "/api/speech/transcribe?mode=shout", body: tone, headers: Self.wav),
                                 status: .unprocessableContent, code: "invalid_field")
            try expectErrorShape(try await tablet.request(.post, "/api/speech/transcribe?fillers=maybe", body: tone, headers: Self.wav),
                                 status: .unprocessableContent, code: "invalid_field")
            try expectErrorShape(try await tablet.request(.post, "/api/speech/transcribe?mode=keywords&keywords=hi&fillers=true", body: tone, headers: Self.wav),
                                 status: .unprocessableContent, code: "invalid_field")
            try expectErrorShape(try await tablet.request(.post, "/api/speech/transcribe?mode=grammar&grammar=zzqxv", body: tone, headers: Self.wav),
                                 status: .unprocessableContent, code: "invalid_field")
            try expectErrorShape(try await tablet.request(.post, "/api/speech/transcribe?mode=keywords&keywords=rm%20-rf", body: tone, headers: Self.wav),
                                 status: .unprocessableContent, code: "invalid_field")
            for query in ["mode=grammar&grammar=a&language=fr", "language=it", "mode=keywords&keywords=hi&language=it",
                          "mode=grammar&language=it&grammar=%23JSGF%20V1.0%3B%20grammar%20g%3B%20public%20%3Cg%3E%20%3D%20r2d2%3B"] {
                try expectErrorShape(try await tablet.request(.post, "/api/speech/transcribe?\(query)", body: tone, headers: Self.wav),
                                     status: .unprocessableContent, code: "invalid_field")
            }
            try expectErrorShape(try await tablet.request(.get, "/api/speech/say?text=hi&voice=flite:nobody"), status: .unprocessableContent, code: "invalid_field")
            try expectErrorShape(try await tablet.request(.get, "/api/speech/say?text=%20"), status: .unprocessableContent, code: "invalid_field")
            try expectErrorShape(try await tablet.request(.get, "/api/speech/say?text=hi&rate=fast"), status: .unprocessableContent, code: "invalid_field")
            try expectErrorShape(try await tablet.request(.get, "/api/speech/say?text=hi&format=mp3"), status: .unprocessableContent, code: "invalid_field")
        }
    }

    @Test(arguments: TestDatabase.all)
    func eachFamilyHasARateLimit(_ db: TestDatabase) async throws {
        try await TestApp.run(db, openSignup: true) { app in
            let tablet = try await app.setUpFamily()
            for index in 0..<SpeechController.perFamily.limit {
                let response = try await tablet.request(.get, "/api/speech/say?text=word\(index % 3)&voice=espeak-ng:en-us")
                #expect(response.status == .ok)
            }
            let limited = try await tablet.request(.get, "/api/speech/say?text=one%20more&voice=espeak-ng:en-us")
            try expectErrorShape(limited, status: .tooManyRequests, code: "rate_limited")
            // Another family is not affected; the window passes.
            let other = try await app.setUpFamily(email: "bo@example.org", family: "Bianchi")
            #expect(try await other.request(.get, "/api/speech/say?text=hi&voice=espeak-ng:en-us").status == .ok)
            app.clock.advance(by: 61)
            #expect(try await tablet.request(.get, "/api/speech/say?text=hi&voice=espeak-ng:en-us").status == .ok)
        }
    }

    @Test(arguments: TestDatabase.all)
    func audioAlreadyMadeDoesNotCountAgainstTheLimit(_ db: TestDatabase) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("say-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let speech = SpeechServices(speaker: SpeechSpeaker(cache: try SpeechCache(directory: directory, now: Date.init)))
        try await TestApp.run(db, speech: speech) { app in
            let tablet = try await app.setUpFamily()
            // A long game replays the same few words: once made, they are served from the cache.
            for index in 0..<(SpeechController.perFamily.limit + 30) {
                let response = try await tablet.request(.get, "/api/speech/say?text=word\(index % 3)&voice=espeak-ng:en-us")
                #expect(response.status == .ok)
            }
            // New text still counts: three were made, so the rest of the window is left.
            for index in 3..<SpeechController.perFamily.limit {
                #expect(try await tablet.request(.get, "/api/speech/say?text=new\(index)&voice=espeak-ng:en-us").status == .ok)
            }
            let limited = try await tablet.request(.get, "/api/speech/say?text=one%20more&voice=espeak-ng:en-us")
            try expectErrorShape(limited, status: .tooManyRequests, code: "rate_limited")
            #expect(try await tablet.request(.get, "/api/speech/say?text=word1&voice=espeak-ng:en-us").status == .ok)
        }
    }

    @Test(arguments: TestDatabase.all)
    func anyWAVABrowserSendsIsHeardAndLimitsHold(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let tablet = try await app.setUpFamily()
            let said = try await tablet.request(.get, "/api/speech/say?text=hello%20world%20this%20is%20a%20test&voice=flite:kal16")
            let speech = PCMConversion.monoSamples(Data(buffer: said.body), info: try WAVFile.parse(Data(buffer: said.body)))
            func heard(_ wav: Data) async throws -> String {
                let response = try await tablet.request(.post, "/api/speech/transcribe", body: ByteBuffer(bytes: wav), headers: Self.wav)
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                return try response.decoded(Transcript.self).text
            }
            // Stereo 44.1 kHz 16-bit (a desktop browser's recording) and 8-bit unsigned mono at 16 kHz.
            let cd = PCMConversion.resample(speech, from: 16_000, to: 44_100)
            #expect(try await heard(pcmWAV(cd, rate: 44_100, channels: 2, bits: 16)) == "hello world this is a test")
            #expect(try await heard(pcmWAV(speech, rate: 16_000, channels: 1, bits: 8)).hasPrefix("hello world"))

            try expectErrorShape(try await tablet.request(.post, "/api/speech/transcribe", body: ByteBuffer(), headers: Self.wav),
                                 status: .unprocessableContent, code: "bad_audio")
            // Ten minutes: over the byte limit at 16 kHz 16-bit, and over the duration limit at 8 kHz 8-bit (4.8 MB).
            try expectErrorShape(try await tablet.request(.post, "/api/speech/transcribe", body: ByteBuffer(bytes: toneWAV(seconds: 600)), headers: Self.wav),
                                 status: .contentTooLarge, code: "body_too_large")
            let tenMinutes = pcmWAV([Float](repeating: 0.1, count: 8_000 * 600), rate: 8_000, channels: 1, bits: 8)
            try expectErrorShape(try await tablet.request(.post, "/api/speech/transcribe", body: ByteBuffer(bytes: tenMinutes), headers: Self.wav),
                                 status: .contentTooLarge, code: "audio_too_long")
        }
    }

    @Test(arguments: TestDatabase.all)
    func aFailingRemoteRecognizerIsA502WithoutItsDetails(_ db: TestDatabase) async throws {
        let remote = OpenAITranscriptionRecognizer(baseURL: URL(string: "http://127.0.0.1:9")!, apiKey: "sk-secret", timeout: 5)
        try await TestApp.run(db, speech: SpeechServices(recognizer: remote)) { app in
            let tablet = try await app.setUpFamily()
            let response = try await tablet.request(.post, "/api/speech/transcribe", body: ByteBuffer(bytes: toneWAV(seconds: 1)), headers: Self.wav)
            try expectErrorShape(response, status: .badGateway, code: "speech_service_failed")
            let body = String(buffer: response.body)
            #expect(!body.contains("127.0.0.1") && !body.contains("sk-secret"))
        }
    }

    /// Spelling by voice before its letter templates are made (half a minute after a first start):
    /// a 503 that says when to come back, so the page offers the keyboard instead of waiting.
    @Test(arguments: TestDatabase.all)
    func spellingWhileWarmingUpIsA503WithRetryAfter(_ db: TestDatabase) async throws {
        try await TestApp.run(db, speech: SpeechServices(speller: WarmingUpSpeller())) { app in
            let tablet = try await app.setUpFamily()
            let response = try await tablet.request(.post, "/api/speech/spelling?expected=dog", body: ByteBuffer(bytes: toneWAV()), headers: Self.wav)
            try expectErrorShape(response, status: .serviceUnavailable, code: "speech_warming_up")
            #expect(response.headers[.retryAfter] == "15")
        }
    }
}

/// A speller whose letter templates are still being made.
private struct WarmingUpSpeller: SpellingListener {
    func spelling(_ samples: [Int16], expected: String) async throws -> SpelledWord { throw SpeechError.warmingUp(retryAfter: 15) }
}

/// PCM WAV bytes of mono samples (-1…1), copied to every channel; 8-bit is unsigned as WAV has it.
func pcmWAV(_ samples: [Float], rate: Int, channels: Int, bits: Int) -> Data {
    var data = Data()
    func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    let bytesPerFrame = channels * bits / 8
    data.append(contentsOf: Array("RIFF".utf8)); append(UInt32(36 + samples.count * bytesPerFrame)); data.append(contentsOf: Array("WAVEfmt ".utf8))
    append(UInt32(16)); append(UInt16(1)); append(UInt16(channels)); append(UInt32(rate)); append(UInt32(rate * bytesPerFrame))
    append(UInt16(bytesPerFrame)); append(UInt16(bits))
    data.append(contentsOf: Array("data".utf8)); append(UInt32(samples.count * bytesPerFrame))
    for sample in samples {
        let clipped = max(-1, min(1, sample))
        for _ in 0..<channels {
            if bits == 8 { data.append(UInt8(clamping: Int((clipped * 127).rounded()) + 128)) } else { append(Int16(clipped * 32_767)) }
        }
    }
    return data
}
