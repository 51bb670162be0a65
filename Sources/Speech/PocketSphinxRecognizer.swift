import Foundation
import Programs

/// pocketsphinx in-process, with a pool of decoders so concurrent requests do not queue behind
/// one another; the pool is bounded (by default by the cores) since each decoder holds its own
/// model search state and decoding is CPU-bound. Filler analysis uses a second, lazily made pool
/// whose decoders know the filled-pause phones.
public actor PocketSphinxRecognizer: SpeechRecognizer, SpellingListener {
    public nonisolated let name = "pocketsphinx"
    private let plain: DecoderPool
    private let fillers: DecoderPool
    /// Decoders a live recording streams into (one per recording, for as long as it lasts).
    let live: DecoderPool
    private let letters: DecoderPool
    private let italian: DecoderPool
    private let templatesFile: URL
    private var templates: Task<LetterTemplates, any Error>?
    private let spellingPatience: Duration?

    /// The spelling templates live in `letterTemplates` (made from espeak-ng on first use when missing).
    /// `spellingPatience`: how long a spelled word waits for templates still being made before it is
    /// answered with `SpeechError.warmingUp` (nil: as long as making them takes; a server gives a
    /// few seconds, so a child is told to type instead of waiting half a minute).
    public init(poolSize: Int = ProcessInfo.processInfo.activeProcessorCount, extraArguments: [String] = [],
                letterTemplates: URL = PocketSphinxRecognizer.defaultTemplatesFile, spellingPatience: Duration? = nil) {
        templatesFile = letterTemplates
        self.spellingPatience = spellingPatience
        plain = DecoderPool(capacity: poolSize, arguments: { extraArguments })
        live = DecoderPool(capacity: poolSize, arguments: { extraArguments })
        // Italian grammars: the en-us sounds, no language model, words taught per grammar. Their
        // samples get a room's noise floor in `transcribe`: on digital silence around a word the
        // grammar search otherwise found no path, or the wrong one. (pocketsphinx's own -dither draws from one generator shared by
        // every decoder of the process, so a recording's words depended on what came before.)
        italian = DecoderPool(capacity: poolSize, model: { try ItalianPronunciation.model() }, arguments: { extraArguments })
        // -bestpath no: with a filler dictionary the lattice best path can abort inside 5prealpha.
        // -maxhmmpf 3000 (default 30000) keeps the search to the 3,000 best states a frame: the filler
        // pass of a 6.4-s take took 1.5 s instead of 2.7 s of a core, and
        // Benchmarks/speech-fillers.py gave the same figures within one recording (um 35/40 and
        // 35/44 both ways; uh 35/47 instead of 35/46; WER 21.2 % instead of 21.3 %). On a
        // two-core server with a browser beside it the pass had fallen behind the take.
        fillers = DecoderPool(capacity: poolSize, arguments: {
            ["-fdict", try FilledPauses.dictionaryFile(), "-bestpath", "no", "-maxhmmpf", "3000"] + extraArguments
        })
        // Spelled letters: features normalised over the whole recording (so -cmn none, which the
        // model's feat.params would override) and acoustic scores comparable across grammars.
        letters = DecoderPool(capacity: poolSize, arguments: {
            ["-featparams", try LetterSpelling.featureParametersFile(), "-cmn", "none", "-compallsen", "yes"] + extraArguments
        })
    }

    /// Where the spelling templates are kept unless told otherwise: shared by every process of the machine.
    public static let defaultTemplatesFile = FileManager.default.temporaryDirectory.appendingPathComponent("funzone-letter-templates-v2.bin")

    /// Loads (or makes, about half a minute the first time) what judging spelled words needs, so
    /// the first child to spell does not wait for it.
    public func prepareSpelling() async throws {
        _ = try await letterTemplates(patience: nil)
    }

    /// The templates, waiting at most `patience` for them while they are being made.
    private func letterTemplates(patience: Duration?) async throws -> LetterTemplates {
        let task = templates ?? Task { [letters, templatesFile] in
            try await LetterTemplates.load(file: templatesFile) { clips in
                try await letters.use { decoder in try clips.map { clip throws(SpeechError) in try decoder.cepstra(clip) } }
            }
        }
        templates = task
        let ready: LetterTemplates?
        do {
            ready = if let patience { try await Patience.value(of: task, within: patience) } else { try await task.value }
        } catch {
            if templates == task { templates = nil }  // the next request tries again
            throw SpeechError.engineUnavailable("the letter templates could not be made (is espeak-ng installed?)")
        }
        guard let ready else { throw SpeechError.warmingUp(retryAfter: 15) }
        return ready
    }

    /// Judges a spelled-aloud word: one segment per letter, each scored against the letters a
    /// child might say instead (see `SpellingJudge`).
    public nonisolated func spelling(_ samples: [Int16], expected: String) async throws -> SpelledWord {
        let word = expected.lowercased()
        guard SpellingJudge.isSpellable(word) else { throw SpeechError.invalidText("Only words of letters a–z can be spelled aloud.") }
        // Templates first: while they are still being made, every spelled word gets the same answer
        // (type this one), whatever was said.
        let ready = try await letterTemplates(patience: spellingPatience)
        guard SpeechActivity.hasSpeech(samples) else { return SpelledWord(letters: "", expected: word, accepted: false, segments: 0) }
        let spans = LetterSegmenter.letters(samples)
        guard !spans.isEmpty, spans.count <= 3 * word.count + 3 else {
            return SpelledWord(letters: "", expected: word, accepted: false, segments: spans.count)
        }
        let needed = SpellingJudge.needed(expected: word, segments: spans.count)
        // Templates matter only when there is one segment per letter; otherwise the word is refused.
        let templates = spans.count == word.count ? ready : nil
        let (costs, distances) = try await letters.use { decoder in
            let costs = try decoder.letterCosts(samples, segments: spans.map(\.scored), needed: needed)
            guard let templates else { return (costs, [[Double]]?.none) }
            let cepstra = try decoder.cepstra(samples)
            let mean = LetterFeatures.speakerMean(cepstra, cores: spans.map(\.core))
            let distances = spans.indices.map { position in
                templates.distances(LetterFeatures.letter(cepstra, core: spans[position].core, mean: mean),
                                    wanted: SpellingJudge.compared(expected: word, position: position))
            }
            return (costs, Optional(distances))
        }
        let (accepted, heard) = SpellingJudge.decide(costs: costs, distances: distances, expected: word)
        return SpelledWord(letters: heard, expected: word, accepted: accepted, segments: spans.count)
    }

    /// Whether the engine and its model are installed.
    public nonisolated var isAvailable: Bool { PocketSphinxDecoder.Model.debian.isInstalled }

    /// Decoders made so far (for tests: the pool never grows past its capacity).
    public var decodersCreated: Int { get async { await plain.created } }

    public nonisolated func transcribe(_ samples: [Int16], mode: RecognitionMode) async throws -> Transcript {
        let duration = Double(samples.count) / 16_000
        let isItalian = switch mode {
        case .grammar(_, .italian), .alignment(_, .italian): true
        default: false
        }
        let isAlignment = if case .alignment = mode { true } else { false }
        // A synthesiser's audio is digital silence between sentences: the floor helps English alignment too.
        let heard = isItalian || isAlignment ? PocketSphinxDecoder.withNoiseFloor(samples) : samples
        var (words, alternatives) = try await (isItalian ? italian : plain).use { decoder in try decoder.decode(heard, mode: mode) }
        if case .grammar = mode, let coverage = PocketSphinxDecoder.coverage(of: words, in: samples), coverage < PocketSphinxDecoder.minimumCoverage {
            (words, alternatives) = ([], [])
        }
        switch mode {
        case .keywords(let phrases):
            return Transcript(words: KeywordSpotter.spot(phrases, in: words), duration: duration, engine: name)
        case .freeSpeechWithFillers:
            let (kept, filled, failed) = try await fillerPass(samples, words: words)
            return Self.withMarkers(words: kept, filledPauses: filled, duration: duration, fillerPassFailed: failed, engine: name)
        case .freeSpeech, .grammar, .alignment:
            return Transcript(words: words, alternatives: alternatives, duration: duration, engine: name)
        }
    }
}

