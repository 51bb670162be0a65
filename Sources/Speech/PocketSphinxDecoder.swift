import CPocketSphinx
import Foundation

/// One pocketsphinx decoder (not thread-safe: one utterance at a time; the pool hands it out).
/// pocketsphinx 5prealpha keeps its log sink and some front-end tables in process globals, so
/// logging is switched off once and decoders are made and freed one at a time (measured clean
/// under helgrind that way).
final class PocketSphinxDecoder: @unchecked Sendable {
    private static let lifecycle: NSLock = {
        err_set_logfp(nil)
        return NSLock()
    }()

    struct Model: Sendable {
        var acousticModel: String
        /// nil: grammars only.
        var languageModel: String?
        var dictionary: String

        static let debian = Model(acousticModel: "/usr/share/pocketsphinx/model/en-us/en-us",
                                  languageModel: "/usr/share/pocketsphinx/model/en-us/en-us.lm.bin",
                                  dictionary: "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict")

        var isInstalled: Bool {
            ([acousticModel, dictionary] + [languageModel].compactMap { $0 }).allSatisfy { FileManager.default.fileExists(atPath: $0) }
        }
    }

    /// The Italian grammar words in this decoder's dictionary (see `teachItalian`).
    private var taught: Set<String> = []

    let decoder: OpaquePointer
    private let config: OpaquePointer
    let defaultSearch: String
    let frameRate: Double

    init(model: Model, extraArguments: [String] = []) throws(SpeechError) {
        guard model.isInstalled else { throw .engineUnavailable("the pocketsphinx en-us model is not installed (apt-get install pocketsphinx-en-us)") }
        // -remove_silence no: with the default, frames the voice detector cuts are dropped from the
        // count and word times after a pause come out early.
        // -allphone_ci yes: the phone loop that tells speech outside a grammar (`phoneLoopGap`) uses
        // the model's 42 context-independent phones (with triphones one recording took minutes).
        let arguments = ["-hmm", model.acousticModel, "-dict", model.dictionary, "-remove_silence", "no", "-allphone_ci", "yes"]
            + (model.languageModel.map { ["-lm", $0] } ?? []) + extraArguments
        Self.lifecycle.lock()
        defer { Self.lifecycle.unlock() }
        // cmd_ln_init is variadic (not callable from Swift); cmd_ln_parse_r takes an argv array.
        var cStrings = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        guard let config = cStrings.withUnsafeMutableBufferPointer({ buffer in
            cmd_ln_parse_r(nil, ps_args(), Int32(buffer.count), buffer.baseAddress, 1)
        }) else { throw .engineUnavailable("pocketsphinx rejected its configuration") }
        guard let decoder = ps_init(config) else {
            cmd_ln_free_r(config)
            throw .engineUnavailable("pocketsphinx could not load its model")
        }
        self.config = config
        self.decoder = decoder
        self.defaultSearch = ps_get_search(decoder).map { String(cString: $0) } ?? "_default"
        self.frameRate = Double(cmd_ln_int_r(config, "-frate"))
    }

    deinit {
        Self.lifecycle.lock()
        ps_free(decoder)
        cmd_ln_free_r(config)
        Self.lifecycle.unlock()
    }

