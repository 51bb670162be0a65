import Audio
import Foundation
import Programs
import PropertyBased
import Synchronization
import Testing

@testable import Speech

/// flite speech as 16 kHz samples (pocketsphinx recognises flite's voices; espeak-ng's it cannot).
func fliteSamples(_ text: String, voice: String = "kal16", silenceBefore: Double = 0, stretch: Double = 1) throws -> [Int16] {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("tts-\(UUID().uuidString).wav")
    defer { try? FileManager.default.removeItem(at: file) }
    _ = try ProcessRunner.runBlocking("flite", ["-voice", voice, "--setf", "duration_stretch=\(stretch)", "-t", text, "-o", file.path],
                                      input: nil, timeout: 30)
    let data = try Data(contentsOf: file)
    let speech = PCMConversion.speechSamples(data, info: try WAVFile.parse(data))
    return [Int16](repeating: 0, count: Int(silenceBefore * 16_000)) + speech
}

/// Several decoders load the language model (~0.3 s each): one recogniser for the whole suite.
let sharedRecognizer = PocketSphinxRecognizer(poolSize: 2)

@Suite("pocketsphinx recogniser (real engine)", .serialized)
struct RecognizerTests {
    @Test("free speech: the words, in order, with times inside the audio and confidences")
    func freeSpeech() async throws {
        let samples = try fliteSamples("hello world this is a test")
        let transcript = try await sharedRecognizer.transcribe(samples, mode: .freeSpeech)
        #expect(transcript.text == "hello world this is a test")
        #expect(transcript.engine == "pocketsphinx")
        #expect(abs(transcript.duration - Double(samples.count) / 16_000) < 0.001)
        for (word, next) in zip(transcript.words, transcript.words.dropFirst()) {
            #expect(word.start < word.end && word.end <= next.start + 0.001)
        }
        #expect(transcript.words.allSatisfy { (0...1).contains($0.confidence) })
        #expect(transcript.words.last!.end <= transcript.duration + 0.01)
    }

    @Test("a pause splits utterances and later words keep their true time")
    func utteranceBreaks() async throws {
        let first = try fliteSamples("hello world")
        let samples = first + [Int16](repeating: 0, count: 32_000) + (try fliteSamples("this is a test"))
        let transcript = try await sharedRecognizer.transcribe(samples, mode: .freeSpeech)
        #expect(transcript.utterances.map(\.text) == ["hello world", "this is a test"])
        let expectedStart = Double(first.count + 32_000) / 16_000
        let this = try #require(transcript.words.first { $0.word == "this" })
        #expect(abs(this.start - expectedStart) < 0.25, "this at \(this.start), expected about \(expectedStart)")
    }

    @Test("the same recording gives the same words, times and confidences whatever the decoder heard before")
    func noHistory() throws {
        let decoder = try PocketSphinxDecoder(model: .debian)
        let target = try fliteSamples("my brother is eight years old", voice: "rms")
        var generator = Xoshiro(seed: (99, 11, 13, 17))
        let hiss = (0..<48_000).map { _ in Int16.random(in: -2_048...2_047, using: &generator) }
        let noisy = zip(try fliteSamples("the sun is very hot today") + [Int16](repeating: 0, count: 48_000), hiss).map { Int16(clamping: Int32($0) + Int32($1)) }
        let fresh = try decoder.decode(target, mode: .freeSpeech).words
        let cepstra = try decoder.cepstra(target)
        _ = try decoder.decode(noisy, mode: .freeSpeech)
        #expect(try decoder.decode(target, mode: .freeSpeech).words == fresh)
        _ = try decoder.cepstra(noisy)
        #expect(try decoder.cepstra(target) == cepstra)
        #expect(fresh.map(\.word).joined(separator: " ").hasSuffix("years old"), "\(fresh.map(\.word))")
    }

    @Test("a grammar constrains the answer and reports posteriors and alternatives")
    func grammar() async throws {
        let jsgf = "#JSGF V1.0;\ngrammar answer;\npublic <answer> = yes | no | maybe;\n"
        let transcript = try await sharedRecognizer.transcribe(try fliteSamples("no"), mode: .grammar(jsgf))
        #expect(transcript.text == "no")
        #expect(transcript.alternatives.first == "no")
        #expect(transcript.words.first.map { $0.confidence > 0 && $0.confidence <= 1 } == true)
    }

