import Foundation
import Testing
@testable import SpeechCoach

@Suite("the stored JSON: versioned, complete, deterministic")
struct ContractTests {
    static func json(_ analysis: TakeAnalysis) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(analysis)) as? [String: Any])
    }

    @Test("the keys the benchmark reads")
    func keys() throws {
        let pitch = (0..<1500).map { $0 % 5 == 0 ? 0.0 : 180.0 + Double($0 % 7) }
        let analysis = try Script(CoachingTipTests.busy, confidence: 0.8)
            .analyze(levels: Array(repeating: -22, count: 300), pitch: pitch)
        let root = try Self.json(analysis)
        #expect(root["version"] as? Int == 1 && root["wordCount"] as? Int == 21 && root["duration"] is Double)
        let wpm = try #require(root["wpm"] as? [String: Any])
        #expect(wpm["overall"] is Double && wpm["speaking"] is Double)
        let pause = try #require((root["pauses"] as? [String: Any])?["items"] as? [[String: Any]]).first
        #expect(Set(try #require(pause).keys).isSuperset(of: ["start", "end", "kind"]))
        #expect(["strategic", "hesitation", "short"].contains(pause?["kind"] as? String ?? ""))
        let filler = try #require(((root["fillers"] as? [String: Any])?["items"] as? [[String: Any]])?.first)
        #expect(filler["text"] as? String == "um" && filler["kind"] as? String == "hesitation" && filler["start"] is Double)
        #expect((root["pitch"] as? [String: Any])?["medianHz"] as? Double == 183)
        let scores = try #require(root["scores"] as? [String: Any])
        #expect(scores["overall"] is Int && root["verdict"] as? String == analysis.verdict.rawValue)
        let subscores = try #require(scores["subscores"] as? [String: Any])
        #expect(Set(subscores.keys).isSubset(of: Set(Dimension.allCases.map(\.rawValue))) && subscores["clarity"] is Int)
        let tip = try #require(((root["coaching"] as? [String: Any])?["tips"] as? [[String: Any]])?.first)
        #expect(tip["dimension"] is String && tip["title"] is String && tip["message"] is String && tip["practice"] is String)
        #expect(tip["evidenceAt"] is Double)
    }

    @Test("a stored analysis decodes to the same value")
    func roundTrip() throws {
        let analysis = try Coach.analyze(TenMinuteTake.input())
        let decoded = try JSONDecoder().decode(TakeAnalysis.self, from: JSONEncoder().encode(analysis))
        #expect(decoded == analysis)
    }

    @Test("the same take gives the same bytes: no clock, no randomness, no hash order")
    func deterministic() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let input = Script(CoachingTipTests.busy + " and it was really good and really fun", confidence: 0.7).input(prompt: "Tell us about a trip")
        let first = try encoder.encode(try Coach.analyze(input))
        for _ in 0..<5 { #expect(try encoder.encode(try Coach.analyze(input)) == first) }
    }

    @Test("missing signals are absent, never invented")
    func absentSignals() throws {
        let analysis = try Script("we walked to the river and we saw a heron").analyze()
        let root = try Self.json(analysis)
        #expect(root["volume"] == nil && root["pitch"] == nil)
        #expect(analysis.scores.subscores.delivery == nil && analysis.emphasis.method == .duration)
    }
}

@Suite("stored settings")
struct SettingsStorageTests {
    @Test("settings stored before a field existed still decode, with defaults for what is missing")
    func partial() throws {
        let settings = try JSONDecoder().decode(CoachSettings.self, from: Data(#"{"targetWPM": 130, "fillers": {"alwaysFillers": ["anyway"]}}"#.utf8))
        #expect(settings.targetWPM == 130 && settings.autoPace && settings.trackPauses && settings.weights == .default)
        #expect(settings.fillers.alwaysFillers == ["anyway"] && settings.fillers.removedDefaults.isEmpty)
        let round = try JSONDecoder().decode(CoachSettings.self, from: JSONEncoder().encode(settings))
        #expect(round == settings)
    }
}