    /// Decodes one utterance of 16 kHz mono samples.
    func decode(_ samples: [Int16], mode: RecognitionMode) throws(SpeechError) -> (words: [RecognizedWord], alternatives: [String]) {
        let search = try activate(mode)
        defer {
            ps_set_search(decoder, defaultSearch)
            if search != defaultSearch { ps_unset_search(decoder, search) }
        }
        // With silence removal off (for true word times) the decoder hears words in digital
        // silence; audio that never rises above a whisper has no words. (After the mode is set, so
        // a bad grammar is reported whatever the audio.)
        guard SpeechActivity.hasSpeech(samples) else { return ([], []) }
        guard runUtterance(samples) else { throw .engineUnavailable("could not start an utterance") }
        var words = segments()
        var alternatives: [String] = []
        let refusesOthers: Bool
        switch mode {
        case .grammar: refusesOthers = true
        case .alignment: refusesOthers = false
        case .freeSpeech, .freeSpeechWithFillers, .keywords: return (words, alternatives)
        }
        do {
            var score: Int32 = 0
            _ = ps_get_hyp(decoder, &score)
            // A grammar search reports no posteriors per segment; the lattice has them. Building the
            // lattice of a long hypothesis costs more than hearing it (see `latticeWordLimit`).
            if words.count <= Self.latticeWordLimit {
                let posteriors = latticePosteriors()
                if posteriors.count == words.count {
                    for index in words.indices { words[index].confidence = posteriors[index] }
                }
                alternatives = nbest(limit: 5)
            }
            let spokenFrames = words.reduce(0) { $0 + ($1.end - $1.start) } * frameRate
            if refusesOthers, !words.isEmpty, let gap = phoneLoopGap(samples, grammarScore: score, spokenFrames: spokenFrames), gap < Self.outOfGrammarGap {
                return ([], [])
            }
        }
        return (words, alternatives)
    }

    /// Below this, speech is none of the grammar's phrases. A grammar search always answers with
    /// its closest phrase, so "il gatto dorme" came back as a command; speech that is not in the
    /// grammar fits it much worse than a free phone loop fits the same audio. Chosen on 20
    /// commands and 12 other phrases each in Italian (espeak-ng, festival) and English
    /// (espeak-ng, flite): at −35, 235 of 236 and 233 of 233 commands stay and two thirds of the
    /// other phrases are refused (docs/research/italian-commands/README.md, "Out of grammar").
    static let outOfGrammarGap = -35.0

    /// Below this share of the speech covered by the grammar's words, the speech is more than any
    /// of its phrases: "facciamo merenda insieme" came back as "basta" on its last syllables. On
    /// 240 Italian and 160 English commands (espeak-ng, festival, flite) the lowest share heard
    /// right was 0.49 (festival's "leggi") and the next 0.63; the Italian phrases that passed the
    /// phone-loop gap went as low as 0.15 (docs/research/italian-commands/README.md, §2c).
    static let minimumCoverage = 0.45

    /// From the grammar's first word's start to its last word's end, as a share of the span the
    /// recording has speech in (`SpeechActivity.speechSpan`); nil without words or speech.
    static func coverage(of words: [RecognizedWord], in samples: [Int16]) -> Double? {
        guard let first = words.first, let last = words.last, let span = SpeechActivity.speechSpan(samples),
              span.upperBound > span.lowerBound else { return nil }
        return (last.end - first.start) / (span.upperBound - span.lowerBound)
    }

    /// How much worse the grammar's best path scores than a free phone loop (context-independent
    /// phones, `-allphone_ci yes`) over the same samples, per 10 ms of the words' own frames but
    /// over at least a second (a short "sì" has too few frames to judge alone); nil when the loop
    /// finds no path. Run right after the grammar's utterance.
    private func phoneLoopGap(_ samples: [Int16], grammarScore: Int32, spokenFrames: Double) -> Double? {
        if !hasPhoneLoop {
            guard ps_set_allphone(decoder, Self.phoneLoop, nil) == 0 else { return nil }
            hasPhoneLoop = true
        }
        guard ps_set_search(decoder, Self.phoneLoop) == 0, runUtterance(samples) else { return nil }
        var score: Int32 = 0
        guard ps_get_hyp(decoder, &score) != nil else { return nil }
        return (Double(grammarScore) - Double(score)) / max(100, spokenFrames)
    }

    private static let phoneLoop = "phones"
    private var hasPhoneLoop = false

    /// `samples` as one utterance through the active search; false when it could not start. A new
    /// stream every time: the front end's noise estimate otherwise carries over from the previous
    /// recording this decoder heard, and the same audio could come back with other words
    /// depending on what came before (5 of 48 flite recordings did).
    private func runUtterance(_ samples: [Int16]) -> Bool {
        guard ps_start_stream(decoder) == 0, ps_start_utt(decoder) == 0 else { return false }
        samples.withUnsafeBufferPointer { buffer in
            _ = ps_process_raw(decoder, buffer.baseAddress, buffer.count, 0, 1)
        }
        ps_end_utt(decoder)
        return true
    }