    @Test("a grammar with a word the dictionary lacks is a clear error, and the decoder still works after it")
    func badGrammar() async throws {
        await #expect(throws: SpeechError.self) {
            try await sharedRecognizer.transcribe([0, 0, 0], mode: .grammar("#JSGF V1.0;\ngrammar g;\npublic <g> = zzqxv;\n"))
        }
        await #expect(throws: SpeechError.self) {
            try await sharedRecognizer.transcribe([0, 0, 0], mode: .grammar("this is not jsgf"))
        }
        let transcript = try await sharedRecognizer.transcribe(try fliteSamples("hello world"), mode: .freeSpeech)
        #expect(transcript.text == "hello world")
    }

    @Test("fillers: a spliced um and uh are found with their times, and a comma-bounded 'like'")
    func fillers() async throws {
        let pause = [Int16](repeating: 0, count: 2_400)
        let um = try fliteSamples("um", voice: "kal16", stretch: 2.2)
        let uh = try fliteSamples("uh", voice: "kal16", stretch: 2.2)
        let start = try fliteSamples("so i went to the")
        let samples = start + pause + um + pause + (try fliteSamples("store and")) + pause + uh + pause + (try fliteSamples("it was closed"))
        let transcript = try await sharedRecognizer.transcribe(samples, mode: .freeSpeechWithFillers)
        let filled = transcript.fillers.filter { $0.kind == .filledPause }
        #expect(filled.map(\.word) == ["um", "uh"], "\(transcript.fillers) / \(transcript.text)")
        // flite pads its audio with quiet: the filler must lie inside the spliced "um" file.
        let umSpan = Double(start.count + pause.count) / 16_000...Double(start.count + pause.count + um.count) / 16_000
        #expect(filled.first.map { umSpan.contains(($0.start + $0.end) / 2) } == true, "\(filled) in \(umSpan)")
        #expect(transcript.text.hasPrefix("so i went to"))

        let marker = try await sharedRecognizer.transcribe(try fliteSamples("it was, like, really huge"), mode: .freeSpeechWithFillers)
        #expect(marker.fillers.map(\.word) == ["like"], "\(marker.text)")
        #expect(try await sharedRecognizer.transcribe(try fliteSamples("i like apples"), mode: .freeSpeechWithFillers).fillers.isEmpty)
    }

    @Test("fillers: a drawn-out um is found by its steady stretch on a voice whose filler phones miss it (slt)")
    func drawnOutFiller() async throws {
        let pause = [Int16](repeating: 0, count: 2_400)
        let start = try fliteSamples("my brother is", voice: "slt")
        let um = try fliteSamples("um", voice: "slt", stretch: 3)
        let samples = start + pause + um + pause + (try fliteSamples("eight years old", voice: "slt"))
        let umSpan = Double(start.count + pause.count) / 16_000...Double(start.count + pause.count + um.count) / 16_000
        let decoder = try PocketSphinxDecoder(model: .debian)
        let steady = try decoder.steadyFillers(samples)
        #expect(steady.map(\.word) == ["um"], "\(steady)")
        #expect(steady.allSatisfy { umSpan.contains(($0.start + $0.end) / 2) }, "\(steady) in \(umSpan)")
        let transcript = try await sharedRecognizer.transcribe(samples, mode: .freeSpeechWithFillers)
        #expect(transcript.fillers.map(\.word) == ["um"], "\(transcript.fillers) / \(transcript.text)")
    }

    @Test("a recording on which pocketsphinx aborts in the filler pass costs a child process, and the dithered retry finds its um")
    func fillerPassAbort() async throws {
        // flite speech with a spliced "um" on which libpocketsphinx 5prealpha hits an assertion
        // (ngram_search_bp2itor) when the filler dictionary is loaded; the pass runs in a child.
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/filler-pass-abort.wav")
        let data = try Data(contentsOf: url)
        let samples = PCMConversion.speechSamples(data, info: try WAVFile.parse(data))
        let decoder = try PocketSphinxDecoder(model: .debian, extraArguments: ["-fdict", try FilledPauses.dictionaryFile(), "-bestpath", "no"])
        #expect(throws: SpeechError.self) { try decoder.decodeTokensInChild(samples) }
        #expect(try decoder.decodeTokensIsolated(samples).contains { $0.token == "++MM++" })
        let transcript = try await sharedRecognizer.transcribe(samples, mode: .freeSpeechWithFillers)
        #expect(!transcript.fillerPassFailed)
        #expect(transcript.fillers.map(\.word) == ["um"], "\(transcript.fillers) / \(transcript.text)")
        #expect(try await sharedRecognizer.transcribe(try fliteSamples("hello world"), mode: .freeSpeechWithFillers).text == "hello world")
    }

    @Test("dither moves each sample by at most 1, the same way every time, and stays in range")
    func dither() {
        let samples: [Int16] = [0, 100, -100, .max, .min] + [Int16](repeating: 7, count: 1_000)
        let dithered = PocketSphinxDecoder.dithered(samples)
        #expect(dithered == PocketSphinxDecoder.dithered(samples))
        #expect(zip(samples, dithered).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
        #expect(Set(dithered.suffix(1_000)) == [6, 7, 8])
    }

    @Test("keyword spotting finds the phrase in running speech")
    func keywords() async throws {
        let samples = try fliteSamples("hello world this is a test")
        let transcript = try await sharedRecognizer.transcribe(samples, mode: .keywords(["is a test", "goodbye"]))
        #expect(transcript.words.map(\.word) == ["is a test"])
        #expect(transcript.words.first.map { $0.start > 0.5 && $0.end > $0.start } == true)
    }

    @Test("silence and faint hiss give an empty transcript, not an error")
    func silence() async throws {
        var generator = SystemRandomNumberGenerator()
        let hiss = (0..<16_000).map { _ in Int16.random(in: -40...40, using: &generator) }
        for samples in [[Int16](repeating: 0, count: 16_000), hiss, []] {
            let transcript = try await sharedRecognizer.transcribe(samples, mode: .freeSpeech)
            #expect(transcript.words.isEmpty && transcript.utterances.isEmpty, "\(transcript.words)")
        }
    }

    @Test("concurrent requests share a pool that never grows past its size")
    func pool() async throws {
        let recognizer = PocketSphinxRecognizer(poolSize: 2)
        let samples = try fliteSamples("hello world")
        let texts = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<5 { group.addTask { try await recognizer.transcribe(samples, mode: .freeSpeech).text } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(texts == Array(repeating: "hello world", count: 5))
        #expect(await recognizer.decodersCreated <= 2)
    }
}

