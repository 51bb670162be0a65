import Foundation
import Hub
import NIOCore
import SpeechCoach
import Storage
import TestSupport
import Testing
@testable import FunZoneServer

/// `funzone speakup reanalyze` on both databases: a take analysed by an older coach is redone from
/// its kept features, exactly as a new take would be scored; current takes are left alone unless
/// every take is asked for.
@Suite struct SpeakUpReanalysisTests {
    @Test(arguments: TestDatabase.all)
    func anOlderAnalysisIsRedoneFromTheKeptFeatures(_ db: TestDatabase) async throws {
        let speech = SpeechServices(recognizer: ScriptedRecognizer(script: [SpeakUpRouteTests.script]), speaker: ScriptedSpeaker())
        try await TestApp.run(db, installed: ["speakup"], openSignup: true, speech: speech) { app in
            let (tablet, _) = try await SpeakUpRouteTests.speaker(app)
            let recorded = try await SpeakUpRouteTests.record(tablet).decoded(SpeakUpView.Take.self)
            let stored = try #require(try await app.services.speakUp.allTakes(after: nil, limit: 10).first)
            #expect(stored.id == recorded.id && stored.analysis.version == TakeAnalysis.currentVersion)

            // As an older coach would have left it: another version, another score.
            var older = stored.analysis
            older.version = TakeAnalysis.currentVersion - 1
            older.scores.overall = 3
            try await app.services.speakUp.saveAnalysis(older, stars: nil, id: stored.id, in: FamilyScope(familyId: stored.familyId))
            #expect(try await SpeakUpRouteTests.list(tablet).first?.score == 3)

            #expect(try await SpeakUpReanalysis.run(database: app.services.database, all: false) == .init(seen: 1, redone: 1, failed: []))
            let redone = try #require(try await app.services.speakUp.allTakes(after: nil, limit: 10).first)
            #expect(redone.analysis == stored.analysis, "the same features and settings give the same analysis")
            #expect(try await SpeakUpRouteTests.list(tablet).first?.score == stored.analysis.scores.overall)

            #expect(try await SpeakUpReanalysis.run(database: app.services.database, all: false) == .init(seen: 1, redone: 0, failed: []))
            #expect(try await SpeakUpReanalysis.run(database: app.services.database, all: true) == .init(seen: 1, redone: 1, failed: []))
        }
    }
}