    private func activate(_ mode: RecognitionMode) throws(SpeechError) -> String {
        switch mode {
        case .freeSpeech, .freeSpeechWithFillers:
            return defaultSearch
        case .grammar(let written, let language), .alignment(let written, let language):
            let name = "grammar"
            // pocketsphinx compares bytes: "più" with a combining accent is another word than "più".
            let jsgf = written.precomposedStringWithCanonicalMapping
            if language == .italian { try teachItalian(JSGFWords.words(in: jsgf)) }
            guard ps_set_jsgf_string(decoder, name, jsgf) == 0 else { throw .invalidGrammar("pocketsphinx could not compile it (check the syntax and that every word is in the dictionary)") }
            ps_set_search(decoder, name)
            return name
        case .keywords:
            // pocketsphinx 5prealpha's keyword search (ps_set_kws) detected nothing on clear flite
            // speech at any threshold (1e-20…1e+5), so keywords are found in the free-speech
            // transcript instead (see `KeywordSpotter`).
            return defaultSearch
        }
    }

    /// Makes the decoder's dictionary the words it was taught so far plus `words`, spelled in the
    /// model's phones by `ItalianPronunciation`: a dictionary file loaded whole, which replaces the
    /// one the decoder started with and lets the bound below start it afresh.
    private func teachItalian(_ words: [String]) throws(SpeechError) {
        let new = words.filter { !taught.contains($0) }
        guard !new.isEmpty else { return }
        if let word = new.first(where: { !ItalianPronunciation.isPronounceable($0) }) {
            throw .invalidGrammar("\"\(word.prefix(40))\" is not an Italian word (letters only)")
        }
        // Back to only this grammar's words now and then, so the dictionary never grows without bound.
        let known = taught.count + new.count > Self.mostTaughtWords ? Set(words) : taught.union(new)
        let entries = known.sorted().map { "\($0) \(ItalianPronunciation.phones($0).joined(separator: " "))" }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("funzone-words-\(UUID().uuidString).dict")
        defer { try? FileManager.default.removeItem(at: file) }
        do { try Data((entries.joined(separator: "\n") + "\n").utf8).write(to: file) } catch { throw .engineUnavailable("could not write a dictionary") }
        guard ps_load_dict(decoder, file.path, nil, nil) == 0 else { throw .invalidGrammar("its words could not be loaded") }
        taught = known
    }

    /// A bound on what one decoder learns (its dictionary grows with every new grammar word).
    static let mostTaughtWords = 5_000

    /// The best path's words (fillers and silences left out) with times and posteriors.
    func segments() -> [RecognizedWord] {
        let logmath = ps_get_logmath(decoder)
        var words: [RecognizedWord] = []
        var segment = ps_seg_iter(decoder)
        while let current = segment {
            var startFrame: Int32 = 0, endFrame: Int32 = 0
            ps_seg_frames(current, &startFrame, &endFrame)
            var acoustic: Int32 = 0, language: Int32 = 0, backoff: Int32 = 0
            let probability = ps_seg_prob(current, &acoustic, &language, &backoff)
            if let raw = ps_seg_word(current) {
                let word = String(cString: raw)
                if let cleaned = Self.spokenWord(word) {
                    words.append(RecognizedWord(word: cleaned, start: Double(startFrame) / frameRate, end: Double(endFrame + 1) / frameRate,
                                                confidence: min(1, max(0, logmath_exp(logmath, probability)))))
                }
            }
            segment = ps_seg_next(current)
        }
        return words
    }

    /// Every word and filler of the best path with times, for the filled-pause pass. The decode
    /// runs in a forked child (see `fz_decode_in_child`): with a filler dictionary this build can
    /// abort on some recordings (5 of 184 in `Benchmarks/speech-fillers.py --seed 11`), so an
    /// aborted decode is tried once more on the samples with ±1 of dither (3 of those 5 then
    /// decode). Its segments carry no probabilities (no lattice best path).
    func decodeTokensIsolated(_ samples: [Int16]) throws(SpeechError) -> [DecodedToken] {
        guard SpeechActivity.hasSpeech(samples) else { return [] }
        // pocketsphinx 5prealpha aborts on some recordings (ngram_search_bp2itor's assertion); the
        // same sound a hair different usually passes: dithered, then over a noise floor.
        do {
            return try decodeTokensInChild(samples)
        } catch {
            do {
                return try decodeTokensInChild(Self.dithered(samples))
            } catch {
                return try decodeTokensInChild(Self.withNoiseFloor(samples))
            }
        }
    }

