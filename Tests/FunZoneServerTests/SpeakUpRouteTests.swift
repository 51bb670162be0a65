import Foundation
import HTTPTypes
import Hub
import Hummingbird
import HummingbirdTesting
import NIOCore
import Speech
import SpeechCoach
import Storage
import TestSupport
import Testing
@testable import FunZoneServer

/// SpeakUp's routes on both databases: a take recorded, analysed, listed, searched, renamed,
/// played and deleted; bad recordings refused with nothing stored; Show & Tell's stars; settings;
/// history. The recogniser is scripted here (the real one is measured in Benchmarks/speakup-accuracy.py
/// and used by the browser tests).
@Suite struct SpeakUpRouteTests {
    static let script = "um my favorite animal is the dog because dogs are friendly and they like to play outside with me every day"

    static func speaker(_ app: TestApp, grade: Int = 6) async throws -> (Browser, String) {
        let tablet = try await app.setUpFamily()
        let id = try await app.addChild(tablet, name: "Leo", grade: grade)
        _ = try await tablet.json(.post, "/api/kids/select", ["childId": id], expect: .ok)
        return (tablet, id)
    }

    static func record(_ device: Browser, wav: Data = toneWAV(seconds: 12), prompt: String? = "storytelling-01",
                       expect status: HTTPResponse.Status = .created) async throws -> TestResponse {
        let query = prompt.map { "?promptId=\($0)&seconds=60" } ?? ""
        let response = try await device.request(.post, "/api/speakup/takes\(query)", body: ByteBuffer(bytes: wav), headers: [.contentType: "audio/wav"])
        #expect(response.status == status, "\(String(buffer: response.body))")
        return response
    }

    static func list(_ device: Browser, _ query: String = "") async throws -> [SpeakUpView.Summary] {
        try await device.decoded(SpeakUpController.TakeList.self, .get, "/api/speakup/takes\(query)").takes
    }

    @Test(arguments: TestDatabase.all)
    func aTakeIsAnalysedKeptSearchedRenamedPlayedAndDeleted(_ db: TestDatabase) async throws {
        let speech = SpeechServices(recognizer: ScriptedRecognizer(script: [Self.script, "a second take about cats"]), speaker: ScriptedSpeaker())
        try await TestApp.run(db, installed: ["speakup"], openSignup: true, speech: speech) { app in
            let (tablet, _) = try await Self.speaker(app)
            let take = try await Self.record(tablet).decoded(SpeakUpView.Take.self)
            #expect(take.wordCount == 20 && take.score != nil && take.stars == nil && take.hasAudio)
            #expect(take.prompt?.id == "storytelling-01" && take.title == take.prompt?.text)
            #expect(take.transcript.first?.text == "um" && take.transcript.first?.filler == .hesitation)
            #expect(take.transcript.filter { $0.filler == nil }.count == 20)
            #expect(take.analysis.coaching.tips.count <= 3 && take.averages == nil && take.levels?.isEmpty == false)

            app.clock.advance(by: 60)
            _ = try await Self.record(tablet, prompt: nil)
            #expect(try await Self.list(tablet).map(\.title) == ["Free practice", take.title])
            // Search looks inside transcripts (stemmed: "dog" finds "dogs"), with the words around the match.
            let found = try await Self.list(tablet, "?q=dog")
            #expect(found.map(\.id) == [take.id] && found[0].snippet?.contains("dog") == true)
            #expect(try await Self.list(tablet, "?q=elephant").isEmpty)
            #expect(try await Self.list(tablet, "?q=%22%20OR%20*").isEmpty)

            let renamed = try await tablet.decoded(SpeakUpView.Summary.self, .patch, "/api/speakup/takes/\(take.id)",
                                                   PatchBody(title: "  My dog  ", favorite: true))
            #expect(renamed.title == "My dog" && renamed.favorite)
            #expect(try await Self.list(tablet, "?filter=favorites").map(\.id) == [take.id])
            try await tablet.expectError(.patch, "/api/speakup/takes/\(take.id)", ["title": " "], status: .unprocessableContent, code: "invalid_field")

            let ogg = try await tablet.request(.get, "/api/speakup/takes/\(take.id)/audio")
            #expect(ogg.status == .ok && ogg.headers[.contentType] == "audio/ogg; codecs=opus" && Array(ogg.body.readableBytesView.prefix(4)) == Array("OggS".utf8))
            let wav = try await tablet.request(.get, "/api/speakup/takes/\(take.id)/audio?format=wav")
            #expect(wav.status == .ok && Array(wav.body.readableBytesView.prefix(4)) == Array("RIFF".utf8))

            let second = try await tablet.decoded(SpeakUpView.Take.self, .get, "/api/speakup/takes/\(take.id)")
            #expect(second.analysis == take.analysis)

            let response = try await tablet.request(.delete, "/api/speakup/takes/\(take.id)")
            #expect(response.status == .noContent)
            #expect(try await Self.list(tablet).count == 1)
            try await tablet.expectError(.get, "/api/speakup/takes/\(take.id)/audio", status: .notFound, code: "not_found")
            let files = try FileManager.default.subpathsOfDirectory(atPath: app.blobRoot.path).filter { $0.hasSuffix(".ogg") }
            #expect(files.count == 1)
        }
    }

