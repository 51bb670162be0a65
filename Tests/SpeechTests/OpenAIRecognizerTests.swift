import Audio
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import Speech

/// A small server that speaks OpenAI's `/v1/audio/transcriptions` format the way Whisper does
/// (capitalised words with punctuation and a leading space, `verbose_json` with word times); it
/// really recognises the uploaded WAV with pocketsphinx, so the test proves the audio arrived intact.
enum TranscriptionServer {
    struct Seen: Sendable {
        var fields: [String: [String]] = [:]
        var fileContentType: String?
        var authorization: String?
    }

    static func application(seen: SeenBox) -> some ApplicationProtocol {
        let router = Router()
        router.post("/v1/audio/transcriptions") { request, _ -> Response in
            let authorization = request.headers[.authorization]
            guard authorization == "Bearer sk-test" else {
                return json(#"{"error":{"message":"Incorrect API key provided: sk-****","type":"invalid_request_error"}}"#, status: .unauthorized)
            }
            let contentType = request.headers[.contentType] ?? ""
            guard let boundary = contentType.components(separatedBy: "boundary=").last, contentType.hasPrefix("multipart/form-data") else {
                return json(#"{"error":"expected multipart/form-data"}"#, status: .badRequest)
            }
            let body = try await request.body.collect(upTo: 20 * 1024 * 1024)
            let parts = Multipart.parse(Data(buffer: body), boundary: boundary)
            var record = Seen(authorization: authorization)
            var audio: Data?
            for part in parts {
                if part.name == "file" {
                    audio = part.data
                    record.fileContentType = part.contentType
                } else {
                    record.fields[part.name, default: []].append(String(decoding: part.data, as: UTF8.self))
                }
            }
            await seen.set(record)
            guard record.fields["model"] == ["whisper-1"] else {
                return json(#"{"error":{"message":"The model does not exist"}}"#, status: .notFound)
            }
            guard let audio, let info = try? WAVFile.parse(audio) else { return json(#"{"error":"no audio"}"#, status: .badRequest) }
            let transcript = try await sharedRecognizer.transcribe(PCMConversion.speechSamples(audio, info: info), mode: .freeSpeech)
            let words: [[String: Any]] = transcript.words.enumerated().map { index, word in
                let spelled = index == 0 ? word.word.capitalized : word.word
                return ["word": " " + spelled + (index == transcript.words.count - 1 ? "." : ""), "start": word.start, "end": word.end]
            }
            let answer: [String: Any] = ["task": "transcribe", "language": "english", "duration": transcript.duration,
                                         "text": " " + transcript.text.capitalized + ".", "words": words]
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: .init(byteBuffer: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: answer))))
        }
        router.post("/broken/v1/audio/transcriptions") { _, _ in json("<html>gateway timeout</html>", status: .ok) }
        return Application(router: router)
    }

    static func json(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

actor SeenBox {
    var value = TranscriptionServer.Seen()
    func set(_ seen: TranscriptionServer.Seen) { value = seen }
}

/// Just enough multipart/form-data parsing for the test server.
enum Multipart {
    struct Part { var name: String; var contentType: String?; var data: Data }

    static func parse(_ body: Data, boundary: String) -> [Part] {
        let delimiter = Data("--\(boundary)".utf8)
        var parts: [Part] = []
        var cursor = body.startIndex
        while let range = body.range(of: delimiter, in: cursor..<body.endIndex) {
            defer { cursor = range.upperBound }
            guard let next = body.range(of: delimiter, in: range.upperBound..<body.endIndex) else { break }
            let chunk = body[range.upperBound..<next.lowerBound]
            guard let split = chunk.range(of: Data("\r\n\r\n".utf8)) else { continue }
            let headers = String(decoding: chunk[chunk.startIndex..<split.lowerBound], as: UTF8.self)
            var data = Data(chunk[split.upperBound...])
            if data.suffix(2) == Data("\r\n".utf8) { data.removeLast(2) }
            let name = headers.components(separatedBy: "name=\"").dropFirst().first?.components(separatedBy: "\"").first ?? ""
            let type = headers.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("content-type:") }
                .map { String($0.dropFirst("content-type:".count)).trimmingCharacters(in: .whitespaces) }
            parts.append(Part(name: name, contentType: type, data: data))
        }
        return parts
    }
}

@Suite("OpenAI-compatible recogniser against a local transcription server", .serialized)
struct OpenAIRecognizerTests {
    func withServer(_ body: @Sendable (URL, SeenBox) async throws -> Void) async throws {
        let seen = SeenBox()
        try await TranscriptionServer.application(seen: seen).test(.live) { client in
            let port = try #require(client.port)
            try await body(URL(string: "http://127.0.0.1:\(port)")!, seen)
        }
    }

    @Test("free speech: the audio reaches the service as a WAV file with the model, and its words come back normalised with times")
    func freeSpeech() async throws {
        try await withServer { url, seen in
            let recognizer = OpenAITranscriptionRecognizer(baseURL: url, apiKey: "sk-test")
            let transcript = try await recognizer.transcribe(try fliteSamples("hello world this is a test"), mode: .freeSpeech)
            #expect(transcript.text == "hello world this is a test")
            #expect(transcript.engine == "openai:whisper-1")
            #expect(transcript.words.allSatisfy { $0.start < $0.end && $0.confidence == 1 })
            #expect(transcript.utterances.count == 1)
            let record = await seen.value
            #expect(record.fields["response_format"] == ["verbose_json"])
            #expect(record.fields["timestamp_granularities[]"] == ["word", "segment"])
            #expect(record.fields["language"] == ["en"])
            #expect(record.fileContentType == "audio/wav")
        }
    }

    @Test("keywords are found in the service's transcript")
    func keywords() async throws {
        try await withServer { url, _ in
            let recognizer = OpenAITranscriptionRecognizer(baseURL: url, apiKey: "sk-test")
            let transcript = try await recognizer.transcribe(try fliteSamples("please open the door for me"), mode: .keywords(["open the door"]))
            #expect(transcript.text == "open the door")
        }
    }

    @Test("grammars go to the local engine; without one they are a clear error")
    func grammarsStayLocal() async throws {
        let local = ScriptedRecognizer(script: ["yes"])
        let remote = OpenAITranscriptionRecognizer(baseURL: URL(string: "http://127.0.0.1:9")!, constrained: local)
        let grammar = "#JSGF V1.0;\ngrammar g;\npublic <g> = yes | no;\n"
        #expect(try await remote.transcribe([1, 2, 3], mode: .grammar(grammar)).text == "yes")
        #expect(await local.requests == [.grammar(grammar)])
        let alone = OpenAITranscriptionRecognizer(baseURL: URL(string: "http://127.0.0.1:9")!)
        await #expect(throws: SpeechError.invalidGrammar("the configured recogniser (openai:whisper-1) does not support grammars")) {
            try await alone.transcribe([1, 2, 3], mode: .grammar(grammar))
        }
    }

    @Test("a refused key, an unknown model, an unreachable service and a non-JSON answer are remote errors")
    func failures() async throws {
        let speech = try fliteSamples("hello world")
        try await withServer { url, _ in
            let cases: [(OpenAITranscriptionRecognizer, String)] = [
                (OpenAITranscriptionRecognizer(baseURL: url, apiKey: "wrong"), "HTTP 401: Incorrect API key provided: sk-****"),
                (OpenAITranscriptionRecognizer(baseURL: url, model: "nope", apiKey: "sk-test"), "HTTP 404: The model does not exist"),
                (OpenAITranscriptionRecognizer(baseURL: url.appendingPathComponent("broken"), apiKey: "sk-test"),
                 "the answer was not a verbose_json transcription"),
            ]
            for (recognizer, message) in cases {
                await #expect(throws: SpeechError.remote(message)) { try await recognizer.transcribe(speech, mode: .freeSpeech) }
            }
        }
        let closed = OpenAITranscriptionRecognizer(baseURL: URL(string: "http://127.0.0.1:9")!, timeout: 5)
        await #expect {
            try await closed.transcribe(speech, mode: .freeSpeech)
        } throws: { error in
            guard case SpeechError.remote(let why) = error else { return false }
            return why.contains("could not be reached")
        }
    }

    @Test("silence never leaves the machine")
    func silence() async throws {
        let recognizer = OpenAITranscriptionRecognizer(baseURL: URL(string: "http://127.0.0.1:9")!)
        #expect(try await recognizer.transcribe([Int16](repeating: 0, count: 16_000), mode: .freeSpeech).words.isEmpty)
    }

    @Test("the endpoint path is added once")
    func endpoint() {
        #expect(OpenAITranscriptionRecognizer(baseURL: URL(string: "http://h:1")!).endpoint.absoluteString == "http://h:1/v1/audio/transcriptions")
        #expect(OpenAITranscriptionRecognizer(baseURL: URL(string: "http://h:1/v1/audio/transcriptions")!).endpoint.absoluteString
            == "http://h:1/v1/audio/transcriptions")
    }
}