@Suite("Speaker (real engines)")
struct SpeakerTests {
    func speaker(cache: SpeechCache? = nil) -> SpeechSpeaker { SpeechSpeaker(cache: cache) }

    @Test("voices: English from flite and espeak-ng, Italian from espeak-ng, both genders, no MBROLA")
    func voices() async {
        let voices = await speaker().voices()
        #expect(voices.contains { $0.engine == .flite && $0.language == "en-US" && $0.gender == .female })
        #expect(voices.contains { $0.engine == .espeakNG && $0.language.hasPrefix("en") })
        #expect(voices.contains { $0.engine == .espeakNG && $0.language == "it" && $0.gender == .female })
        #expect(!voices.contains { $0.id.contains("mbrola") })
        #expect(Set(voices.map(\.id)).count == voices.count)
    }

    @Test("each engine speaks WAV; rate changes the length; flite's speech is recognised back")
    func synthesis() async throws {
        let speaker = speaker()
        let normal = try await speaker.synthesize(SpeechRequest(text: "The quick brown fox", voiceId: "flite:slt"))
        let slow = try await speaker.synthesize(SpeechRequest(text: "The quick brown fox", voiceId: "flite:slt", rate: 0.5))
        let normalInfo = try WAVFile.parse(normal), slowInfo = try WAVFile.parse(slow)
        #expect(slowInfo.duration > normalInfo.duration * 1.5)
        let italian = try await speaker.synthesize(SpeechRequest(text: "Ciao, come stai?", voiceId: "espeak-ng:it+f3", pitch: 1.2))
        #expect(try WAVFile.parse(italian).duration > 0.5)
        let heard = try await sharedRecognizer.transcribe(PCMConversion.speechSamples(normal, info: normalInfo), mode: .freeSpeech)
        #expect(heard.text.contains("quick brown fox"))
    }

    @Test("opus is Ogg and much smaller than the WAV")
    func opus() async throws {
        let text = "Spelling is fun when you practise a little every day."
        let wav = try await speaker().synthesize(SpeechRequest(text: text, voiceId: "flite:kal16"))
        let opus = try await speaker().synthesize(SpeechRequest(text: text, voiceId: "flite:kal16", format: .opus))
        #expect(opus.prefix(4) == Data("OggS".utf8))
        #expect(opus.count * 4 < wav.count)
    }

