import Foundation

/// How far a live recording has got: what a page shows while the person is still speaking.
public struct LiveProgress: Codable, Equatable, Sendable {
    /// Seconds of audio received.
    public var seconds: Double
    /// Words heard so far (nil: this recogniser only hears a recording once it is whole).
    public var words: Int?
    /// Fillers found so far, in the stretches already ended by a pause (nil: as for `words`).
    public var fillers: Int?
    /// The words heard so far as the decoder has them (the last few may still change; nil: as for
    /// `words`). Read-aloud follows the reader through its passage with them.
    public var heard: [String]?

    public init(seconds: Double, words: Int?, fillers: Int?, heard: [String]? = nil) {
        self.seconds = seconds
        self.words = words
        self.fillers = fillers
        self.heard = heard
    }
}

/// A recording heard while it is being made (free speech with fillers). Samples are 16 kHz mono;
/// `append` is called by one caller at a time, in order. `finish` answers the whole recording's
/// transcript, as `transcribe(_:mode: .freeSpeechWithFillers)` would, but only the audio since the
/// last pause is left to decode by then. `cancel` gives back what the recording holds.
public protocol LiveTranscription: Sendable {
    func append(_ samples: [Int16]) async throws
    func progress() async -> LiveProgress
    func finish() async throws -> Transcript
    func cancel() async
}

extension SpeechRecognizer {
    /// Recognisers that only hear whole recordings keep the audio and transcribe it at the end.
    public func liveTranscription() async throws -> any LiveTranscription {
        BufferedLiveTranscription(recognizer: self)
    }
}

/// Keeps the audio, then transcribes it whole (no words or fillers while it is being made).
public actor BufferedLiveTranscription: LiveTranscription {
    let recognizer: any SpeechRecognizer
    private var samples: [Int16] = []

    public init(recognizer: any SpeechRecognizer) { self.recognizer = recognizer }

    public func append(_ more: [Int16]) async throws { samples += more }

    public func progress() async -> LiveProgress { LiveProgress(seconds: Double(samples.count) / 16_000, words: nil, fillers: nil) }

    public func finish() async throws -> Transcript {
        try await recognizer.transcribe(samples, mode: .freeSpeechWithFillers)
    }

    public func cancel() async { samples = [] }
}
