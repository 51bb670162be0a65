/// SpeakUp's coach: one take in, every metric, score and tip out. Pure and deterministic (no clock, no
/// randomness); safe to call from any thread (each call makes its own stemmer).
public enum Coach {
    /// Analyses a take with the person's settings (validated first).
    public static func analyze(_ input: TakeInput) throws(CoachError) -> TakeAnalysis {
        var settings = try input.settings.validated()
        settings.fillers = try settings.fillers.validated()
        try validate(input)

        var tokens = TranscriptCleaner.tokens(input.words)
        let fillerItems = FillerFinder.find(tokens: &tokens, heard: input.fillers, lists: settings.fillers, markersJudged: input.markersJudged)
        let words = tokens.filter { !$0.isFiller }
        let texts = words.map(\.text)
        let lastSound = max(tokens.map(\.end).max() ?? 0, fillerItems.map(\.end).max() ?? 0)
        let duration = max(input.duration, lastSound)
        let minutes = max(duration, 1) / 60
        let target = settings.effectiveTargetWPM

        let sounds = Sound.timeline(tokens: tokens, fillers: fillerItems)
        let pauseItems = PauseFinder.pauses(in: sounds)
        let speakingSeconds = PaceMeter.speakingSeconds(words: words)
        let wpm = PaceMeter.wordsPerMinute(words: words.count, duration: duration, speakingSeconds: speakingSeconds, target: target)
        let starts = words.map(\.start)
        let variation = PaceMeter.rateVariation(starts: starts, speechEnd: words.last?.end ?? 0)
        let pace = PaceReport(series: PaceMeter.series(starts: starts, duration: duration), rateVariation: variation,
                              rateVariationScore: variation.map(PaceMeter.rateVariationScore))
        let pauses = PauseFinder.report(pauseItems, minutes: minutes)
        let fillers = FillerReport.make(fillerItems, words: words.count, minutes: minutes, tracked: settings.trackFillers)

        let volume = input.levels.flatMap(VolumeMeter.report(levels:))
        let pitch = input.pitch.flatMap { PitchMeter.report(hertz: $0, levels: input.levels, voicedRatio: input.voicedRatio) }
        let emphasis = EmphasisFinder.report(words: words, tokens: tokens, levels: input.levels, pitch: input.pitch,
                                             duration: duration, speakingSeconds: speakingSeconds)

        let sentences = SentenceSplitter.sentences(words)
        let text = TextQualityMeter.report(words: texts, sentences: sentences)
        let stemmer = Stemmer()
        let bank = Set(settings.wordBank.compactMap(FillerLists.normalized).map(stemmer.stem))
        let vocabulary = VocabularyMeter.report(words: texts, bank: bank, stem: stemmer.stem)
        let structure = StructureMeter.report(sentences)
        let coherence = CoherenceMeter.report(sentences: sentences, wordCount: words.count, stem: stemmer.stem)
        let relevance = RelevanceMeter.report(prompt: input.prompt, words: texts, sentences: sentences, coherence: coherence, stem: stemmer.stem)
        let fluency = FluencyMeter.report(sounds: sounds, words: texts, duration: duration, speakingSeconds: speakingSeconds,
                                          speakingWPM: wpm.speaking, mattr: vocabulary.mattr)
        let gate = GibberishGate.report(confidences: words.map(\.confidence), words: texts, sentences: sentences)

        var analysis = TakeAnalysis(
            version: TakeAnalysis.currentVersion, wordCount: words.count, duration: duration,
            words: tokens.map { AnalyzedWord(text: $0.text, start: $0.start, end: $0.end, confidence: $0.confidence, isFiller: $0.isFiller) },
            wpm: wpm, pace: pace, pauses: pauses, fillers: fillers, volume: volume, pitch: pitch, emphasis: emphasis,
            textQuality: text, vocabulary: vocabulary, structure: structure, relevance: relevance, fluency: fluency, gate: gate,
            scores: OverallScore.zero(weights: settings.weights), verdict: .needsWork, coaching: CoachingReport(tips: [], swaps: []))
        // Zero gate: no words, or nothing but fillers, leaves every score at 0.
        if !words.isEmpty {
            let subscores = Subscores(of: analysis, voicedRatio: input.voicedRatio ?? pitch?.voicedRatio, trackPauses: settings.trackPauses)
            analysis.scores = OverallScore.report(subscores: subscores, weights: settings.weights, substance: fluency.substance, cap: gate.cap)
            analysis.verdict = analysis.scores.verdict
        }
        analysis.coaching = CoachingReport(tips: Coaching.tips(for: analysis, focus: input.focus),
                                           swaps: WordSwaps.suggestions(for: analysis.words))
        return analysis
    }

    /// Times and signal values must be finite and words must not end before they start; confidences are clamped.
    static func validate(_ input: TakeInput) throws(CoachError) {
        guard input.duration.isFinite, input.duration >= 0 else { throw .invalidInput("the duration is \(input.duration)") }
        for (index, word) in input.words.enumerated() {
            guard word.start.isFinite, word.end.isFinite, word.start >= 0, word.confidence.isFinite else {
                throw .invalidInput("word \(index + 1) (\"\(word.text)\") has a time or confidence that is not a number")
            }
            guard word.end >= word.start else { throw .invalidInput("word \(index + 1) (\"\(word.text)\") ends before it starts") }
        }
        for filler in input.fillers where !(filler.start.isFinite && filler.end.isFinite && filler.end >= filler.start) {
            throw .invalidInput("the filler \"\(filler.text)\" has impossible times")
        }
        if let levels = input.levels, levels.contains(where: { !$0.isFinite }) {
            throw .invalidInput("the level envelope holds a value that is not a number")
        }
        if let pitch = input.pitch, pitch.contains(where: { !$0.isFinite || $0 < 0 }) {
            throw .invalidInput("the pitch track holds a negative or non-numeric value")
        }
        if let ratio = input.voicedRatio, !(0...1).contains(ratio) { throw .invalidInput("the voiced ratio \(ratio) is outside 0…1") }
    }
}
