import Foundation
import Hummingbird
import Speech
import Storage
import Study

/// Voice commands: a short recording heard against the commands of the screen the student is on,
/// in the profile's language, with their own subjects and material titles; and, for "aiuto", what
/// can be said there. Speech that is none of the commands comes back with no command.
struct MirrorBuddyVoice {
    let services: Services

    /// A command is short; the original stopped listening after 10 s.
    static let maximumSeconds: TimeInterval = 10

    func addRoutes(to kid: AccessGroup<Kid>) {
        kid.post("voice", use: hear)
        kid.get("voice/commands", use: commands)
    }

    struct Heard: Codable {
        let heard: String
        let command: VoiceCommand?
        let subjectId: String?
        let materialId: String?
        let language: StudyLanguage

        /// Written out as null when there is none: a client reads `command: null` as "not understood".
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(heard, forKey: .heard)
            try container.encode(command, forKey: .command)
            try container.encode(subjectId, forKey: .subjectId)
            try container.encode(materialId, forKey: .materialId)
            try container.encode(language, forKey: .language)
        }
    }

    @Sendable func hear(_ request: Request, caller: Kid) async throws -> Reply<Heard> {
        let grammar = try await grammar(request, caller: caller)
        guard !grammar.phrases.isEmpty else { throw SpeechError.engineUnavailable("its dictionary is not installed") }
        let samples = try await SpeechController.recording(request, context: caller.context, services: services,
                                                           in: caller.session.scope, maximumSeconds: Self.maximumSeconds)
        let language: GrammarLanguage = grammar.language == .it ? .italian : .english
        let transcript = try await services.speech.recognizer.transcribe(samples, mode: .grammar(grammar.jsgf, language: language))
        let meaning = grammar.meaning(of: transcript.text)
        return Reply(Heard(heard: meaning?.words ?? "", command: meaning?.command, subjectId: meaning?.subjectId,
                           materialId: meaning?.materialId, language: grammar.language))
    }

    struct Commands: Codable {
        struct Command: Codable { let command: VoiceCommand; let examples: [String] }
        let language: StudyLanguage
        let commands: [Command]
    }

    @Sendable func commands(_ request: Request, caller: Kid) async throws -> Reply<Commands> {
        let grammar = try await grammar(request, caller: caller)
        return Reply(Commands(language: grammar.language,
                              commands: grammar.examples().map { Commands.Command(command: $0.0, examples: $0.1) }))
    }

    /// The commands of `screen` (a query parameter) for this student.
    private func grammar(_ request: Request, caller: Kid) async throws -> VoiceGrammar {
        let raw = request.uri.queryParameters.get("screen") ?? "home"
        guard let screen = VoiceScreen(rawValue: raw) else {
            throw APIError.invalid("screen", "screen must be one of \(VoiceScreen.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        let (child, scope) = (caller.child.id, caller.session.scope)
        let language = try await MirrorBuddyController.settings(of: caller, services: services).language
        let subjects = try await services.mirrorBuddy.subjects(childId: child, in: scope)
        // Newest first; the newest of each subject too, for "apri ultimo materiale di storia".
        let materials = try await services.mirrorBuddy.materials(childId: child, in: scope)
        let recogniser: GrammarLanguage = language == .it ? .italian : .english
        return VoiceGrammar(language: language, screen: screen, subjects: subjects,
                            materials: materials.map { VoiceMaterial(id: $0.id, title: $0.title, subjectId: $0.subjectId) },
                            canSay: { GrammarVocabulary.canSay($0, language: recogniser) })
    }
}
