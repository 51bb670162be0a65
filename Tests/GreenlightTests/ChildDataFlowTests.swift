import Foundation
import Testing

@testable import Greenlight

/// A kids app that speaks praise through ElevenLabs, the way sproutling does: the child's name goes
/// into a queued text, the queue's worker sends the text to the API from another file.
let ttsService = """
    import Foundation

    actor VoiceService {
        static let shared = VoiceService()
        private let baseURL = "https://api.elevenlabs.io/v1"

        func generateSpeech(text: String, voice: String = "bella") async throws -> Data {
            var request = URLRequest(url: URL(string: "\\(baseURL)/text-to-speech/\\(voice)")!)
            request.httpMethod = "POST"
            let body: [String: Any] = [
                "text": text,
                "model_id": "eleven_flash_v2_5"
            ]
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
            let (data, _) = try await URLSession.shared.data(for: request)
            return data
        }
    }
    """

let speaker = """
    import AVFoundation

    @MainActor
    final class Speaker {
        private struct Utterance {
            let text: String
        }
        private var queue: [Utterance] = []
        private let synthesizer = AVSpeechSynthesizer()

        func say(_ text: String) {
            queue.append(Utterance(text: text))
            Task { await next() }
        }

        private func next() async {
            guard !queue.isEmpty else { return }
            await play(queue.removeFirst())
        }

        private func play(_ utterance: Utterance) async {
            _ = try? await VoiceService.shared.generateSpeech(text: utterance.text)
        }

        func cheer(childName: String) {
            let line = "Great job, \\(childName)!"
            say(line)
        }

        func instruct() {
            say("Tap the red circle")
        }

        func greetOnDevice(childName: String) {
            synthesizer.speak(AVSpeechUtterance(string: "Hello \\(childName)"))
        }
    }
    """

@Suite("kids-data-to-third-party (guideline 5.1.4)")
struct ChildDataFlowTests {
    func scan(_ files: [String: String], kids: Bool = true) throws -> [Finding] {
        var configuration = GreenlightConfiguration()
        configuration.kidsCategory = kids
        return try withProject(files) { try ProjectScan(configuration: configuration, scanners: [.code]).run(root: $0).findings }
            .filter { $0.ruleId == "kids-data-to-third-party" }
    }

    @Test("a child's name queued for ElevenLabs in another file is followed to the request")
    func swiftAcrossFiles() throws {
        let found = try scan(["App/VoiceService.swift": ttsService, "App/Speaker.swift": speaker])
        #expect(found.count == 1)
        #expect(found.first?.severity == .critical)
        #expect(found.first?.file == "App/Speaker.swift")
        #expect(found.first?.line == 26)  // let line = "Great job, \(childName)!"
        #expect(found.first?.title == "A child's name is sent to ElevenLabs text-to-speech")
        #expect(found.first?.detail.contains("api.elevenlabs.io") == true)
    }

    @Test("a caller passing the profile's name is one more place of the same finding")
    func callersAreListed() throws {
        let screen = "struct Praise {\n    func show(appState: AppState) {\n        Speaker().cheer(childName: appState.currentProfile?.name ?? \"friend\")\n    }\n}\n"
        let found = try scan(["App/VoiceService.swift": ttsService, "App/Speaker.swift": speaker, "App/Praise.swift": screen])
        #expect(found.map(\.file) == ["App/Praise.swift"])
        #expect(found.first?.line == 3)
        #expect(found.first?.detail.contains("Also at 1 other place: Speaker.swift:26") == true)
    }

    @Test("fetch with a student's name and age in an OpenAI prompt")
    func javaScript() throws {
        let tutor = """
            const OPENAI_URL = 'https://api.openai.com/v1/chat/completions';

            export async function askTutor(question, student) {
              const prompt = `You are helping ${student.name}, age ${student.age}: ${question}`;
              const res = await fetch(OPENAI_URL, { method: 'POST', body: JSON.stringify({ messages: [{ role: 'user', content: prompt }] }) });
              return res.json();
            }
            """
        let found = try scan(["src/tutor.js": tutor])
        #expect(found.map(\.line) == [4])
        #expect(found.first?.title == "A child's name is sent to OpenAI")
    }

    @Test("near misses: the developer's own server, no child data in the request, the name spoken on the device, no kids app")
    func nearMisses() throws {
        let ownServer = ttsService.replacingOccurrences(of: "https://api.elevenlabs.io/v1", with: "https://api.sproutling.app/v1")
        #expect(try scan(["App/VoiceService.swift": ownServer, "App/Speaker.swift": speaker]) == [])
        let withoutName = speaker.replacingOccurrences(of: "let line = \"Great job, \\(childName)!\"", with: "let line = \"Great job!\"")
        #expect(try scan(["App/VoiceService.swift": ttsService, "App/Speaker.swift": withoutName]) == [])
        #expect(try scan(["App/VoiceService.swift": ttsService, "App/Speaker.swift": speaker], kids: false) == [])
        let student = "const URL = 'https://api.openai.com/v1/chat/completions';\nexport function label(student) {\n  return `Hi ${student.name}`;\n}\nexport async function ask(q) {\n  return fetch(URL, { method: 'POST', body: JSON.stringify({ q }) });\n}\n"
        #expect(try scan(["src/tutor.js": student]) == [])
    }

    @Test("functions are read from their headers, not from a call followed by a block")
    func functionHeaders() {
        func names(_ source: String, _ language: SourceLanguage) -> [String] {
            SourceFunctions.functions(in: CodeText(SourceLexer(language: language).lex(source)), language: language).map(\.name)
        }
        #expect(names("log(kid.name)\nif (ready) {\n  send()\n}\nconst speak = async (text) => {\n  await say(text)\n}\n", .javascript) == ["speak"])
        #expect(names("func load<T>(_ id: T) async throws -> [String: Any] where T: Hashable {\n  [:]\n}\nvar body: some View {\n  Text(\"Hi\")\n}\n", .swift)
                == ["load", "body"])
    }

    @Test("without --kids, an app that tells its ad SDK it is child-directed gets the finding as HIGH")
    func kidsHint() throws {
        let ads = "import GoogleMobileAds\nfunc configureAds() {\n    GADMobileAds.sharedInstance().requestConfiguration.tagForChildDirectedTreatment = true\n}\n"
        let found = try scan(["App/VoiceService.swift": ttsService, "App/Speaker.swift": speaker, "App/Ads.swift": ads], kids: false)
        #expect(found.map(\.severity) == [.high])
    }
}