@Suite("verbose_json answers of the different servers")
struct VerboseTranscriptionTests {
    @Test("whisper.cpp and faster-whisper: words inside segments with probabilities")
    func segmentWords() throws {
        let json = #"{"text":"Hi, Bo!","segments":[{"text":" Hi, Bo!","start":0.0,"end":1.0,"avg_logprob":-0.2,"words":[{"word":" Hi,","start":0.1,"end":0.4,"probability":0.9},{"word":" Bo!","start":0.5,"end":0.9}]}]}"#
        let words = try VerboseTranscription.words(from: Data(json.utf8))
        #expect(words.map(\.word) == ["hi", "bo"])
        #expect(words[0].confidence == 0.9)
        #expect(abs(words[1].confidence - exp(-0.2)) < 1e-9)
    }

    @Test("segments only: their words share the segment's time evenly")
    func segmentsOnly() throws {
        let json = #"{"segments":[{"text":" I can't go.","start":2.0,"end":3.5}]}"#
        let words = try VerboseTranscription.words(from: Data(json.utf8))
        #expect(words.map(\.word) == ["i", "can't", "go"])
        #expect(words.map(\.start) == [2.0, 2.5, 3.0])
        #expect(words.last?.end == 3.5)
    }

    @Test("an empty answer is no words; a wrong shape is an error")
    func shapes() throws {
        #expect(try VerboseTranscription.words(from: Data(#"{"text":""}"#.utf8)).isEmpty)
        #expect(throws: (any Error).self) { try VerboseTranscription.words(from: Data(#"{"words":[{"word":1}]}"#.utf8)) }
    }
}

