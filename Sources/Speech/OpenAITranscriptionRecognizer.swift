import Audio
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A recogniser behind an OpenAI-compatible `POST /v1/audio/transcriptions` endpoint (OpenAI,
/// a whisper.cpp server started with `--inference-path /v1/audio/transcriptions`, faster-whisper
/// servers …). Free speech and keywords go to the service; such services have no grammars and
/// drop filled pauses, so grammar and filler modes are answered by `constrained` (pocketsphinx by
/// default) when one is given.
public struct OpenAITranscriptionRecognizer: SpeechRecognizer {
    public let name: String
    public let endpoint: URL
    public let model: String
    let apiKey: String?
    let language: String?
    let timeout: TimeInterval
    let constrained: (any SpeechRecognizer)?

    /// - Parameters:
    ///   - baseURL: the service root, e.g. `http://127.0.0.1:8178` (the path `/v1/audio/transcriptions` is added
    ///     unless the URL already ends with it).
    ///   - apiKey: sent as `Authorization: Bearer …` when given; never logged or returned.
    public init(baseURL: URL, model: String = "whisper-1", apiKey: String? = nil, language: String? = "en",
                timeout: TimeInterval = 60, constrained: (any SpeechRecognizer)? = nil) {
        self.endpoint = baseURL.path.hasSuffix("/audio/transcriptions")
            ? baseURL : baseURL.appendingPathComponent("v1").appendingPathComponent("audio").appendingPathComponent("transcriptions")
        self.model = model
        self.apiKey = apiKey
        self.language = language
        self.timeout = timeout
        self.constrained = constrained
        self.name = "openai:\(model)"
    }

    public func transcribe(_ samples: [Int16], mode: RecognitionMode) async throws -> Transcript {
        let duration = Double(samples.count) / 16_000
        switch mode {
        case .grammar, .alignment, .freeSpeechWithFillers:
            guard let constrained else {
                if mode != .freeSpeechWithFillers { throw SpeechError.invalidGrammar("the configured recogniser (\(name)) does not support grammars") }
                throw SpeechError.engineUnavailable("the configured recogniser (\(name)) cannot find fillers")
            }
            return try await constrained.transcribe(samples, mode: mode)
        case .keywords(let phrases):
            let heard = try await remoteWords(samples, duration: duration)
            return Transcript(words: KeywordSpotter.spot(phrases, in: heard), duration: duration, engine: name)
        case .freeSpeech:
            guard SpeechActivity.hasSpeech(samples) else { return Transcript(words: [], duration: duration, engine: name) }
            return Transcript(words: try await remoteWords(samples, duration: duration), duration: duration, engine: name)
        }
    }

    private func remoteWords(_ samples: [Int16], duration: Double) async throws -> [RecognizedWord] {
        var form = MultipartForm()
        form.add(name: "model", value: model)
        form.add(name: "response_format", value: "verbose_json")
        form.add(name: "timestamp_granularities[]", value: "word")
        form.add(name: "timestamp_granularities[]", value: "segment")
        if let language { form.add(name: "language", value: language) }
        form.add(name: "file", filename: "speech.wav", contentType: "audio/wav", data: PCMConversion.wav(samples, sampleRate: 16_000))
        var request = URLRequest(url: endpoint, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
        if let apiKey { request.setValue("Bearer \(apiKey)", forHTTPHeaderField: "Authorization") }
        let data: Data, response: URLResponse
        do {
            (data, response) = try await URLSession.shared.upload(for: request, from: form.finished())
        } catch {
            throw SpeechError.remote("\(endpoint.host ?? "the service") could not be reached (\(error.localizedDescription))")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw SpeechError.remote("HTTP \(status): \(Self.errorMessage(data))")
        }
        do {
            return try VerboseTranscription.words(from: data)
        } catch {
            throw SpeechError.remote("the answer was not a verbose_json transcription")
        }
    }

    /// `{"error": {"message": …}}` (OpenAI), `{"error": "…"}` (whisper.cpp) or the first bytes of the body.
    static func errorMessage(_ data: Data) -> String {
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            if let error = object["error"] as? [String: Any], let message = error["message"] as? String { return message }
            if let message = object["error"] as? String { return message }
        }
        return String(decoding: data.prefix(200), as: UTF8.self)
    }
}

/// The `verbose_json` answer: words at the top level (OpenAI), inside segments (whisper.cpp,
/// faster-whisper), or only segments, whose words then share the segment's time evenly.
enum VerboseTranscription {
    struct Body: Decodable {
        var text: String?
        var words: [Word]?
        var segments: [Segment]?
    }

    struct Word: Decodable {
        var word: String
        var start: Double
        var end: Double
        var probability: Double?
    }

    struct Segment: Decodable {
        var text: String
        var start: Double
        var end: Double
        var avg_logprob: Double?
        var words: [Word]?
    }

    static func words(from data: Data) throws -> [RecognizedWord] {
        let body = try JSONDecoder().decode(Body.self, from: data)
        if let words = body.words, !words.isEmpty {
            return words.flatMap { recognized($0, fallbackConfidence: 1) }
        }
        let segments = body.segments ?? []
        return segments.flatMap { segment -> [RecognizedWord] in
            let confidence = segment.avg_logprob.map { min(1, max(0, exp($0))) } ?? 1
            if let words = segment.words, !words.isEmpty {
                return words.flatMap { recognized($0, fallbackConfidence: confidence) }
            }
            let tokens = normalizedTokens(segment.text)
            guard !tokens.isEmpty else { return [] }
            let step = max(0, segment.end - segment.start) / Double(tokens.count)
            return tokens.enumerated().map { index, token in
                RecognizedWord(word: token, start: segment.start + Double(index) * step,
                               end: segment.start + Double(index + 1) * step, confidence: confidence)
            }
        }
    }

    /// Whisper words carry punctuation and a leading space (" Hello,"); ours are lower-case words
    /// as pocketsphinx gives them, so fillers, keywords and WER treat both engines alike.
    private static func recognized(_ word: Word, fallbackConfidence: Double) -> [RecognizedWord] {
        normalizedTokens(word.word).map {
            RecognizedWord(word: $0, start: word.start, end: max(word.start, word.end),
                           confidence: min(1, max(0, word.probability ?? fallbackConfidence)))
        }
    }

    static func normalizedTokens(_ text: String) -> [String] {
        text.lowercased()
            .split(whereSeparator: { $0.isWhitespace })
            .map { $0.filter { $0.isLetter || $0.isNumber || $0 == "'" } }
            .filter { !$0.isEmpty }
    }
}

/// A `multipart/form-data` body.
struct MultipartForm {
    let boundary = "funzone-\(UUID().uuidString)"
    private(set) var body = Data()

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    mutating func add(name: String, value: String) {
        body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
    }

    mutating func add(name: String, filename: String, contentType: String, data: Data) {
        body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\nContent-Type: \(contentType)\r\n\r\n".utf8))
        body.append(data)
        body.append(Data("\r\n".utf8))
    }

    /// The closing boundary; call once, after the last part.
    func finished() -> Data { body + Data("--\(boundary)--\r\n".utf8) }
}
