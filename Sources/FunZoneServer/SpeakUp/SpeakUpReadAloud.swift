import Foundation
import Hummingbird
import Speech
import SpeechCoach
import Storage

/// Read-aloud: a passage read to the microphone, live on WS /api/speakup/live?passage=… (the counts
/// say how far into the passage the reader has come, so the page lights the words up) or, when the
/// stream broke, uploaded whole to POST /api/speakup/read-aloud/:passageId. The server hears the
/// reading, `ReadAloud.judge` marks every word read, misread or skipped, and the result is kept in
/// the practice log; the audio is not kept.
struct SpeakUpReadAloud {
    let services: Services

    /// A reading may last a second and a half a word and half a minute more.
    static func maximumSamples(_ passage: ReadAloudPassage) -> Int {
        Int((Double(passage.words.count) * 1.5 + 30) * 16_000)
    }

    func addRoutes(to kid: AccessGroup<Kid>) {
        kid.post("read-aloud/:passageId", use: upload)
    }

    static func passage(id: String) throws -> ReadAloudPassage {
        guard let passage = ReadAloud.passage(id: id) else { throw APIError.invalid("passage", "There is no passage \"\(id.prefix(40))\".") }
        return passage
    }

    /// A reading sent whole (a WAV of at most the passage's length).
    @Sendable func upload(_ request: Request, caller: Kid) async throws -> Reply<SpeakUpPracticeController.Item> {
        let passage = try Self.passage(id: try caller.context.parameters.require("passageId"))
        let (samples, features) = try await SpeakUpController.heard(request, caller: caller, services: services,
            maximumSamples: Self.maximumSamples(passage),
            tooLong: "This recording is far longer than reading “\(passage.title)” takes, so it was not judged.")
        return Reply(try await judge(passage, samples: samples, features: features, caller: caller), status: .created)
    }

    /// The reading judged against its passage and kept in the practice log. The recording is heard
    /// a second time with the passage's words (`ReadAloud.grammar`); a recogniser without grammars,
    /// or a second hearing that explains too little of the sound, leaves the first hearing's words.
    func judge(_ passage: ReadAloudPassage, samples: [Int16], features: TakeFeatures, caller: Kid) async throws -> SpeakUpPracticeController.Item {
        let grammar = ReadAloud.grammar(passage, heard: features.words.map(\.text))
        let focused = try await SpeechServices.orNil { try await services.speech.recognizer.transcribe(samples, mode: .grammar(grammar)) }?.words
            .map { TimedWord(text: $0.word, start: $0.start, end: $0.end, confidence: $0.confidence) } ?? []
        let result = ReadAloud.judge(passage, heard: focused.isEmpty ? features.words : focused, duration: features.duration)
        let practice = SpeakUpPractice(id: services.ids.next(), kind: .readAloud, itemId: passage.id, createdAt: services.clock.now(),
                                       seconds: (features.duration * 10).rounded() / 10, reading: result)
        try await services.speakUp.addPractice(practice, childId: caller.child.id, in: caller.session.scope)
        return SpeakUpPracticeController.Item(practice)
    }
}
