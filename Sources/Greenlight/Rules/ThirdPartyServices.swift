import Foundation

/// Web APIs run by third parties that apps call directly (speech, AI, analytics), and the names
/// under which a kids app keeps a child's personal data: the data of `kids-data-to-third-party`.
/// A host not listed here may be the developer's own server, so it is never judged.
enum ThirdPartyServices {
    struct Service: @unchecked Sendable {  // NSRegularExpression is immutable and thread-safe
        let name: String
        /// Matches a string literal that holds one of the service's hosts (with or without a scheme).
        let host: NSRegularExpression
        /// Its domains, lower-cased: a file that names the service holds one (the prefilter).
        let keywords: [[UInt8]]
    }

    static func service(_ name: String, _ domains: [String]) -> Service {
        let alternatives = domains.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|")
        let pattern = #"(?i)(?:^|://|@|\}\.)((?:[a-z0-9-]+\.)*(?:"# + alternatives + #"))(?=[:/?#"'\s]|$)"#
        return Service(name: name, host: try! NSRegularExpression(pattern: pattern), keywords: domains.map(ByteSearch.lowered))
    }

    static let all: [Service] = [
        service("ElevenLabs text-to-speech", ["elevenlabs.io"]),
        service("OpenAI", ["api.openai.com", "openai.azure.com"]),
        service("Anthropic", ["api.anthropic.com"]),
        service("Google Cloud speech and AI", ["texttospeech.googleapis.com", "speech.googleapis.com", "generativelanguage.googleapis.com",
                                               "vision.googleapis.com", "translation.googleapis.com", "language.googleapis.com",
                                               "aiplatform.googleapis.com"]),
        service("Amazon Polly, Transcribe or Rekognition", ["amazonaws.com"]),
        service("Microsoft Azure speech and AI", ["tts.speech.microsoft.com", "stt.speech.microsoft.com", "cognitiveservices.azure.com"]),
        service("Deepgram", ["api.deepgram.com"]),
        service("AssemblyAI", ["api.assemblyai.com"]),
        service("PlayHT", ["api.play.ht"]),
        service("Cartesia", ["api.cartesia.ai"]),
        service("Replicate", ["api.replicate.com"]),
        service("Hugging Face", ["api-inference.huggingface.co", "router.huggingface.co"]),
        service("Mistral", ["api.mistral.ai"]),
        service("Groq", ["api.groq.com"]),
        service("Cohere", ["api.cohere.ai", "api.cohere.com"]),
        service("Perplexity", ["api.perplexity.ai"]),
        service("OpenRouter", ["openrouter.ai"]),
        service("Mixpanel", ["api.mixpanel.com", "api-eu.mixpanel.com"]),
        service("Amplitude", ["api2.amplitude.com", "api.amplitude.com", "api.eu.amplitude.com"]),
        service("Segment", ["api.segment.io"]),
        service("Google Analytics", ["google-analytics.com", "app-measurement.com"]),
    ]

    /// The service and host a string literal names, if it names a listed one. Amazon's hosts count
    /// only for its speech and vision services (`polly.eu-west-1.amazonaws.com`), not S3.
    static func service(in literal: String) -> (service: Service, host: String)? {
        guard ByteSearch.containsAny(ByteSearch.lowered(literal), keywords) else { return nil }
        let range = NSRange(literal.startIndex..., in: literal)
        for service in all {
            guard let match = service.host.firstMatch(in: literal, range: range), let hostRange = Range(match.range(at: 1), in: literal) else { continue }
            let host = String(literal[hostRange]).lowercased()
            if host.hasSuffix("amazonaws.com"), !["polly.", "transcribe.", "rekognition."].contains(where: host.hasPrefix) { continue }
            return (service, host)
        }
        return nil
    }

    /// Every keyword of every service: a project holding none of them sends nothing to a listed service.
    static let keywords: [[UInt8]] = all.flatMap(\.keywords)

    /// A child's personal data by name: `childName`, `kid_age`, `studentPhoto`…, or a name, age,
    /// birthday, photo or voice of a child or a (child's) profile: `child.name`, `appState.currentProfile?.name`.
    static let childData = try! NSRegularExpression(pattern:
        #"(?:^|\.)(?:child|kid|student|learner|pupil|toddler|baby)s?_?(?:name|first_?name|last_?name|full_?name|nick_?name|age|birthday|birth_?date|date_?of_?birth|dob|photo|picture|avatar|image|voice|recording|email|address|school|location)$"#
            + #"|(?:^|\.)(?:(?:current|selected|active)_?)?(?:child|kid|student|learner|pupil|toddler|baby|profile|child_?profile|kid_?profile)\.(?:name|first_?name|last_?name|full_?name|nick_?name|age|birthday|birth_?date|date_?of_?birth|photo|avatar|picture|voice|recording|email)$"#,
        options: [.caseInsensitive])

    /// Whether a dotted name (optional chaining removed) is a child's personal data.
    static func isChildData(_ chain: String) -> Bool {
        chain.utf8.count >= 3 && childData.matches(chain)
    }
}
