/// What was heard in a take, before any judgement: the recogniser's words and fillers, the level
/// envelope and the pitch track. Stored with each take, so a newer coach can analyse it again
/// (`funzone speakup reanalyze`) without the recording, which a family may choose not to keep.
public struct TakeFeatures: Codable, Equatable, Sendable {
    public var words: [TimedWord]
    public var fillers: [HeardFiller]
    public var duration: Double
    /// dBFS per 50 ms, to 0.1 dB.
    public var levels: [Double]?
    /// Hz per 10 ms (0 unvoiced), to 0.1 Hz.
    public var pitch: [Double]?
    public var voicedRatio: Double?
    /// The recogniser that heard it ("pocketsphinx", a remote service).
    public var engine: String
    /// True when the engine judged like / so / you know in context itself (pocketsphinx with fillers).
    public var markersJudged: Bool

    public init(words: [TimedWord], fillers: [HeardFiller], duration: Double, levels: [Double]?, pitch: [Double]?, voicedRatio: Double?,
                engine: String, markersJudged: Bool) {
        self.words = words
        self.fillers = fillers
        self.duration = duration
        // Stored to the precision they are measured with: a minute of pitch is 6,000 numbers.
        self.levels = levels?.map { ($0 * 10).rounded() / 10 }
        self.pitch = pitch?.map { ($0 * 10).rounded() / 10 }
        self.voicedRatio = voicedRatio
        self.engine = engine
        self.markersJudged = markersJudged
    }

    /// The coach's input for these features.
    public func input(prompt: String?, settings: CoachSettings, focus: CoachFocus? = nil) -> TakeInput {
        TakeInput(words: words, fillers: fillers, duration: duration, levels: levels, pitch: pitch, voicedRatio: voicedRatio,
                  prompt: prompt, settings: settings, markersJudged: markersJudged, focus: focus)
    }

    /// The words as heard, fillers left out, for search and lists.
    public var transcript: String { words.map(\.text).joined(separator: " ") }
}
