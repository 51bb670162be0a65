import Audio
import Foundation
import HTTPTypes
import Hummingbird
import Hub
import NIOCore
import Speech
import Storage

/// Speech for every app: the voices, text to speech (cached, with an ETag) and recognition of an
/// uploaded WAV. Any signed-in device of the family may use it; each family has a rate limit.
struct SpeechController {
    let services: Services

    /// 60 s of 48 kHz stereo 16-bit WAV is 11.5 MB.
    static let uploadLimit = 12 * 1024 * 1024
    static let maximumSeconds: TimeInterval = 60
    static let perFamily = RateLimit(limit: 120, window: 60)
    static let wavTypes: Set<String> = ["audio/wav", "audio/x-wav", "audio/wave", "audio/vnd.wave"]

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        let signedIn = api.signedIn()
        signedIn.get("speech/voices", use: voices)
        signedIn.get("speech/say", use: say)
        signedIn.post("speech/transcribe", use: transcribe)
        signedIn.post("speech/spelling", use: spelling)
        signedIn.get("speech/timings", use: SpeechTimings(services: services).timings)
    }

    struct VoicesResponse: Codable {
        let voices: [Voice]
        let formats: [String]
    }

    @Sendable func voices(_ request: Request, caller: SignedIn) async throws -> Reply<VoicesResponse> {
        return Reply(VoicesResponse(voices: await services.speech.speaker.voices(), formats: SpeechAudioFormat.allCases.map(\.rawValue)))
    }

    /// The speech a request asks for: `text`, `voice`, `rate`, `pitch` and `format` from the query.
    static func speechRequest(_ request: Request, format forced: SpeechAudioFormat? = nil) throws -> SpeechRequest {
        let query = request.uri.queryParameters
        func number(_ name: String) throws -> Double {
            guard let raw = query.get(name) else { return 1 }
            guard let value = Double(raw) else { throw APIError.invalid(name, "\(name) must be a number.") }
            return value
        }
        guard let format = forced ?? SpeechAudioFormat(rawValue: query.get("format") ?? "wav") else {
            throw APIError.invalid("format", "format must be wav or opus.")
        }
        return try SpeechRequest(text: query.get("text") ?? "", voiceId: query.get("voice") ?? SpeechServices.defaultVoice,
                                 rate: number("rate"), pitch: number("pitch"), format: format).validated()
    }

    /// The audio of `speech`: made once, then from the cache; only making it counts against the
    /// family's limit (`made` says whether this call did).
    static func audio(_ speech: SpeechRequest, services: Services, in scope: FamilyScope) async throws -> (data: Data, made: Bool) {
        if let cached = await services.speech.speaker.cached(speech) { return (cached, false) }
        try await services.countAttempt("speech:\(scope.familyId)", limit: perFamily)
        return (try await services.speech.speaker.synthesize(speech), true)
    }

    @Sendable func say(_ request: Request, caller: SignedIn) async throws -> Response {
        let speech = try Self.speechRequest(request)
        let format = speech.format
        let etag = "\"\(speech.cacheKey)\""
        if request.headers[.ifNoneMatch] == etag {
            return Response(status: .notModified, headers: [.eTag: etag, .cacheControl: "private, max-age=86400"])
        }
        // Only work for an engine counts against the family's limit: audio already made is free.
        let audio = try await Self.audio(speech, services: services, in: caller.session.scope).data
        return Response(status: .ok, headers: [.contentType: format.contentType, .eTag: etag, .cacheControl: "private, max-age=86400"],
                        body: .init(byteBuffer: ByteBuffer(bytes: audio)))
    }

    @Sendable func transcribe(_ request: Request, caller: SignedIn) async throws -> Reply<Transcript> {
        let session = caller.session
        let mode = try Self.mode(request)
        let samples = try await Self.recording(request, context: caller.context, services: services, in: session.scope)
        let transcript = try await services.speech.recognizer.transcribe(samples, mode: mode)
        return Reply(transcript)
    }

    /// A spelled-aloud word ("C… A… T…", letters with pauses) judged against `expected`.
    @Sendable func spelling(_ request: Request, caller: SignedIn) async throws -> Reply<SpelledWord> {
        let session = caller.session
        let expected = (request.uri.queryParameters.get("expected") ?? "").lowercased()
        guard SpellingJudge.isSpellable(expected) else {
            throw APIError.invalid("expected", "expected must be a word of 1 to 40 letters a–z.")
        }
        let samples = try await Self.recording(request, context: caller.context, services: services, in: session.scope)
        return Reply(try await services.speech.speller.spelling(samples, expected: expected))
    }

    /// The uploaded WAV as 16 kHz mono samples: content type, size and duration checked, the
    /// family's rate limit counted.
    static func recording(_ request: Request, context: AppRequestContext, services: Services, in scope: FamilyScope,
                          maximumSeconds: TimeInterval = maximumSeconds) async throws -> [Int16] {
        let contentType = request.headers[.contentType]?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let contentType, wavTypes.contains(contentType) else {
            throw APIError(.unsupportedAudio)
        }
        // A shorter recording gets a smaller body: 48 kHz stereo 16-bit is 192,000 bytes a second.
        let limit = maximumSeconds < Self.maximumSeconds ? min(uploadLimit, Int(maximumSeconds * 192_000) + 65_536) : uploadLimit
        let buffer = try await request.collectBody(upTo: limit)
        let data = Data(buffer: buffer)
        let info = try WAVFile.validate(data, maximumDuration: maximumSeconds)
        try await services.countAttempt("speech:\(scope.familyId)", limit: perFamily)
        return PCMConversion.speechSamples(data, info: info)
    }

    /// `mode=free` (default; `fillers=true` adds filled pauses and discourse markers),
    /// `mode=grammar&grammar=<JSGF>[&language=en|it]`, `mode=keywords&keywords=a,b`.
    static func mode(_ request: Request) throws -> RecognitionMode {
        let query = request.uri.queryParameters
        let fillers: Bool
        switch query.get("fillers") ?? "false" {
        case "true", "1": fillers = true
        case "false", "0": fillers = false
        default: throw APIError.invalid("fillers", "fillers must be true or false.")
        }
        if fillers && (query.get("mode") ?? "free") != "free" { throw APIError.invalid("fillers", "fillers=true needs mode=free.") }
        guard let language = GrammarLanguage(rawValue: query.get("language") ?? "en") else {
            throw APIError.invalid("language", "language must be en or it.")
        }
        if language != .english && query.get("mode") != "grammar" {
            throw APIError.invalid("language", "Italian is heard through a grammar only: use mode=grammar.")
        }
        switch query.get("mode") ?? "free" {
        case "free": return fillers ? .freeSpeechWithFillers : .freeSpeech
        case "grammar":
            guard let grammar = query.get("grammar"), !grammar.isEmpty else { throw APIError.invalid("grammar", "mode=grammar needs a JSGF grammar.") }
            guard grammar.utf8.count <= 16 * 1024 else { throw APIError.invalid("grammar", "The grammar is longer than 16 KB.") }
            return .grammar(grammar, language: language)
        case "keywords":
            let phrases = (query.get("keywords") ?? "").split(separator: ",").map(String.init)
            return .keywords(try KeywordSpotter.validated(phrases))
        default:
            throw APIError.invalid("mode", "mode must be free, grammar or keywords.")
        }
    }
}