@Suite("scripted test implementations")
struct ScriptedSpeechTests {
    @Test("the scripted recogniser answers its script in order and records each mode")
    func recognizer() async throws {
        let recognizer = ScriptedRecognizer(script: ["c a t", "hello there"])
        #expect(try await recognizer.transcribe([], mode: .freeSpeech).text == "c a t")
        #expect(try await recognizer.transcribe([], mode: .keywords(["there"])).text == "there")
        #expect(try await recognizer.transcribe([], mode: .freeSpeech).text == "")
        #expect(await recognizer.requests.count == 3)
    }

    @Test("the scripted speaker returns a valid WAV, longer for longer text, and checks voices")
    func speaker() async throws {
        let speaker = ScriptedSpeaker()
        let short = try WAVFile.parse(try await speaker.synthesize(SpeechRequest(text: "hi", voiceId: "flite:slt")))
        let long = try WAVFile.parse(try await speaker.synthesize(SpeechRequest(text: "hello there friend", voiceId: "flite:slt")))
        #expect(short.sampleRate == 16_000 && long.duration > short.duration)
        await #expect(throws: SpeechError.unknownVoice("flite:nobody")) {
            try await speaker.synthesize(SpeechRequest(text: "hi", voiceId: "flite:nobody"))
        }
        #expect(await speaker.requests.map(\.text) == ["hi", "hello there friend"])
    }
}