    @Test(arguments: TestDatabase.all)
    func badRecordingsAreRefusedAndNothingIsStored(_ db: TestDatabase) async throws {
        let speech = SpeechServices(recognizer: ScriptedRecognizer(script: []), speaker: ScriptedSpeaker())
        try await TestApp.run(db, installed: ["speakup"], openSignup: true, speech: speech) { app in
            let (tablet, _) = try await Self.speaker(app)
            let corrupt = Data("RIFF0000WAVEjunk".utf8)
            for (body, type, status, code) in [
                (corrupt, "audio/wav", HTTPResponse.Status.unprocessableContent, "bad_audio"),
                (Data(), "audio/wav", .unprocessableContent, "bad_audio"),
                (toneWAV(seconds: 2), "application/json", .unsupportedMediaType, "unsupported_audio"),
                // Eleven minutes (8 kHz, so the upload itself fits): refused by length.
                (toneWAV(seconds: 660, rate: 8000), "audio/wav", .contentTooLarge, "audio_too_long"),
                (silentWAV(seconds: 5), "audio/wav", .unprocessableContent, "no_speech"),
            ] {
                let response = try await tablet.request(.post, "/api/speakup/takes", body: ByteBuffer(bytes: body), headers: [.contentType: type])
                #expect(response.status == status, "\(code): \(String(buffer: response.body))")
                #expect(String(buffer: response.body).contains("\"\(code)\""))
            }
            try await tablet.expectError(.post, "/api/speakup/takes?promptId=nope", status: .unprocessableContent, code: "invalid_field")
            #expect(try await Self.list(tablet).isEmpty)
            #expect((try? FileManager.default.subpathsOfDirectory(atPath: app.blobRoot.path).filter { $0.hasSuffix(".ogg") })?.isEmpty ?? true)

            // Another family's take is not found, and stays.
            let speech = try await Self.record(tablet, wav: toneWAV(seconds: 3)).decoded(SpeakUpView.Take.self)
            let stranger = try await app.setUpFamily(email: "eve@example.org", family: "Bianchi")
            let eve = try await app.addChild(stranger, name: "Eve", grade: 6)
            _ = try await stranger.json(.post, "/api/kids/select", ["childId": eve], expect: .ok)
            for (method, uri) in [(HTTPRequest.Method.get, "/api/speakup/takes/\(speech.id)"), (.get, "/api/speakup/takes/\(speech.id)/audio"),
                                  (.delete, "/api/speakup/takes/\(speech.id)")] {
                try await stranger.expectError(method, uri, status: .notFound, code: "not_found")
            }
            #expect(try await Self.list(tablet).count == 1)
        }
    }

