import Foundation
import Testing
@testable import Speech

/// A recording heard while it is made: what comes back at the end is what the whole recording
/// would give, the count of words moves while it arrives, and a busy server says so at once.
@Suite("live transcription")
struct LiveTranscriptionTests {
    static let sentences = ["my favorite animal is the dog.", "dogs are friendly, and they like to play outside with me every day.",
                            "um, we go to the park after school.", "it is, like, really fun."]

    /// Sentences with a second of quiet between them (the pauses that end stretches), at -60 dBFS of hiss.
    static func talk() throws -> [Int16] {
        var samples: [Int16] = []
        var noise = UInt64(3)
        func quiet(_ seconds: Double) -> [Int16] {
            (0..<Int(seconds * 16_000)).map { _ in
                noise = noise &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int16(Int64(bitPattern: noise >> 1) % 60 - 30)
            }
        }
        for sentence in sentences { samples += quiet(0.6) + (try fliteSamples(sentence)) + quiet(0.6) }
        return samples
    }

    @Test("streamed in quarter seconds, the transcript is the whole recording's; the count moves as it arrives")
    func sameAsWhole() async throws {
        let recognizer = PocketSphinxRecognizer(poolSize: 2)
        let samples = try Self.talk()
        let whole = try await recognizer.transcribe(samples, mode: .freeSpeechWithFillers)
        let live = try await recognizer.liveTranscription()
        var counts: [Int] = []
        for start in stride(from: 0, to: samples.count, by: 4_000) {
            try await live.append(Array(samples[start..<min(samples.count, start + 4_000)]))
            counts.append(await live.progress().words ?? -1)
        }
        let heard = try await live.finish()
        // Heard stretch by stretch it is at least as right as whole (a stretch ends at a sentence's
        // pause, where the whole recording's language model ran one sentence into the next).
        let said = Self.sentences.joined(separator: " ").lowercased().split { !$0.isLetter && $0 != "'" }.map(String.init).filter { $0 != "um" }
        let (liveErrors, wholeErrors) = (Self.wordErrors(said, heard.words.map(\.word)), Self.wordErrors(said, whole.words.map(\.word)))
        #expect(liveErrors <= wholeErrors + 1 && Double(liveErrors) <= 0.15 * Double(said.count), "live \(heard.text) / whole \(whole.text)")
        #expect(heard.fillers.contains { $0.word == "like" } == whole.fillers.contains { $0.word == "like" })
        // Times are the recording's, not the stretch's.
        #expect(heard.words.last!.end > Double(samples.count) / 16_000 - 2 && heard.words == heard.words.sorted { $0.start < $1.start })
        #expect(Set(counts.prefix(counts.count / 2)).count > 3, "the count moved in the first half: \(counts)")
        #expect(abs(counts.last! - heard.words.count) <= 2, "\(counts.last!) of \(heard.words.count)")
    }

    /// Word-level edit distance.
    static func wordErrors(_ reference: [String], _ hypothesis: [String]) -> Int {
        var row = Array(0...hypothesis.count)
        for (i, word) in reference.enumerated() {
            var previous = row[0]
            row[0] = i + 1
            for j in 1...max(1, hypothesis.count) where !hypothesis.isEmpty {
                let substituted = previous + (word == hypothesis[j - 1] ? 0 : 1)
                previous = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, substituted)
            }
        }
        return row[hypothesis.count]
    }

    @Test("with every live decoder in use, another recording is refused at once; a finished one frees its decoder")
    func busy() async throws {
        let recognizer = PocketSphinxRecognizer(poolSize: 1)
        let first = try await recognizer.liveTranscription()
        await #expect(throws: SpeechError.self) { _ = try await recognizer.liveTranscription() }
        await first.cancel()
        let second = try await recognizer.liveTranscription()
        try await second.append(try fliteSamples("hello there"))
        #expect(try await second.finish().words.map(\.word) == ["hello", "there"])
        _ = try await recognizer.liveTranscription()
    }
}
