import Foundation
import HTTPTypes
import Audio
import Hummingbird
import HummingbirdTesting
import Speech
import Study
import Testing
@testable import FunZoneServer

/// MirrorBuddy's voice commands on both databases, heard by the real recogniser from speech made by
/// the server's own voices: Italian "apri matematica" opens the subject, a title opens its material,
/// "leggi" is a command only on a material, English follows the profile's language, and a sentence
/// that is no command comes back without one.
@Suite struct MirrorBuddyVoiceRouteTests {
    static let wav: HTTPFields = [.contentType: "audio/wav"]

    /// What the server's `voice` says, sent as a command on `screen`.
    static func command(_ text: String, voice: String = "espeak-ng:it", on screen: String, _ device: Browser) async throws -> MirrorBuddyVoice.Heard {
        let query = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let said = try await device.request(.get, "/api/speech/say?text=\(query)&voice=\(voice)")
        #expect(said.status == .ok)
        let heard = try await device.request(.post, "/api/mirrorbuddy/voice?screen=\(screen)", body: ByteBuffer(bytes: try asRecorded(said.body)), headers: wav)
        #expect(heard.status == .ok, "\(String(buffer: heard.body))")
        return try heard.decoded(MirrorBuddyVoice.Heard.self)
    }

    /// The speech as a microphone hears it: 16 kHz with 0.3 s of quiet room noise (-54 dBFS) each side.
    static func asRecorded(_ body: ByteBuffer) throws -> Data {
        let data = Data(buffer: body)
        let samples = PCMConversion.speechSamples(data, info: try WAVFile.validate(data, maximumDuration: 10))
        var state: UInt32 = 7
        let room = (0..<4_800).map { _ -> Float in
            state = state &* 1_664_525 &+ 1_013_904_223
            return (Float(state >> 8) / Float(1 << 24) - 0.5) * 0.004
        }
        return pcmWAV(room + samples.map { Float($0) / 32_768 } + room, rate: 16_000, channels: 1, bits: 16)
    }