extension PocketSphinxRecognizer {
    /// The filled pauses of `samples` (whose words are `words`), and the words left once those
    /// that were really a filled pause are taken out. If the filler pass fails on a recording
    /// (see decodeTokensIsolated), the steady stretches' filled pauses still come back and
    /// `failed` says others may be missing. The two passes use different pools, so with a free
    /// core they run side by side.
    nonisolated func fillerPass(_ samples: [Int16], words: [RecognizedWord]) async throws
        -> (words: [RecognizedWord], filledPauses: [Filler], failed: Bool) {
        async let filler = try? fillers.use { decoder in try decoder.decodeTokensIsolated(samples) }
        async let drawnOut = plain.use { decoder in try decoder.steadyFillers(samples) }
        let (tokens, steady) = try await (filler, drawnOut)
        let (kept, filled) = FilledPauses.combine(words: words, fillerDecode: tokens ?? [], steady: steady)
        return (kept, filled, tokens == nil)
    }

    /// Free speech with fillers: the words, and the filled pauses with the discourse markers used
    /// as fillers (found on the words and pauses together), in time order.
    static func withMarkers(words: [RecognizedWord], filledPauses: [Filler], duration: Double, fillerPassFailed: Bool,
                            engine: String) -> Transcript {
        let timeline = (words.map { ($0.word, $0.start, $0.end) } + filledPauses.map { ($0.word, $0.start, $0.end) }).sorted { $0.1 < $1.1 }
        let markers = DiscourseMarkers.detect(in: timeline.map { (word: $0.0, start: $0.1, end: $0.2) })
        var transcript = Transcript(words: words, fillers: (filledPauses + markers).sorted { $0.start < $1.start }, duration: duration, engine: engine)
        transcript.fillerPassFailed = fillerPassFailed
        return transcript
    }