    @Test("bad requests are clear errors; text cannot become an option")
    func badRequests() async throws {
        let speaker = speaker()
        await #expect(throws: SpeechError.unknownVoice("flite:nobody")) { try await speaker.synthesize(SpeechRequest(text: "hi", voiceId: "flite:nobody")) }
        await #expect(throws: SpeechError.self) { try await speaker.synthesize(SpeechRequest(text: "  \n ", voiceId: "flite:slt")) }
        await #expect(throws: SpeechError.self) { try await speaker.synthesize(SpeechRequest(text: String(repeating: "a", count: 601), voiceId: "flite:slt")) }
        await #expect(throws: SpeechError.self) { try await speaker.synthesize(SpeechRequest(text: "hi", voiceId: "flite:slt", rate: 3)) }
        let dashed = try await speaker.synthesize(SpeechRequest(text: "--help -o /tmp/x", voiceId: "espeak-ng:en-us"))
        #expect(try WAVFile.parse(dashed).duration > 0.3)
    }
}

@Suite("Speech cache")
struct SpeechCacheTests {
    @Test("hits return the same bytes; the size bound evicts the least recently used")
    func eviction() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Each read or write happens a second after the one before, on the cache's own clock.
        let tick = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        let cache = try SpeechCache(directory: directory, maximumBytes: 2_500) { tick.withLock { $0 += 1; return $0 } }
        cache.write(Data(repeating: 1, count: 1_000), key: "a")
        cache.write(Data(repeating: 2, count: 1_000), key: "b")
        #expect(cache.read("a") == Data(repeating: 1, count: 1_000))  // a is now the most recent
        cache.write(Data(repeating: 3, count: 1_000), key: "c")
        #expect(cache.read("b") == nil)
        #expect(cache.read("a") != nil && cache.read("c") != nil)
        #expect(cache.size <= 2_500)
    }

    @Test("the speaker serves a repeated request from the cache")
    func speakerUsesCache() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try SpeechCache(directory: directory, now: Date.init)
        let speaker = SpeechSpeaker(cache: cache)
        let request = SpeechRequest(text: "cached words", voiceId: "flite:rms")
        let first = try await speaker.synthesize(request)
        #expect(cache.read(try request.validated().cacheKey) == first)
        #expect(try await speaker.synthesize(request) == first)
        // The key covers engine, voice, rate, pitch, format and text.
        let keys = Set([request, SpeechRequest(text: "cached words", voiceId: "flite:slt"), SpeechRequest(text: "cached words", voiceId: "flite:rms", rate: 1.1),
                        SpeechRequest(text: "cached words", voiceId: "flite:rms", pitch: 0.9), SpeechRequest(text: "cached words", voiceId: "flite:rms", format: .opus),
                        SpeechRequest(text: "cached word", voiceId: "flite:rms")].map(\.cacheKey))
        #expect(keys.count == 6)
    }
}

@Suite("Voice catalogue parsing")
struct VoiceCatalogTests {
    @Test func flite() {
        #expect(VoiceCatalog.fliteVoices("Voices available: kal awb_time kal16 awb rms slt \n").map(\.id) == ["flite:kal16", "flite:awb", "flite:rms", "flite:slt"])
    }

    @Test func espeak() {
        let listing = """
            Pty Language       Age/Gender VoiceName          File                 Other Languages
             2  en-us           --/M      English_(America)  gmw/en-US            (en 3)
             5  en-us           --/M      us-mbrola-2        mb/mb-us2            (en 7)
             5  it              --/M      Italian            roa/it
            """
        #expect(VoiceCatalog.espeakVoices(listing).map(\.id) == ["espeak-ng:en-us", "espeak-ng:en-us+f3", "espeak-ng:it", "espeak-ng:it+f3"])
    }
}

@Suite("Keyword spotting over a timed transcript")
struct KeywordSpotterTests {
    let words = ["open", "the", "science", "book", "and", "the", "Science", "fair"].enumerated().map { index, word in
        RecognizedWord(word: word, start: Double(index), end: Double(index) + 0.5, confidence: index == 3 ? 0.4 : 0.9)
    }

    @Test func phrasesInOrderAndAdjacent() {
        let found = KeywordSpotter.spot(["science book", "science", "book science"], in: words)
        #expect(found.map(\.word) == ["science book", "science", "science"])
        #expect(found[0].start == 2 && found[0].end == 3.5 && found[0].confidence == 0.4)
    }

    @Test func validation() throws {
        #expect(try KeywordSpotter.validated([" Science Book ", ""]) == ["science book"])
        #expect(throws: SpeechError.self) { try KeywordSpotter.validated([]) }
        #expect(throws: SpeechError.self) { try KeywordSpotter.validated(["rm -rf /"]) }
        #expect(throws: SpeechError.self) { try KeywordSpotter.validated(Array(repeating: "a", count: 51)) }
    }
}