    @Test(arguments: TestDatabase.all)
    func italianCommandsOpenSubjectsMaterialsAndReadOnlyWhereTheyMeanSomething(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await MirrorBuddyRouteTests.mario(app)
            let material = try await tablet.json(.post, "/api/mirrorbuddy/materials",
                                                 ["title": "Le frazioni", "text": "Una frazione divide un intero in parti uguali.", "subjectId": "matematica"],
                                                 expect: .created)
            let id = try #require(material["id"] as? String)

            let subject = try await Self.command("apri matematica", on: "home", tablet)
            #expect(subject.command == .openSubject && subject.subjectId == "matematica" && subject.heard == "apri matematica" && subject.language == .it)
            let byTitle = try await Self.command("apri materiale le frazioni", on: "materials", tablet)
            #expect(byTitle.command == .openMaterial && byTitle.materialId == id, "\(byTitle)")
            let latest = try await Self.command("apri ultimo materiale di matematica", on: "home", tablet)
            #expect(latest.command == .openLatestMaterial && latest.materialId == id, "\(latest)")
            #expect(try await Self.command("leggi", on: "material", tablet).command == .read)
            #expect(try await Self.command("leggi", on: "home", tablet).command != .read)
            #expect(try await Self.command("aiuto", on: "tasks", tablet).command == .help)

            // About one Italian sentence in seven that is no command is heard as one (Benchmarks/mirrorbuddy-voice.py);
            // "la nonna prepara la torta per domenica" comes back as "aggiungi compito per domenica" since tasks
            // by voice came (the page then only fills in the task form). This one is far from every command.
            let chatter = try await Self.command("domani vado al mare con i miei cugini", on: "home", tablet)
            #expect(chatter.command == nil && chatter.heard == "" && chatter.materialId == nil, "\(chatter)")
        }
    }

    /// Names a recogniser may not take — a letter with no sound ("H"), the JSGF keyword "public", an
    /// accent written as a combining mark, an apostrophe, digits — never cost the student their commands.
    @Test(arguments: TestDatabase.all)
    func awkwardNamesOfTheStudentsOwnLeaveEveryCommandWorking(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await MirrorBuddyRouteTests.mario(app)
            _ = try await tablet.json(.post, "/api/mirrorbuddy/subjects", ["name": "Inglese 2H", "colour": "#112233", "emoji": "🇬🇧"], expect: .created)
            for title in ["H2O: la molecola dell'acqua", "Public transport", "Perche\u{301} piove? Il ciclo dell’acqua in natura e nelle nuvole"] {
                _ = try await tablet.json(.post, "/api/mirrorbuddy/materials", ["title": title, "text": "Un testo di prova per la voce."], expect: .created)
            }
            let help = try await tablet.decoded(MirrorBuddyVoice.Commands.self, .get, "/api/mirrorbuddy/voice/commands?screen=materials")
            #expect(help.commands.contains { $0.command == .openMaterial })
            let subject = try await Self.command("apri matematica", on: "home", tablet)
            #expect(subject.command == .openSubject && subject.subjectId == "matematica", "\(subject)")
            let title = try await Self.command("apri materiale public transport", on: "materials", tablet)
            #expect(title.command == .openMaterial, "\(title)")
        }
    }

    @Test(arguments: TestDatabase.all)
    func theProfilesLanguageChoosesTheCommandsAndHelpListsThem(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await MirrorBuddyRouteTests.mario(app)
            let italian = try await tablet.decoded(MirrorBuddyVoice.Commands.self, .get, "/api/mirrorbuddy/voice/commands?screen=material")
            #expect(italian.language == .it && italian.commands.first { $0.command == .read }?.examples.first == "leggi")
            #expect(italian.commands.contains { $0.command == .openSubject && $0.examples.contains("apri educazione civica") })

            var settings = try await tablet.decoded(ReadingSettings.self, .get, "/api/mirrorbuddy/settings")
            settings.language = .en
            _ = try await tablet.decoded(ReadingSettings.self, .put, "/api/mirrorbuddy/settings", settings)
            let english = try await tablet.decoded(MirrorBuddyVoice.Commands.self, .get, "/api/mirrorbuddy/voice/commands?screen=home")
            #expect(english.language == .en && !english.commands.contains { $0.command == .read })
            #expect(english.commands.first { $0.command == .openSubject }?.examples.first == "open civics")

            let heard = try await Self.command("open materials", voice: "flite:kal16", on: "home", tablet)
            #expect(heard.command == .materials && heard.language == .en, "\(heard)")
            // "Maths" is not in the recogniser's dictionary: the subject answers to "math" instead.
            let math = try await Self.command("open math", voice: "flite:kal16", on: "home", tablet)
            #expect(math.command == .openSubject && math.subjectId == "matematica", "\(math)")
        }
    }

    @Test(arguments: TestDatabase.all)
    func badRecordingsAndScreensGetClearErrors(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await MirrorBuddyRouteTests.mario(app)
            try await tablet.expectError(.get, "/api/mirrorbuddy/voice/commands?screen=garden", status: .unprocessableContent, code: "invalid_field")
            let short = pcmWAV([Float](repeating: 0, count: 16_000), rate: 16_000, channels: 1, bits: 16)
            try expectErrorShape(try await tablet.request(.post, "/api/mirrorbuddy/voice?screen=garden", body: ByteBuffer(bytes: short), headers: Self.wav),
                                 status: .unprocessableContent, code: "invalid_field")
            try expectErrorShape(try await tablet.request(.post, "/api/mirrorbuddy/voice?screen=home", body: ByteBuffer(bytes: short),
                                                          headers: [.contentType: "text/plain"]), status: .unsupportedMediaType, code: "unsupported_audio")
            // A command is at most 10 seconds.
            let long = pcmWAV([Float](repeating: 0, count: 16_000 * 11), rate: 16_000, channels: 1, bits: 16)
            try expectErrorShape(try await tablet.request(.post, "/api/mirrorbuddy/voice?screen=home", body: ByteBuffer(bytes: long), headers: Self.wav),
                                 status: .contentTooLarge, code: "audio_too_long")
            // Silence is no command.
            let quiet = try await tablet.request(.post, "/api/mirrorbuddy/voice?screen=home", body: ByteBuffer(bytes: short), headers: Self.wav)
            #expect(try quiet.decoded(MirrorBuddyVoice.Heard.self).command == nil)
        }
    }

    @Test func everyFixedPhraseIsOneTheRecogniserCanSay() {
        for (study, speech) in [(StudyLanguage.it, GrammarLanguage.italian), (.en, .english)] {
            for command in VoiceCommand.allCases {
                for phrase in VoicePhrases.phrases(command, study) where !phrase.contains("{") {
                    let unknown = phrase.split(separator: " ").filter { !GrammarVocabulary.canSay(String($0), language: speech) }
                    #expect(unknown.isEmpty, "\(phrase): \(unknown)")
                }
            }
        }
    }

    @Test(arguments: TestDatabase.all)
    func aMindMapIsWalkedByVoiceByItsOwnLabels(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await MirrorBuddyRouteTests.mario(app)
            let notes = try await MirrorBuddyMapRouteTests.notes(tablet)
            let map = try await tablet.decoded(MirrorBuddyMapRouteTests.MapView.self, .post, "/api/mirrorbuddy/materials/\(notes.id)/mind-map",
                                               expect: .created)
            let screen = "map&mapId=\(map.id)"
            let root = try #require(map.nodes.first)
            let expand = try await Self.command("espandi la fotosintesi", on: screen, tablet)
            #expect(expand.command == .expandNode && expand.nodeId == root.id, "\(expand)")
            let up = try await Self.command("torna su", on: screen, tablet)
            #expect(up.command == .parentNode && up.nodeId == nil)
            #expect(try await Self.command("comprimi", on: screen, tablet).command == .collapseNode)
            let read = try await Self.command("leggi la fotosintesi", on: screen, tablet)
            #expect(read.command == .readNode && read.nodeId == root.id)
            // Only on the map screen, and only this student's map.
            #expect(try await Self.command("torna su", on: "home", tablet).command != .parentNode)
            let stranger = try await MirrorBuddyRouteTests.stranger(app)
            let theirs = try await stranger.decoded(MirrorBuddyVoice.Commands.self, .get, "/api/mirrorbuddy/voice/commands?screen=\(screen)")
            #expect(!theirs.commands.flatMap(\.examples).contains { $0.contains("fotosintesi") }, "another family's map is not in the grammar")
            let help = try await tablet.decoded(MirrorBuddyVoice.Commands.self, .get, "/api/mirrorbuddy/voice/commands?screen=\(screen)")
            #expect(help.commands.contains { $0.command == .expandNode && $0.examples.contains("espandi la fotosintesi") })
        }
    }
}
