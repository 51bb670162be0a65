import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Speech
import Study
import Testing
@testable import FunZoneServer

/// When each word of the server's own speech is said, on both databases: its audio aligned with the
/// words by the real recogniser, in English and Italian; a number it cannot say placed between its
/// neighbours; the same words as MirrorBuddy's text has them.
@Suite struct SpeechTimingsRouteTests {
    static func timings(_ device: Browser, _ text: String, voice: String) async throws -> SpeechTimings.Response {
        let query = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        return try await device.decoded(SpeechTimings.Response.self, .get, "/api/speech/timings?text=\(query)&voice=\(voice)")
    }

    @Test(arguments: TestDatabase.all)
    func theServersSpeechIsAlignedWithItsWords(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let tablet = try await app.setUpFamily()
            for (text, voice) in [("The water rises, cools and turns into tiny drops.", "espeak-ng:en-us"),
                                  ("Nel 1789 il popolo di Parigi assaltò la Bastiglia.", "espeak-ng:it")] {
                let answer = try await Self.timings(tablet, text, voice: voice)
                #expect(answer.words.count == ReadingText.words(text).count, "\(text)")
                #expect(answer.duration > 1 && answer.words.last.map { $0.end <= answer.duration + 0.01 } == true)
                let starts = answer.words.map(\.start)
                #expect(starts == starts.sorted() && Set(starts).count == starts.count, "\(starts)")
                // Every word the recogniser can say is heard; "1789" is placed between "Nel" and "il".
                let unaligned = zip(ReadingText.words(text), answer.words).filter { !$0.1.aligned }.map(\.0.text)
                #expect(unaligned == (voice.hasSuffix(":it") ? ["1789"] : []), "\(unaligned)")
            }
            // "vapour" (British) and "condenses" are not in the English dictionary: placed between their neighbours, still in order.
            let british = try await Self.timings(tablet, "The water vapour rises and condenses into drops.", voice: "espeak-ng:en-us")
            #expect(british.words.map(\.aligned) == [true, true, false, true, true, false, true, true])
            #expect(zip(british.words, british.words.dropFirst()).allSatisfy { $0.start < $1.start && $0.end <= $1.start + 1e-9 })
            #expect(british.words.allSatisfy { $0.end - $0.start > 0.05 }, "\(british.words)")
            try await tablet.expectError(.get, "/api/speech/timings?text=&voice=espeak-ng:it", status: .unprocessableContent, code: "invalid_field")
        }
    }

    @Test func wordsNotHeardShareTheTimeBetweenTheirNeighboursByCharacters() {
        // A word the aligner gave no time of its own shares its neighbour's.
        let squeezed = SpeechTimings.filled([(0.0, 1.0), nil, (1.0, 1.5)], lengths: [3, 1, 2], duration: 2.0)
        #expect(squeezed.map(\.aligned) == [true, false, true] && abs(squeezed[1].start - 0.75) < 1e-9 && squeezed[1].end == 1.0)
        let filled = SpeechTimings.filled([(0.1, 0.5), nil, nil, (1.3, 1.6), nil], lengths: [4, 2, 6, 3, 1], duration: 2.0)
        #expect(filled.map(\.aligned) == [true, false, false, true, false])
        #expect(abs(filled[1].start - 0.5) < 1e-9 && abs(filled[1].end - 0.7) < 1e-9 && abs(filled[2].end - 1.3) < 1e-9)
        #expect(abs(filled[4].start - 1.6) < 1e-9 && abs(filled[4].end - 2.0) < 1e-9)
        let none = SpeechTimings.filled([nil, nil], lengths: [1, 3], duration: 2)
        #expect(none.map(\.start) == [0, 0.5] && none.map(\.end) == [0.5, 2])
        #expect(SpeechTimings.tokens("Dell’Acqua") == ["dell'acqua"] && SpeechTimings.tokens("nord-est") == ["nord", "est"])
        #expect(SpeechTimings.tokens("students'") == ["students"] && SpeechTimings.tokens("'cause") == ["cause"])
        #expect(SpeechTimings.tokens("1789").isEmpty && SpeechTimings.tokens("Perche\u{301}") == ["perché"])
        #expect(SpeechTimings.perWord([.init(word: "nord", start: 0, end: 1, confidence: 1), .init(word: "est", start: 1, end: 2, confidence: 1)],
                                      counts: [0, 2]).map { $0.map { [$0.start, $0.end] } } == [nil, [0, 2]])
    }
}
