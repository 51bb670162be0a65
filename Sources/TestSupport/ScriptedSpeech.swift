import Audio
import Foundation
import Speech

/// A recogniser that answers from a script, for other apps' tests (a game's flow without audio
/// engines). It records every request so a test can check what was asked.
public actor ScriptedRecognizer: SpeechRecognizer {
    public nonisolated let name = "scripted"
    private var script: [String]
    private(set) public var requests: [RecognitionMode] = []

    /// Each transcription answers the next text of `script` (words 0.4 s apart), then "" once it runs out.
    public init(script: [String]) {
        self.script = script
    }

    public func transcribe(_ samples: [Int16], mode: RecognitionMode) async throws -> Transcript {
        requests.append(mode)
        let text = script.isEmpty ? "" : script.removeFirst()
        let words = text.split(separator: " ").enumerated().map { index, word in
            RecognizedWord(word: String(word), start: Double(index) * 0.4, end: Double(index) * 0.4 + 0.3, confidence: 1)
        }
        let duration = Double(samples.count) / 16_000
        if case .keywords(let phrases) = mode {
            return Transcript(words: KeywordSpotter.spot(phrases, in: words), duration: duration, engine: name)
        }
        return Transcript(words: words, duration: duration, engine: name)
    }
}

/// A speaker that makes a quiet tone instead of speech (a valid 16 kHz WAV, 60 ms a character),
/// for tests that need audio but not a voice. It records every request.
public actor ScriptedSpeaker: SpeechSynthesizer {
    private(set) public var requests: [SpeechRequest] = []
    private let voiceList: [Voice]

    public init(voices: [Voice] = [Voice(id: "flite:slt", name: "slt", language: "en-US", gender: .female, engine: .flite)]) {
        self.voiceList = voices
    }

    public func voices() async -> [Voice] { voiceList }

    public func synthesize(_ request: SpeechRequest) async throws -> Data {
        let request = try request.validated()
        guard voiceList.contains(where: { $0.id == request.voiceId }) else { throw SpeechError.unknownVoice(request.voiceId) }
        requests.append(request)
        let count = Int(Double(request.text.count) * 0.06 / request.rate * 16_000)
        let samples = (0..<count).map { Int16(2_000 * sin(Double($0) * 2 * .pi * 440 * request.pitch / 16_000)) }
        return PCMConversion.wav(samples, sampleRate: 16_000)
    }
}

/// A test speller: hears `letters` in every recording and judges them against the expected word
/// exactly as the game checks a typed answer.
public struct ScriptedSpeller: SpellingListener {
    public let letters: String
    public init(hears letters: String) { self.letters = letters }

    public func spelling(_ samples: [Int16], expected: String) async throws -> SpelledWord {
        guard SpellingJudge.isSpellable(expected.lowercased()) else { throw SpeechError.invalidText("Only words of letters a–z can be spelled aloud.") }
        return SpelledWord(letters: letters, expected: expected.lowercased(), accepted: letters == expected.lowercased(), segments: letters.count)
    }
}
