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
        /// The day of addTask said with one.
        let day: VoiceDay?
        /// The map node of a map command said with its label ("espandi fotosintesi"); null: the one in focus.
        let nodeId: String?
        let language: StudyLanguage

        /// Written out as null when there is none: a client reads `command: null` as "not understood".
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(heard, forKey: .heard)
            try container.encode(command, forKey: .command)
            try container.encode(subjectId, forKey: .subjectId)
            try container.encode(materialId, forKey: .materialId)
            try container.encode(day, forKey: .day)
            try container.encode(nodeId, forKey: .nodeId)
            try container.encode(language, forKey: .language)
        }
    }

    @Sendable func hear(_ request: Request, caller: Kid) async throws -> Reply<Heard> {
        let screen = try Self.screen(request)
        // The recording is checked and counted against the family's speech limit before any other work.
        let samples = try await SpeechController.recording(request, context: caller.context, services: services,
                                                           in: caller.session.scope, maximumSeconds: Self.maximumSeconds)
        var grammar = try await grammar(screen, caller: caller, mapId: request.uri.queryParameters.get("mapId"))
        guard !grammar.phrases.isEmpty else { throw SpeechError.engineUnavailable("its dictionary is not installed") }
        let language: GrammarLanguage = grammar.language == .it ? .italian : .english
        let transcript: Transcript
        do {
            transcript = try await services.speech.recognizer.transcribe(samples, mode: .grammar(grammar.jsgf, language: language))
        } catch SpeechError.invalidGrammar(let why) {
            // A name of the student's the recogniser would not take must not cost them every command.
            services.log.warning("a voice grammar with the student's names was refused; heard without them", metadata: ["why": "\(why)"])
            grammar = try await self.grammar(screen, caller: caller, withNames: false)
            transcript = try await services.speech.recognizer.transcribe(samples, mode: .grammar(grammar.jsgf, language: language))
        }
        let meaning = grammar.meaning(of: transcript.text)
        return Reply(Heard(heard: meaning?.words ?? "", command: meaning?.command, subjectId: meaning?.subjectId,
                           materialId: meaning?.materialId, day: meaning?.day, nodeId: meaning?.nodeId, language: grammar.language))
    }

    struct Commands: Codable {
        struct Command: Codable { let command: VoiceCommand; let examples: [String] }
        let language: StudyLanguage
        let commands: [Command]
    }

    @Sendable func commands(_ request: Request, caller: Kid) async throws -> Reply<Commands> {
        let grammar = try await grammar(try Self.screen(request), caller: caller, mapId: request.uri.queryParameters.get("mapId"))
        return Reply(Commands(language: grammar.language,
                              commands: grammar.examples().map { Commands.Command(command: $0.0, examples: $0.1) }))
    }

    static func screen(_ request: Request) throws -> VoiceScreen {
        let raw = request.uri.queryParameters.get("screen") ?? "home"
        guard let screen = VoiceScreen(rawValue: raw) else {
            throw APIError.invalid("screen", "screen must be one of \(VoiceScreen.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return screen
    }

    /// The commands of `screen` for this student, with their subjects' names and material titles
    /// unless `withNames` is false (then only the default subjects, by their original names).
    /// On the map screen, `mapId` names the map whose nodes can be said by label (another family's
    /// or an unknown map has none).
    private func grammar(_ screen: VoiceScreen, caller: Kid, withNames: Bool = true, mapId: String? = nil) async throws -> VoiceGrammar {
        let (child, scope) = (caller.child.id, caller.session.scope)
        let language = try await MirrorBuddyController.settings(of: caller, services: services).language
        var subjects = try await services.mirrorBuddy.subjects(childId: child, in: scope)
        // Newest first; the newest of each subject too, for "apri ultimo materiale di storia".
        var materials = try await services.mirrorBuddy.materials(childId: child, in: scope)
            .map { VoiceMaterial(id: $0.id, title: $0.title, subjectId: $0.subjectId) }
        if !withNames {
            let shown = Set(subjects.filter { !$0.hidden }.map(\.id))
            subjects = Subjects.defaults.filter { shown.contains($0.id) }
            materials = materials.map { VoiceMaterial(id: $0.id, title: "", subjectId: $0.subjectId) }
        }
        var nodes: [VoiceNode] = []
        if screen == .map, withNames, let mapId, let stored = try await services.mirrorBuddy.map(id: String(mapId.prefix(80)), childId: child, in: scope) {
            nodes = stored.map.nodes.map { VoiceNode(id: $0.id, label: $0.label) }
        }
        let recogniser: GrammarLanguage = language == .it ? .italian : .english
        return VoiceGrammar(language: language, screen: screen, subjects: subjects, materials: materials, nodes: nodes,
                            canSay: { GrammarVocabulary.canSay($0, language: recogniser) })
    }
}
