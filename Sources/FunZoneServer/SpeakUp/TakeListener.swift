import Audio
import Foundation
import Speech
import SpeechCoach

/// Hears a take: the recogniser's words and fillers, with the level envelope and pitch track
/// measured beside it (on another core while the decoder runs). The coach then judges what was heard.
public struct TakeListener: Sendable {
    let recognizer: any SpeechRecognizer

    public init(recognizer: any SpeechRecognizer) { self.recognizer = recognizer }

    public func features(of samples: [Int16]) async throws -> TakeFeatures {
        async let signal = Self.signal(samples)
        let transcript = try await recognizer.transcribe(samples, mode: .freeSpeechWithFillers)
        return Self.features(samples: samples.count, transcript: transcript, signal: await signal)
    }

    /// A live recording's features once it has ended (`samples` is all it was given): the last
    /// stretch is heard while the signal is measured.
    public static func features(of live: any LiveTranscription, samples: [Int16]) async throws -> TakeFeatures {
        async let signal = Self.signal(samples)
        let transcript = try await live.finish()
        return features(samples: samples.count, transcript: transcript, signal: await signal)
    }

    private static func features(samples: Int, transcript: Transcript, signal: (LevelEnvelope, PitchTrack)) -> TakeFeatures {
        let (levels, pitch) = signal
        return TakeFeatures(
            words: transcript.words.map { TimedWord(text: $0.word, start: $0.start, end: $0.end, confidence: $0.confidence) },
            fillers: transcript.fillers.map {
                HeardFiller(text: $0.word, start: $0.start, end: $0.end, kind: $0.kind == .filledPause ? .hesitation : .lexical)
            },
            duration: Double(samples) / 16_000, levels: levels.levels, pitch: pitch.hertz, voicedRatio: pitch.voicedRatio,
            engine: transcript.engine, markersJudged: transcript.engine == "pocketsphinx")
    }

    /// Level envelope and pitch track, off Swift's cooperative threads (a 10-minute take keeps a core busy for a while).
    private static func signal(_ samples: [Int16]) async -> (LevelEnvelope, PitchTrack) {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(returning: (LevelEnvelope(samples: samples), PitchTrack(samples: samples)))
            }
        }
    }
}
