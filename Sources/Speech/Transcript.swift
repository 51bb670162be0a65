import Foundation

/// One recognised word with its place in the audio.
public struct RecognizedWord: Codable, Equatable, Sendable {
    public var word: String
    /// Seconds from the start of the audio.
    public var start: Double
    public var end: Double
    /// 0…1: the decoder's posterior probability of the word.
    public var confidence: Double

    public init(word: String, start: Double, end: Double, confidence: Double) {
        self.word = word
        self.start = start
        self.end = end
        self.confidence = confidence
    }
}

/// A stretch of speech between pauses.
public struct Utterance: Codable, Equatable, Sendable {
    public var text: String
    public var start: Double
    public var end: Double
}

/// What a recogniser heard, with word timings and utterance breaks.
public struct Transcript: Codable, Equatable, Sendable {
    public var text: String
    public var words: [RecognizedWord]
    public var utterances: [Utterance]
    /// Alternatives, best first (grammar mode), each a full hypothesis.
    public var alternatives: [String]
    /// Filled pauses and discourse markers used as fillers (free speech with fillers), in time order.
    public var fillers: [Filler]
    /// True when filled pauses were asked for but the filler-phone pass failed on this recording:
    /// only those of steady stretches (drawn-out ones) were looked for.
    public var fillerPassFailed = false
    /// Seconds of audio decoded.
    public var duration: Double
    public var engine: String

    public init(words: [RecognizedWord], alternatives: [String] = [], fillers: [Filler] = [], duration: Double, engine: String,
                pause: Double = Transcript.utterancePause) {
        self.words = words
        self.fillers = fillers
        self.text = words.map(\.word).joined(separator: " ")
        self.utterances = Self.utterances(words, pause: pause)
        self.alternatives = alternatives
        self.duration = duration
        self.engine = engine
    }

    /// A silence at least this long (seconds) ends an utterance.
    public static let utterancePause = 0.35

    static func utterances(_ words: [RecognizedWord], pause: Double) -> [Utterance] {
        var result: [Utterance] = []
        var current: [RecognizedWord] = []
        func close() {
            guard let first = current.first, let last = current.last else { return }
            result.append(Utterance(text: current.map(\.word).joined(separator: " "), start: first.start, end: last.end))
            current = []
        }
        for word in words {
            if let last = current.last, word.start - last.end >= pause { close() }
            current.append(word)
        }
        close()
        return result
    }
}

/// How the recogniser listens.
public enum RecognitionMode: Equatable, Sendable {
    /// Any English speech (the default language model).
    case freeSpeech
    /// Free speech, and the fillers in it: filled pauses (um, uh, er, ah, hmm) and discourse
    /// markers used as fillers ("like", "you know", "I mean", "so", "basically", "actually").
    case freeSpeechWithFillers
    /// Only what a JSGF grammar allows (letters of a spelling, yes/no, commands). Italian words
    /// are heard through `ItalianPronunciation` (there is no Italian model for free speech).
    case grammar(String, language: GrammarLanguage = .english)
    /// Audio known to say a text (a synthesiser's own), heard through a grammar of that text's
    /// words in order: when each word is said. Nothing is refused as out of the grammar.
    case alignment(String, language: GrammarLanguage = .english)
    /// Spot these words or phrases in running speech.
    case keywords([String])
}

/// The language of a grammar's words.
public enum GrammarLanguage: String, Codable, Sendable, CaseIterable {
    case english = "en"
    case italian = "it"
}

/// Why recognition failed.
public enum SpeechError: Error, Equatable, Sendable, CustomStringConvertible {
    case engineUnavailable(String)
    case invalidGrammar(String)
    case invalidKeywords(String)
    case unknownVoice(String)
    case invalidText(String)
    case synthesisFailed(String)
    case remote(String)
    /// Still getting ready (e.g. spelling's letter templates after the server starts); try again
    /// after about `retryAfter` seconds.
    case warmingUp(retryAfter: Int)

    public var description: String {
        switch self {
        case .engineUnavailable(let why): "The speech engine is not available: \(why)"
        case .invalidGrammar(let why): "The grammar is not valid JSGF: \(why)"
        case .invalidKeywords(let why): "The keywords are not valid: \(why)"
        case .unknownVoice(let id): "There is no voice \"\(id)\"."
        case .invalidText(let why): why
        case .synthesisFailed(let why): "Speech could not be made: \(why)"
        case .remote(let why): "The recognition service failed: \(why)"
        case .warmingUp(let seconds): "Listening is still getting ready; try again in about \(seconds) seconds."
        }
    }
}

/// Turns 16 kHz mono 16-bit speech into a timed transcript.
public protocol SpeechRecognizer: Sendable {
    var name: String { get }
    func transcribe(_ samples: [Int16], mode: RecognitionMode) async throws -> Transcript
    /// A recording heard while it is being made (default: kept, then transcribed whole).
    func liveTranscription() async throws -> any LiveTranscription
}
