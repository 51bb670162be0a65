import Audio
import Foundation
import Hummingbird
import Speech
import Study

/// When each word of a spoken text is said: the server's own audio for it (GET /api/speech/say
/// with the same query) aligned with the text's words by the recogniser, so a page can light each
/// word as it is heard. A word the recogniser cannot say (a number, a word missing from the English
/// dictionary) gets the time between its neighbours, shared out by characters; so does every word
/// when the alignment fails. Words are those of `ReadingText.words`, as MirrorBuddy's pages have them.
struct SpeechTimings {
    let services: Services

    struct Word: Codable, Equatable {
        let start: Double
        let end: Double
        /// Heard by the aligner (false: placed between its neighbours).
        let aligned: Bool
    }

    struct Response: Codable {
        let words: [Word]
        let duration: Double
    }

    @Sendable func timings(_ request: Request, caller: SignedIn) async throws -> Reply<Response> {
        let speech = try SpeechController.speechRequest(request, format: .wav)
        if let known = await services.speech.timings.get(speech.cacheKey) { return Reply(known) }
        let (audio, made) = try await SpeechController.audio(speech, services: services, in: caller.session.scope)
        let info = try WAVFile.validate(audio, maximumDuration: 600)
        let samples = PCMConversion.speechSamples(audio, info: info)
        let duration = Double(samples.count) / 16_000
        let voices = await services.speech.speaker.voices()
        let italian = voices.first { $0.id == speech.voiceId }?.language.lowercased().hasPrefix("it") ?? false
        let language: GrammarLanguage = italian ? .italian : .english
        let words = ReadingText.words(speech.text).map { Self.tokens($0.text) }
        let sayable = words.map { $0.filter { GrammarVocabulary.canSay($0, language: language) } }
        let sequence = sayable.flatMap { $0 }
        var heard: [RecognizedWord] = []
        if !sequence.isEmpty {
            // Alignment is work for the engine: it counts against the family's limit, once a call.
            if !made { try await services.countAttempt("speech:\(caller.session.scope.familyId)", limit: SpeechController.perFamily) }
            let grammar = "#JSGF V1.0;\ngrammar words;\npublic <words> = " + sequence.joined(separator: " ") + " ;\n"
            heard = try await SpeechServices.orNil {
                try await services.speech.recognizer.transcribe(samples, mode: .alignment(grammar, language: language))
            }?.words ?? []
        }
        let aligned = heard.count == sequence.count ? Self.perWord(heard, counts: sayable.map(\.count)) : words.map { _ in nil }
        let timings = Response(words: Self.filled(aligned, lengths: words.map { max(1, $0.joined().count) }, duration: duration), duration: duration)
        await services.speech.timings.put(speech.cacheKey, timings)
        return Reply(timings)
    }

    /// A word as the recogniser's words: lower case, letters and apostrophes inside ("dell’acqua" →
    /// "dell'acqua", "nord-est" → "nord", "est", "students'" → "students").
    static func tokens(_ word: String) -> [String] {
        word.precomposedStringWithCanonicalMapping.lowercased().replacingOccurrences(of: "’", with: "'")
            .split { !($0.isLetter || $0 == "'") }.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
            .filter { $0.contains { $0.isLetter } }
    }

    /// The heard words gathered back into the text's words (`counts` tokens each): from the first one's
    /// start to the last one's end; nil for a word with no token heard.
    static func perWord(_ heard: [RecognizedWord], counts: [Int]) -> [(start: Double, end: Double)?] {
        var index = 0
        return counts.map { count in
            defer { index += count }
            guard count > 0 else { return nil }
            return (heard[index].start, heard[index + count - 1].end)
        }
    }

    /// Less time than this for each word not heard: the aligner gave their sound to a neighbour.
    static let shortestWord = 0.08

    /// Every word's time: the aligned ones as heard, the others sharing out by characters the time
    /// between the aligned words around them (the start and end of the audio at the edges).
    static func filled(_ aligned: [(start: Double, end: Double)?], lengths: [Int], duration: Double) -> [Word] {
        var words: [Word] = []
        var index = 0
        while index < aligned.count {
            if let known = aligned[index] {
                words.append(Word(start: known.start, end: known.end, aligned: true))
                index += 1
                continue
            }
            var last = index
            while last + 1 < aligned.count, aligned[last + 1] == nil { last += 1 }
            var first = index
            var from = words.last?.end ?? 0
            let to = last + 1 < aligned.count ? aligned[last + 1]!.start : duration
            // The aligner gave a word it did not know to its neighbour (no time is left between them):
            // the word before shares its time with the unknown ones instead.
            if to - from < Self.shortestWord * Double(last - index + 1), let before = words.popLast() {
                first = index - 1
                from = before.start
            }
            let total = Double(lengths[first...last].reduce(0, +))
            var at = from
            for gap in first...last {
                let share = max(0, to - from) * Double(lengths[gap]) / total
                words.append(Word(start: at, end: at + share, aligned: gap < index))
                at += share
            }
            index = last + 1
        }
        return words
    }
}
