import Audio
import Foundation
import Programs

/// A live recording decoded as it arrives: the audio streams into one decoder, which ends a
/// stretch at each pause (`PauseSegmenter`). An ended stretch's filled pauses are looked for at
/// once, beside the stream, so at the end only the last stretch is left to hear. The word count
/// so far includes the open stretch's best hypothesis.
actor PocketSphinxLiveTranscription: LiveTranscription {
    private struct Stretch: Sendable {
        var words: [RecognizedWord]
        var filledPauses: [Filler]
        var failed: Bool
    }

    private struct EndedStretch: Sendable {
        var range: Range<Int>
        var words: [RecognizedWord]
    }

    private struct Fed: Sendable {
        var ended: [EndedStretch]
        var partial: [String]
        /// Where the open stretch now starts, when one ended.
        var nextStart: Int?
    }

    /// Samples of the pause before a stretch that it starts with: a quarter second, or as much
    /// quiet as there was.
    static let leadIn = 4_000

    private let recognizer: PocketSphinxRecognizer
    private var decoder: PocketSphinxDecoder?
    private var segmenter = PauseSegmenter()
    private var samples: [Int16] = []
    /// Where the open stretch began, and how much of the recording the decoder has had.
    private var stretchStart = 0
    private var fed = 0
    private var openWords: [String] = []
    /// The decoder's words of the ended stretches, in order (before their filler pass).
    private var streamedWords: [String] = []
    private var stretches: [Task<Stretch, any Error>] = []
    /// Words and fillers of the stretches whose filler pass is done.
    private var endedWords = 0
    private var endedFillers = 0
    private var finished = false
    /// The decoder is inside a stretch (from the start until `finish` ends the last one).
    private var utteranceOpen = true
    /// Blocking calls on the decoder still running (a cancel waits for them: the decoder is not
    /// touched from two threads, nor given back while in use).
    private var working = 0
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    private func begin() { working += 1 }

    private func end() {
        working -= 1
        if working == 0 {
            idleWaiters.forEach { $0.resume() }
            idleWaiters = []
        }
    }

    init(recognizer: PocketSphinxRecognizer) async throws {
        self.recognizer = recognizer
        guard let decoder = try await recognizer.live.checkOutIfFree() else {
            throw SpeechError.engineUnavailable("every live decoder is in use (the recording is heard when it is sent whole)")
        }
        do {
            try await offCooperativePool { try decoder.beginStretch() }
        } catch {
            await recognizer.live.checkIn(decoder)
            throw error
        }
        self.decoder = decoder
    }

    func append(_ more: [Int16]) async throws {
        guard !finished, let decoder else { throw SpeechError.engineUnavailable("this recording has ended") }
        begin()
        defer { end() }
        samples += more
        let cuts = segmenter.append(more)
        let recording = samples, from = fed, stretchStart = stretchStart
        // One blocking call per piece of audio: the decoder is only ever used by this recording.
        let fedNow = try await offCooperativePool { () throws -> Fed in
            var fed = Fed(ended: [], partial: [], nextStart: nil)
            var position = from, start = stretchStart
            for stretchEnd in cuts where stretchEnd.position > start {
                let cut = stretchEnd.position
                decoder.feed(recording[position..<cut])
                var words = decoder.endStretch()
                if start == 0 {
                    // The first stretch is heard again as a whole: streamed, its first seconds are
                    // heard before the decoder has learnt the voice's average (live CMN), and a
                    // word or two there can come out wrong.
                    words = try decoder.decode(Array(recording[start..<cut]), mode: .freeSpeech).words
                }
                fed.ended.append(EndedStretch(range: start..<cut, words: words))
                try decoder.beginStretch()
                // The next stretch starts with the end of the pause, as a recording starts with a
                // little quiet: a word right at its start is heard as it would be in the whole take.
                // Only quiet is heard twice (none after a stretch cut for its length, mid-speech).
                let next = max(start, cut - min(Self.leadIn, stretchEnd.quietSamples))
                (position, start, fed.nextStart) = (next, next, next)
            }
            decoder.feed(recording[position...])
            fed.partial = decoder.partialWords()
            return fed
        }
        let (ended, partial) = (fedNow.ended, fedNow.partial)
        fed = recording.count
        openWords = partial
        for stretch in ended {
            if hear(stretch.range, words: stretch.words) { streamedWords += stretch.words.map(\.word) }
        }
        if let last = fedNow.nextStart { self.stretchStart = last }
    }

    func progress() -> LiveProgress {
        LiveProgress(seconds: Double(samples.count) / 16_000, words: endedWords + pendingWords + openWords.count, fillers: endedFillers,
                     heard: streamedWords + openWords)
    }

    /// Words of ended stretches whose filler pass is still running (their decoder words, for now).
    private var pendingWords = 0

    func finish() async throws -> Transcript {
        guard !finished, let decoder else { throw SpeechError.engineUnavailable("this recording has ended") }
        finished = true
        let (recording, start) = (samples, stretchStart)
        let last: [RecognizedWord]
        do {
            begin()
            defer { end() }
            last = try await offCooperativePool { () throws -> [RecognizedWord] in
                let streamed = decoder.endStretch()
                // A take that never paused is one stretch, the first: heard again as a whole (see `append`).
                return start == 0 ? try decoder.decode(recording, mode: .freeSpeech).words : streamed
            }
        } catch {
            utteranceOpen = false
            await giveBack()  // the decoder goes back to the pool whatever happened to the last stretch
            throw error
        }
        utteranceOpen = false
        hear(stretchStart..<samples.count, words: last)
        await giveBack()
        var words: [RecognizedWord] = [], filled: [Filler] = [], failed = false
        for stretch in stretches {
            let heard = try await stretch.value
            words += heard.words
            filled += heard.filledPauses
            failed = failed || heard.failed
        }
        return PocketSphinxRecognizer.withMarkers(words: words, filledPauses: filled, duration: Double(samples.count) / 16_000,
                                                  fillerPassFailed: failed, engine: recognizer.name)
    }

    func cancel() async {
        finished = true
        stretches.forEach { $0.cancel() }
        await giveBack()
    }

    private func giveBack() async {
        guard let decoder else { return }
        self.decoder = nil
        // A cancel while `append` or `finish` has the decoder on another thread: wait for that call.
        if working > 0 { await withCheckedContinuation { idleWaiters.append($0) } }
        // An utterance still open (a cancelled recording) is ended: the next recording starts its own.
        if utteranceOpen { _ = try? await offCooperativePool { decoder.endStretch() } }
        await recognizer.live.checkIn(decoder)
    }

    /// An ended stretch: its filled pauses are looked for now, its times moved to the recording's.
    /// Audio that never rises above a whisper has no words (the decoder hears some in silence).
    /// False when the stretch had no speech (and so no words).
    @discardableResult
    private func hear(_ range: Range<Int>, words: [RecognizedWord]) -> Bool {
        let audio = Array(samples[range])
        guard !range.isEmpty, SpeechActivity.hasSpeech(audio) else { return false }
        let offset = Double(range.lowerBound) / 16_000
        pendingWords += words.count
        let recognizer = recognizer
        stretches.append(Task {
            let (kept, filled, failed) = try await recognizer.fillerPass(audio, words: words)
            let moved = Stretch(words: kept.map { $0.moved(by: offset) }, filledPauses: filled.map { $0.moved(by: offset) }, failed: failed)
            self.counted(moved, decoded: words.count)
            return moved
        })
        return true
    }

    private func counted(_ stretch: Stretch, decoded: Int) {
        pendingWords -= decoded
        endedWords += stretch.words.count
        endedFillers += stretch.filledPauses.count + DiscourseMarkers.detect(in: stretch.words.map { (word: $0.word, start: $0.start, end: $0.end) }).count
    }
}

extension RecognizedWord {
    func moved(by seconds: Double) -> RecognizedWord {
        RecognizedWord(word: word, start: start + seconds, end: end + seconds, confidence: confidence)
    }
}

extension Filler {
    func moved(by seconds: Double) -> Filler {
        Filler(word: word, start: start + seconds, end: end + seconds, kind: kind)
    }
}