    @Test(arguments: TestDatabase.all)
    func showAndTellGivesStarsNotNumbersAndChildrensPrompts(_ db: TestDatabase) async throws {
        let speech = SpeechServices(recognizer: ScriptedRecognizer(script: [Self.script]), speaker: ScriptedSpeaker())
        try await TestApp.run(db, installed: ["speakup"], speech: speech) { app in
            let (tablet, _) = try await Self.speaker(app, grade: 2)
            let me = try await tablet.decoded(SpeakUpController.MeResponse.self, .get, "/api/speakup/me")
            #expect(me.speaker.mode == .showAndTell && me.today.prompt.forKids && me.today.prompt.emoji != nil)
            let take = try await Self.record(tablet, prompt: me.today.prompt.id).decoded(SpeakUpView.Take.self)
            #expect(take.score == nil && (1...5).contains(take.stars ?? 0) && take.showAndTell?.tip.isEmpty == false)
            let after = try await tablet.decoded(SpeakUpController.MeResponse.self, .get, "/api/speakup/me")
            #expect(after.today.averageScore == nil && after.today.takes == 1 && after.today.streak.current == 1)
            // Answered: today's pick moves on to another prompt.
            #expect(after.today.prompt.id != me.today.prompt.id)
        }
    }

    @Test(arguments: TestDatabase.all)
    func settingsAreValidatedAndHistoryCountsDays(_ db: TestDatabase) async throws {
        let speech = SpeechServices(recognizer: ScriptedRecognizer(script: [Self.script, Self.script]), speaker: ScriptedSpeaker())
        try await TestApp.run(db, installed: ["speakup"], speech: speech) { app in
            let (tablet, _) = try await Self.speaker(app, grade: ChildProfile.adult)
            var weights = Dictionary(uniqueKeysWithValues: SpeechCoach.Dimension.allCases.map { ($0.rawValue, ScoreWeights.default[$0]) })
            weights["clarity"] = 30
            // Settings sit behind the parent gate; a save that fails keeps the gate pass.
            try await tablet.expectError(.put, "/api/speakup/settings", ["countdown": 5], status: .forbidden, code: "gate_required")
            try await app.passGate(tablet)
            try await tablet.expectError(.put, "/api/speakup/settings", ["weights": weights], status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.put, "/api/speakup/settings", ["countdown": 7], status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.put, "/api/speakup/settings", ["targetWPM": 260], status: .unprocessableContent, code: "invalid_field")
            weights["pace"] = 0
            let saved = try await tablet.decoded(SpeakUpView.Settings.self, .put, "/api/speakup/settings",
                                                 SettingsBody(weights: weights, countdown: 5, timerEnd: "keepGoing"))
            #expect(saved.weights["clarity"] == 30 && saved.countdown == 5 && saved.timerEnd == .keepGoing)
            #expect(saved.trackPauses && saved.trackFillers && saved.defaultFillers.contains("um") && saved.defaultFillers == saved.defaultFillers.sorted())
            // The pass was spent by that save.
            try await tablet.expectError(.put, "/api/speakup/settings", ["countdown": 10], status: .forbidden, code: "gate_required")
            let take = try await Self.record(tablet).decoded(SpeakUpView.Take.self)
            #expect(take.analysis.scores.weights[.clarity] == 30 && take.score != nil)

            app.clock.advance(by: 86_400)
            _ = try await Self.record(tablet)
            let history = try await tablet.decoded(SpeakUpHistory.self, .get, "/api/speakup/history?range=all&tz=Europe/Rome")
            #expect(history.heatmap.count == 17 * 7 && history.heatmap.reduce(0) { $0 + $1.sessions } == 2)
            #expect(history.streak.current == 2 && history.series.count == 2)
            try await tablet.expectError(.get, "/api/speakup/history?range=5", status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.get, "/api/speakup/history?tz=Mars/Olympus", status: .unprocessableContent, code: "invalid_field")
        }
    }
}

private struct PatchBody: Encodable {
    let title: String
    let favorite: Bool
}

private struct SettingsBody: Encodable {
    let weights: [String: Int]
    let countdown: Int
    let timerEnd: String
}

/// A WAV of digital silence.
func silentWAV(seconds: Double, rate: Int = 16000) -> Data {
    var data = toneWAV(seconds: seconds, rate: rate)
    data.replaceSubrange(44..<data.count, with: Data(count: data.count - 44))
    return data
}