    /// `samples` over a quiet room's noise floor (uniform noise of ±`amplitude`, about -59 dBFS at
    /// 64; a fixed pseudo-random sequence, so the same recording always gets the same floor). A
    /// browser's noise suppression can leave digital silence around a word, and on it the Italian
    /// grammar search heard a short "leggi" as "chiudi"; every real microphone has such a floor.
    static func withNoiseFloor(_ samples: [Int16], amplitude: Int32 = 64) -> [Int16] {
        var state: UInt32 = 2_463_534_242
        return samples.map { sample in
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            let step = Int32(state % UInt32(2 * amplitude + 1)) - amplitude
            return Int16(clamping: Int32(sample) + step)
        }
    }

    /// `samples` with -1, 0 or +1 added to each (the same fixed sequence as `withNoiseFloor`, so the
    /// same recording always gets the same dither).
    static func dithered(_ samples: [Int16]) -> [Int16] { withNoiseFloor(samples, amplitude: 1) }

    /// One decode with the filler dictionary in a forked child; throws when the child stops early.
    func decodeTokensInChild(_ samples: [Int16]) throws(SpeechError) -> [DecodedToken] {
        var fds: [Int32] = [0, 0]
        // Close-on-exec: programs spawned meanwhile (flite, espeak-ng) must not hold the pipe open; the
        // forked child does not exec, so it keeps its end.
        guard pipe(&fds) == 0 else { throw .engineUnavailable("no pipe for the filler pass") }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        let child = samples.withUnsafeBufferPointer { fz_decode_in_child(decoder, $0.baseAddress, $0.count, fds[0], fds[1]) }
        close(fds[1])
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        // A child that neither answers nor ends in this long is stopped: the pass then counts as failed.
        let deadline = ContinuousClock.now + .seconds(Self.childSeconds(samples: samples.count))
        var timedOut = false
        while true {
            let left = deadline - ContinuousClock.now
            var watched = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
            let ready = left > .zero ? poll(&watched, 1, Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)) : 0
            if ready == 0 { timedOut = true; break }
            if ready < 0 { if errno == EINTR { continue } else { break } }
            let count = read(fds[0], &buffer, buffer.count)
            if count > 0 { output.append(contentsOf: buffer[0..<count]) } else if count == 0 || errno != EINTR { break }
        }
        close(fds[0])
        if child > 0 {
            if timedOut { kill(child, SIGKILL) }
            var status: Int32 = 0
            _ = waitpid(child, &status, 0)
        }
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        guard child > 0, lines.last == "END" else { throw .engineUnavailable("the filler pass stopped on this recording") }
        return lines.dropLast().compactMap { line -> DecodedToken? in
            let parts = line.split(separator: " ")
            guard parts.count == 3, let first = Int(parts[1]), let last = Int(parts[2]) else { return nil }
            let token = Self.withoutVariant(String(parts[0]))
            guard !["<s>", "</s>", "<sil>", "[NOISE]"].contains(token) else { return nil }
            return DecodedToken(token: token, start: Double(first) / frameRate, end: Double(last + 1) / frameRate)
        }
    }

    /// How long a filler decode in a child may take: three times the audio's length and 20 s more
    /// (on a busy two-core server it runs at about half real time).
    static func childSeconds(samples: Int) -> Int64 { Int64(samples / 16_000) * 3 + 20 }

    /// Per-letter costs of each segment of a spelled word (see `fz_letters_costs`): for each
    /// segment, 26 values, the per-frame score gap to the segment's best letter (999: not scored).
    /// The decoder must be one of the letters pool (-cmn none, -compallsen yes).
    func letterCosts(_ samples: [Int16], segments: [ClosedRange<Int>], needed: [[Bool]]) throws(SpeechError) -> [[Double]] {
        guard !segments.isEmpty else { return [] }
        let first = segments.map { Int32($0.lowerBound) }, last = segments.map { Int32($0.upperBound) }
        let need = needed.flatMap { $0.map { $0 ? UInt8(1) : 0 } }
        var costs = [Double](repeating: 999, count: segments.count * 26)
        let status = samples.withUnsafeBufferPointer { pcm in
            fz_letters_costs(decoder, pcm.baseAddress, pcm.count, first, last, Int32(segments.count), need, &costs)
        }
        guard status == 0 else { throw .engineUnavailable("the letter grammars could not be used") }
        return (0..<segments.count).map { Array(costs[($0 * 26)..<($0 * 26 + 26)]) }
    }

    /// The front end's 13 cepstra per 10 ms frame, no mean removed (row-major), with its noise
    /// estimate started afresh: the same samples always give the same cepstra.
    func cepstra(_ samples: [Int16]) throws(SpeechError) -> [Float] {
        let capacity = samples.count / 160 + 4
        var out = [Float](repeating: 0, count: capacity * 13)
        let frames = samples.withUnsafeBufferPointer { fz_cepstra(decoder, $0.baseAddress, $0.count, &out, Int32(capacity)) }
        guard frames >= 0 else { throw .engineUnavailable("the front end could not read this recording") }
        return Array(out.prefix(Int(frames) * 13))
    }

    /// Posterior probabilities of the best path's words (fillers left out), first word first.
    private func latticePosteriors() -> [Double] {
        guard let lattice = ps_get_lattice(decoder) else { return [] }
        let logmath = ps_get_logmath(decoder)
        var link = ps_lattice_bestpath(lattice, nil, 1.0, 1.0 / 20.0)
        ps_lattice_posterior(lattice, nil, 1.0 / 20.0)
        var posteriors: [Double] = []
        while let current = link {
            var acoustic: Int32 = 0
            let probability = ps_latlink_prob(lattice, current, &acoustic)
            if let raw = ps_latlink_word(lattice, current), Self.spokenWord(String(cString: raw)) != nil {
                posteriors.append(min(1, max(0, logmath_exp(logmath, probability))))
            }
            link = ps_latlink_pred(current)
        }
        return posteriors.reversed()
    }

    /// The longest hypothesis (in words) whose lattice is built for posteriors and alternatives.
    /// A command or an answer is a few words, and its lattice takes milliseconds; SpeakUp's
    /// read-aloud hears a whole passage through a 50-word loop grammar, and building the lattice of
    /// a 15-s reading took 38 s of a core (the hearing itself under 1 s). Longer hypotheses keep the
    /// search's own word scores and have no alternatives.
    static let latticeWordLimit = 12

    /// Distinct hypotheses, best first.
    private func nbest(limit: Int) -> [String] {
        var seen: [String] = []
        var iterator = ps_nbest(decoder)
        var examined = 0
        while let current = iterator, seen.count < limit, examined < 200 {
            examined += 1
            var score: Int32 = 0
            if let raw = ps_nbest_hyp(current, &score) {
                let hypothesis = String(cString: raw).split(separator: " ").compactMap { Self.spokenWord(String($0)) }.joined(separator: " ")
                if !hypothesis.isEmpty && !seen.contains(hypothesis) { seen.append(hypothesis) }
            }
            iterator = ps_nbest_next(current)
        }
        if let iterator { ps_nbest_free(iterator) }
        return seen
    }

    /// "hello(2)" → "hello"; silences, sentence marks and noise fillers → nil.
    static func spokenWord(_ token: String) -> String? {
        if token.hasPrefix("<") || token.hasPrefix("[") || token.hasPrefix("+") || token.isEmpty { return nil }
        return withoutVariant(token)
    }

    /// "hello(2)" → "hello": the dictionary's pronunciation variants are one word.
    static func withoutVariant(_ token: String) -> String {
        guard let paren = token.firstIndex(of: "("), token.hasSuffix(")") else { return token }
        return String(token[..<paren])
    }
}
