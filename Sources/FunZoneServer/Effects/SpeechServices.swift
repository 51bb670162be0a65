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
    /// Hearing is shared fairly between families (a slot per core; see `FairShare`).
    public let share: FairShare

    /// A clear US English voice that pocketsphinx also understands.
    public static let defaultVoice = "flite:slt"

    /// `share`: the slots every transcription and spelled word waits its turn for.
    public init(recognizer: any SpeechRecognizer = PocketSphinxRecognizer(), speaker: any SpeechSynthesizer = SpeechSpeaker(cache: nil),
                speller: any SpellingListener = PocketSphinxRecognizer(), share: FairShare = FairShare(name: FairShare.speechWork)) {
        self.share = share
        self.recognizer = SharedRecognizer(base: recognizer, share: share)
        self.speaker = speaker
        self.speller = SharedSpeller(base: speller, share: share)
    }
}

extension SpeechServices {
    /// What `hear` heard, or nil when the engine could not hear it (the caller has another way):
    /// a busy server, a client gone or a cancelled request is not swallowed but thrown, so nothing
    /// lesser is answered or kept in its place.
    static func orNil(_ hear: () async throws -> Transcript) async throws -> Transcript? {
        do {
            return try await hear()
        } catch let error where error is FairShare.Busy || error is WorkOwner.Gone || error is CancellationError {
            throw error
        } catch {
            return nil
        }
    }
}

extension FairShare {
    /// The share's names, as `FairShare.Busy` reports them.
    public static let speechWork = "speech", renderWork = "render"
}

/// A recogniser whose transcriptions wait their family's turn in `share`. A live recording keeps
/// its own decoder for as long as it lasts (its pool refuses a recording when none is free).
struct SharedRecognizer: SpeechRecognizer {
    let base: any SpeechRecognizer
    let share: FairShare
    var name: String { base.name }

    func transcribe(_ samples: [Int16], mode: RecognitionMode) async throws -> Transcript {
        try await share.run { try await base.transcribe(samples, mode: mode) }
    }

    func liveTranscription() async throws -> any LiveTranscription { try await base.liveTranscription() }
}

/// A spelling listener whose words wait their family's turn in `share`.
struct SharedSpeller: SpellingListener {
    let base: any SpellingListener
    let share: FairShare

    func spelling(_ samples: [Int16], expected: String) async throws -> SpelledWord {
        try await share.run { try await base.spelling(samples, expected: expected) }
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
