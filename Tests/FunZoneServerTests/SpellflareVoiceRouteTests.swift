import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Speech
import Spelling
import Storage
import TestSupport
import Testing
@testable import FunZoneServer

/// Spelling by voice inside a game: the spelled word judged against the game's current word.
@Suite struct SpellflareVoiceRouteTests {
    @Test(arguments: TestDatabase.all)
    func aSpelledWordIsJudgedAgainstTheGamesCurrentWord(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["spellflare"], openSignup: true, speech: SpeechServices(speller: ScriptedSpeller(hears: "cat"))) { app in
            let (tablet, _) = try await SpellflareRouteTests.child(app)
            let game = try await Speller(device: tablet).start(grade: 2, level: 1)
            let uri = "/api/spellflare/sessions/\(game.id)/spoken"
            let heard = try await tablet.request(.post, uri, body: ByteBuffer(bytes: toneWAV()), headers: [.contentType: "audio/wav"])
            #expect(heard.status == .ok)
            let body = try heard.decoded(SpelledWord.self)
            let word = game.words[0]
            #expect(body.letters == "cat" && body.expected == word && body.accepted == (word == "cat"))
            // Nothing was answered: the child still submits the letters.
            #expect(try await tablet.decoded(Speller.Game.self, .get, "/api/spellflare/sessions/\(game.id)").answers == 0)

            try expectErrorShape(try await tablet.request(.post, uri, body: ByteBuffer(string: "not audio"), headers: [.contentType: "text/plain"]),
                                 status: .unsupportedMediaType, code: "unsupported_audio")
            try expectErrorShape(try await tablet.request(.post, uri, body: ByteBuffer(), headers: [.contentType: "audio/wav"]),
                                 status: .unprocessableContent, code: "bad_audio")
            let stranger = try await app.setUpStrangerFamily(child: true)
            try expectErrorShape(try await stranger.request(.post, uri, body: ByteBuffer(bytes: toneWAV()), headers: [.contentType: "audio/wav"]),
                                 status: .notFound, code: "not_found")
        }
    }

    @Test(arguments: TestDatabase.all)
    func theSpeechSpellingRouteChecksItsWord(_ db: TestDatabase) async throws {
        try await TestApp.run(db, speech: SpeechServices(speller: ScriptedSpeller(hears: "dog"))) { app in
            let tablet = try await app.setUpFamily()
            let wav = ByteBuffer(bytes: toneWAV())
            let heard = try await tablet.request(.post, "/api/speech/spelling?expected=dog", body: wav, headers: [.contentType: "audio/wav"])
            #expect(heard.status == .ok)
            #expect(try heard.decoded(SpelledWord.self).accepted == true)
            for bad in ["", "?expected=", "?expected=r0cket", "?expected=Dog%20house"] {
                try expectErrorShape(try await tablet.request(.post, "/api/speech/spelling\(bad)", body: wav, headers: [.contentType: "audio/wav"]),
                                     status: .unprocessableContent, code: "invalid_field")
            }
            let anonymous = app.user()
            try expectErrorShape(try await anonymous.request(.post, "/api/speech/spelling?expected=dog", body: wav, headers: [.contentType: "audio/wav"]),
                                 status: .unauthorized, code: "not_signed_in")
        }
    }
}