    /// A live recording decoded as it arrives (see `PocketSphinxLiveTranscription`).
    public nonisolated func liveTranscription() async throws -> any LiveTranscription {
        try await PocketSphinxLiveTranscription(recognizer: self)
    }
}

/// Decoders of one configuration, made lazily up to `capacity`; extra requests wait for a free one.
actor DecoderPool {
    let capacity: Int
    private let model: @Sendable () throws -> PocketSphinxDecoder.Model
    private let arguments: @Sendable () throws -> [String]
    private var idle: [PocketSphinxDecoder] = []
    private(set) var created = 0
    private var waiters: [CheckedContinuation<PocketSphinxDecoder, any Error>] = []

    init(capacity: Int, model: @escaping @Sendable () throws -> PocketSphinxDecoder.Model = { .debian },
         arguments: @escaping @Sendable () throws -> [String]) {
        self.capacity = max(1, capacity)
        self.model = model
        self.arguments = arguments
    }

    /// Runs `work` on a decoder off the cooperative pool (decoding blocks a thread for its length).
    nonisolated func use<Result: Sendable>(_ work: @escaping @Sendable (PocketSphinxDecoder) throws -> Result) async throws -> Result {
        let decoder = try await checkOut()
        do {
            let result = try await offCooperativePool { try work(decoder) }
            await checkIn(decoder)
            return result
        } catch {
            await checkIn(decoder)
            throw error
        }
    }

    func checkOut() async throws -> PocketSphinxDecoder {
        if let decoder = idle.popLast() { return decoder }
        if created < capacity {
            created += 1
            do {
                let arguments = try arguments(), model = try model()
                return try await offCooperativePool { try PocketSphinxDecoder(model: model, extraArguments: arguments) }
            } catch {
                created -= 1
                throw error
            }
        }
        return try await withCheckedThrowingContinuation { waiters.append($0) }
    }

    /// A decoder for as long as the caller needs one (a live recording), or nil when every one is
    /// in use: a live recording is not made to wait behind others for minutes.
    func checkOutIfFree() async throws -> PocketSphinxDecoder? {
        guard !idle.isEmpty || created < capacity else { return nil }
        return try await checkOut()
    }

    func checkIn(_ decoder: PocketSphinxDecoder) {
        if !waiters.isEmpty {
            waiters.removeFirst().resume(returning: decoder)
        } else {
            idle.append(decoder)
        }
    }
}

extension FilledPauses {
    /// The filler dictionary written once per process to a temporary file pocketsphinx can read.
    static func dictionaryFile() throws -> String {
        try dictionaryPath.get()
    }

    private static let dictionaryPath = ProcessFile.write("fillers", extension: "dict") { dictionary }
}

extension ItalianPronunciation {
    /// The en-us sounds with a one-word dictionary (grammars teach the rest) and no language model.
    static func model() throws -> PocketSphinxDecoder.Model {
        PocketSphinxDecoder.Model(acousticModel: PocketSphinxDecoder.Model.debian.acousticModel, languageModel: nil,
                                  dictionary: try dictionaryPath.get())
    }

    private static let dictionaryPath = ProcessFile.write("italian", extension: "dict") { "a AA\n" }
}
