import Foundation
import Speech

/// The speech engines the routes use: pocketsphinx and the espeak-ng/flite speaker by default;
/// tests or a deployment may plug in another recogniser (e.g. a Whisper-compatible service).
public struct SpeechServices: Sendable {
    public let recognizer: any SpeechRecognizer
    public let speaker: any SpeechSynthesizer
    /// Hears spelled-aloud words (pocketsphinx even when another recogniser is configured).
    public let speller: any SpellingListener
    /// Word timings already found (GET /api/speech/timings), by the speech's cache key.
    let timings = WordTimingsCache()

    /// A clear US English voice that pocketsphinx also understands.
    public static let defaultVoice = "flite:slt"

    public init(recognizer: any SpeechRecognizer = PocketSphinxRecognizer(), speaker: any SpeechSynthesizer = SpeechSpeaker(cache: nil),
                speller: any SpellingListener = PocketSphinxRecognizer()) {
        self.recognizer = recognizer
        self.speaker = speaker
        self.speller = speller
    }
}

/// The newest word timings, kept so a material read again costs no alignment.
actor WordTimingsCache {
    static let capacity = 2_000
    private var entries: [String: SpeechTimings.Response] = [:]
    private var order: [String] = []

    func get(_ key: String) -> SpeechTimings.Response? { entries[key] }

    func put(_ key: String, _ value: SpeechTimings.Response) {
        if entries.updateValue(value, forKey: key) == nil { order.append(key) }
        if order.count > Self.capacity { entries[order.removeFirst()] = nil }
    }
}
