/// One word the recogniser heard, with its time in the take (seconds) and its confidence (0…1).
public struct TimedWord: Codable, Equatable, Sendable {
    public var text: String
    public var start: Double
    public var end: Double
    public var confidence: Double

    public init(text: String, start: Double, end: Double, confidence: Double = 1) {
        self.text = text
        self.start = start
        self.end = end
        self.confidence = confidence
    }
}

/// A filler the speech module heard: a filled pause (acoustic) or a discourse marker it judged in context.
public struct HeardFiller: Codable, Equatable, Sendable {
    /// A sound or a word.
    public enum Kind: String, Codable, Sendable {
        /// um, uh, er, ah, hmm: sounds, never words of the transcript.
        case hesitation
        /// like, you know, I mean, so, basically, actually… used as fillers; their words may still be in `words`.
        case lexical
    }

    public var text: String
    public var start: Double
    public var end: Double
    public var kind: Kind

    public init(text: String, start: Double, end: Double, kind: Kind) {
        self.text = text
        self.start = start
        self.end = end
        self.kind = kind
    }
}

/// Everything one analysis reads: plain values, so the coach depends on neither the recogniser nor the signal code.
public struct TakeInput: Sendable {
    /// The recogniser's words (pocketsphinx: lowercase, no punctuation). Filled pauses the speech module found are
    /// not among them; its discourse markers may be, and are recognised by time overlap.
    public var words: [TimedWord]
    /// Fillers the speech module heard (acoustic filled pauses and discourse markers judged in context).
    public var fillers: [HeardFiller]
    /// Seconds of audio.
    public var duration: Double
    /// dBFS of each 50 ms frame (`LevelEnvelope.levels`); nil when unavailable.
    public var levels: [Double]?
    /// Hz of each 10 ms frame, 0 where unvoiced (`PitchTrack.hertz`); nil when unavailable.
    public var pitch: [Double]?
    /// Share of frames above the silence floor that are voiced (`PitchTrack.voicedRatio`).
    public var voicedRatio: Double?
    /// The prompt the take answered, if any.
    public var prompt: String?
    public var settings: CoachSettings
    /// True when `fillers` already holds the speech module's judgement of like / so / you know / I mean /
    /// actually / basically (pocketsphinx `freeSpeechWithFillers`). False makes the coach judge those words
    /// itself, for transcripts from a recogniser that does not.
    public var markersJudged: Bool
    /// The coaching plan's focus over earlier takes, pinned first among the tips when this take has evidence for it.
    public var focus: CoachFocus?

    public init(words: [TimedWord], fillers: [HeardFiller] = [], duration: Double, levels: [Double]? = nil, pitch: [Double]? = nil,
                voicedRatio: Double? = nil, prompt: String? = nil, settings: CoachSettings = CoachSettings(),
                markersJudged: Bool = true, focus: CoachFocus? = nil) {
        self.words = words
        self.fillers = fillers
        self.duration = duration
        self.levels = levels
        self.pitch = pitch
        self.voicedRatio = voicedRatio
        self.prompt = prompt
        self.settings = settings
        self.markersJudged = markersJudged
        self.focus = focus
    }
}
