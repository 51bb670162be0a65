import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import FunZoneServer

/// The speech routes through the real engines: what /api/speech/say speaks, /api/speech/transcribe hears.
@Suite struct SpeechRouteTests {
    static let wav: HTTPFields = [.contentType: "audio/wav"]

    @Test(arguments: TestDatabase.all)
    func voicesSayAndTranscribeRoundTrip(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let tablet = try await app.setUpFamily()
            let listed = try await tablet.json(.get, "/api/speech/voices", expect: .ok)
            let voices = listed["voices"] as! [[String: Any]]
            #expect(voices.contains { $0["id"] as? String == "flite:kal16" && $0["engine"] as? String == "flite" })
            #expect(voices.contains { $0["language"] as? String == "it" })
            #expect(listed["formats"] as? [String] == ["wav", "opus"])

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
            let transcript = try JSONSerialization.jsonObject(with: Data(buffer: heard.body)) as! [String: Any]
            #expect(transcript["text"] as? String == "hello world this is a test")
            let words = transcript["words"] as! [[String: Any]]
            #expect(words.count == 6 && words.allSatisfy { ($0["end"] as! Double) > ($0["start"] as! Double) })
            #expect((transcript["utterances"] as? [[String: Any]])?.count == 1)

            let yes = try await tablet.request(.get, "/api/speech/say?text=no&voice=flite:kal16")
            let grammar = "#JSGF V1.0; grammar a; public <a> = yes | no;".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let answered = try await tablet.request(.post, "/api/speech/transcribe?mode=grammar&grammar=\(grammar)", body: yes.body, headers: Self.wav)
            #expect((try JSONSerialization.jsonObject(with: Data(buffer: answered.body)) as? [String: Any])?["text"] as? String == "no")
            let spotted = try await tablet.request(.post, "/api/speech/transcribe?mode=keywords&keywords=is%20a%20test,goodbye", body: said.body, headers: Self.wav)
            let spottedWords = (try JSONSerialization.jsonObject(with: Data(buffer: spotted.body)) as? [String: Any])?["words"] as? [[String: Any]]
            #expect(spottedWords?.map { $0["word"] as? String } == ["is a test"])
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
            try expectErrorShape(try await tablet.request(.post, "/api/speech/transcribe?mode=grammar&grammar=zzqxv", body: tone, headers: Self.wav),
                                 status: .unprocessableContent, code: "invalid_field")
            try expectErrorShape(try await tablet.request(.post, "/api/speech/transcribe?mode=keywords&keywords=rm%20-rf", body: tone, headers: Self.wav),
                                 status: .unprocessableContent, code: "invalid_field")
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
}
