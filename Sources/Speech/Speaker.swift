import Audio
import Crypto
import Foundation
import Programs
import TextRules

/// Audio formats the speaker returns.
public enum SpeechAudioFormat: String, Codable, Sendable, CaseIterable {
    /// 16-bit PCM WAV.
    case wav
    /// Opus in Ogg (opus-tools), about a tenth of the WAV's size; every current browser plays it.
    case opus

    public var contentType: String { self == .wav ? "audio/wav" : "audio/ogg; codecs=opus" }
}

/// What to say and how.
public struct SpeechRequest: Equatable, Sendable {
    public var text: String
    public var voiceId: String
    /// 1 is the voice's normal speed; 0.5…2.
    public var rate: Double
    /// 1 is the voice's normal pitch; 0.5…2.
    public var pitch: Double
    public var format: SpeechAudioFormat

    public static let maximumLength = 600

    public init(text: String, voiceId: String, rate: Double = 1, pitch: Double = 1, format: SpeechAudioFormat = .wav) {
        self.text = text
        self.voiceId = voiceId
        self.rate = rate
        self.pitch = pitch
        self.format = format
    }

    /// Control characters removed, whitespace collapsed; empty, too long or out-of-range values are errors.
    public func validated() throws(SpeechError) -> SpeechRequest {
        let cleaned = TextRules.replacingControls(in: text, with: " ")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !cleaned.isEmpty else { throw .invalidText("Say something: the text is empty.") }
        guard TextRules.fits(cleaned, characters: Self.maximumLength) else { throw .invalidText("The text is longer than \(Self.maximumLength) characters.") }
        guard (0.5...2).contains(rate) else { throw .invalidText("rate must be between 0.5 and 2.") }
        guard (0.5...2).contains(pitch) else { throw .invalidText("pitch must be between 0.5 and 2.") }
        var request = self
        request.text = cleaned
        request.rate = (rate * 100).rounded() / 100
        request.pitch = (pitch * 100).rounded() / 100
        return request
    }

    /// The cache key (and ETag): engine, voice, rate, pitch, format and text.
    public var cacheKey: String {
        let digest = SHA256.hash(data: Data("\(voiceId)|\(rate)|\(pitch)|\(format.rawValue)|\(text)".utf8))
        return digest.map { String(format: "%02x", $0) }.joined()
    }
}

/// Text to speech.
public protocol SpeechSynthesizer: Sendable {
    func voices() async -> [Voice]
    func synthesize(_ request: SpeechRequest) async throws -> Data
    /// The audio when it is already made (no engine runs), otherwise nil.
    func cached(_ request: SpeechRequest) async -> Data?
}

extension SpeechSynthesizer {
    public func cached(_ request: SpeechRequest) async -> Data? { nil }
}

/// espeak-ng and flite through their command-line programs, with a disk cache.
public actor SpeechSpeaker: SpeechSynthesizer {
    let cache: SpeechCache?
    private var listed: [Voice]?

    public init(cache: SpeechCache?) { self.cache = cache }

    public func voices() async -> [Voice] {
        if let listed { return listed }
        var voices: [Voice] = []
        if let flite = try? await ProcessRunner.run("flite", ["-lv"]) { voices += VoiceCatalog.fliteVoices(String(decoding: flite, as: UTF8.self)) }
        for language in ["en", "it"] {
            if let espeak = try? await ProcessRunner.run("espeak-ng", ["--voices=\(language)"]) {
                voices += VoiceCatalog.espeakVoices(String(decoding: espeak, as: UTF8.self)).filter { voice in !voices.contains { $0.id == voice.id } }
            }
        }
        listed = voices
        return voices
    }

    public func synthesize(_ request: SpeechRequest) async throws -> Data {
        let request = try request.validated()
        guard let voice = await voices().first(where: { $0.id == request.voiceId }) else { throw SpeechError.unknownVoice(request.voiceId) }
        if let cached = await cached(request) { return cached }
        var audio = try await Self.wav(request, voice: voice)
        if request.format == .opus { audio = try await Self.opus(audio) }
        cache?.write(audio, key: request.cacheKey)
        return audio
    }

    public func cached(_ request: SpeechRequest) async -> Data? {
        guard let request = try? request.validated() else { return nil }
        return cache?.read(request.cacheKey)
    }

    static func wav(_ request: SpeechRequest, voice: Voice) async throws -> Data {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("say-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            switch voice.engine {
            case .flite:
                let base = voice.gender == .female ? 170.0 : 105.0
                _ = try await ProcessRunner.run("flite", ["-voice", voice.engineVoice,
                                                          "--setf", "duration_stretch=\(1 / request.rate)",
                                                          "--setf", "int_f0_target_mean=\(base * request.pitch)",
                                                          "-t", request.text, "-o", file.path])
            case .espeakNG:
                // The text goes in on standard input, so nothing in it can be read as an option.
                _ = try await ProcessRunner.run("espeak-ng", ["-v", voice.engineVoice, "-s", "\(Int(165 * request.rate))",
                                                              "-p", "\(Int(min(99, 50 * request.pitch)))", "-w", file.path, "--stdin"],
                                                input: Data(request.text.utf8))
            }
        } catch let failure as ProcessRunner.Failure {
            throw SpeechError.synthesisFailed(failure.message)
        }
        guard let data = FileManager.default.contents(atPath: file.path), (try? WAVFile.parse(data)) != nil else {
            throw SpeechError.synthesisFailed("\(voice.engine.rawValue) wrote no audio")
        }
        return data
    }

    static func opus(_ wav: Data) async throws -> Data { try await OpusAudio.encode(wav: wav, timeout: 30) }
}
