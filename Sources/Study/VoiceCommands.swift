import Foundation

/// The voice commands of MirrorBuddy (mirrorbuddy.md §1.13 plus the seed's "apri <materia>" and
/// "aggiungi compito": the task form, or a task made at once for a subject or a day): what the page
/// does when the student says one.
public enum VoiceCommand: String, Codable, CaseIterable, Sendable {
    case back, home, settings, profile, materials, tasks
    case newMaterial, search
    case startStudy, flashcards, mindMap, read
    case dyslexiaOn, dyslexiaOff, biggerText, smallerText
    case stopReading, pause, resume, refresh, close, help
    case openLatestMaterial, openMaterial, openSubject, addTask
    /// A mind map's node by its label ("espandi fotosintesi"), or the one in focus; its parent
    /// ("torna su"); its text read aloud.
    case expandNode, collapseNode, parentNode, readNode

    /// The screens a command is heard on; nil: every screen. As in the original, a command that
    /// acts on one screen is only listened for there (a smaller grammar is also heard better).
    var screens: Set<VoiceScreen>? {
        switch self {
        case .newMaterial, .search: [.home, .materials, .subject]
        case .startStudy, .flashcards, .mindMap, .read: [.material]
        case .expandNode, .collapseNode, .parentNode, .readNode: [.map]
        default: nil
        }
    }
}

/// The MirrorBuddy screens (the page's route names).
public enum VoiceScreen: String, Codable, CaseIterable, Sendable {
    case home, subject, materials, material, new, tasks, progress, settings, map
}

/// One thing the student can say, and what it means.
public struct VoicePhrase: Equatable, Sendable {
    public let words: String
    public let command: VoiceCommand
    public var subjectId: String?
    public var materialId: String?
    public var day: VoiceDay?
    /// The node of a map command said with a label.
    public var nodeId: String?
}

/// A mind map's node a student can name: its id and label.
public struct VoiceNode: Equatable, Sendable {
    public let id: String
    public let label: String
    public init(id: String, label: String) { (self.id, self.label) = (id, label) }
}

/// A day said in a command ("per domani", "for friday"): the page turns it into a date on the
/// student's own calendar.
public enum VoiceDay: String, Codable, CaseIterable, Sendable {
    case today, tomorrow, dayAfterTomorrow, monday, tuesday, wednesday, thursday, friday, saturday, sunday
}

/// A material a student can open by voice: its id, title and subject, newest first.
public struct VoiceMaterial: Equatable, Sendable {
    public let id: String
    public let title: String
    public let subjectId: String?
    public init(id: String, title: String, subjectId: String?) { (self.id, self.title, self.subjectId) = (id, title, subjectId) }
}

/// The commands one screen listens for, as a JSGF grammar for the speech module's grammar mode,
/// and the way back from the words heard to a command.
public struct VoiceGrammar: Sendable {
    public let language: StudyLanguage
    public let phrases: [VoicePhrase]

    /// Materials said by title (the newest); a title is said by its first words or whole, up to a length.
    public static let materialsByTitle = 20
    public static let shortTitle = 4
    public static let longTitle = 8

    /// `canSay` tells whether the recogniser knows a word (its dictionary, or Italian spelling
    /// rules); a phrase with a word it cannot say is left out, and a title is cut before such a word.
    /// Map nodes said by label, at most this many (the first, parents first).
    public static let nodesByLabel = 60

    public init(language: StudyLanguage, screen: VoiceScreen, subjects: [Subject], materials: [VoiceMaterial], nodes: [VoiceNode] = [],
                canSay: (String) -> Bool) {
        self.language = language
        var seen = Set<String>()
        var made: [VoicePhrase] = []
        func add(_ phrase: VoicePhrase) {
            let words = phrase.words.split(separator: " ")
            guard !words.isEmpty, words.allSatisfy({ canSay(String($0)) }), seen.insert(phrase.words).inserted else { return }
            made.append(phrase)
        }
        let spokenSubjects = subjects.filter { !$0.hidden }.map { subject in
            (subject, Self.spokenNames(of: subject, language))
        }
        let latest = materials.first
        for command in VoiceCommand.allCases where command.screens?.contains(screen) ?? true {
            for pattern in VoicePhrases.phrases(command, language) {
                if pattern.contains("{day}") {
                    for day in VoiceDay.allCases {
                        for said in VoicePhrases.days(day, language) {
                            add(VoicePhrase(words: pattern.replacingOccurrences(of: "{day}", with: said), command: command, day: day))
                        }
                    }
                } else if pattern.contains("{subject}") {
                    for (subject, names) in spokenSubjects {
                        let newest = materials.first { $0.subjectId == subject.id }
                        for name in names {
                            add(VoicePhrase(words: pattern.replacingOccurrences(of: "{subject}", with: name), command: command,
                                            subjectId: subject.id, materialId: command == .openLatestMaterial ? newest?.id : nil))
                        }
                    }
                } else if pattern.contains("{node}") {
                    for node in nodes.prefix(Self.nodesByLabel) {
                        for label in Self.spokenTitles(node.label, canSay: canSay) {
                            var phrase = VoicePhrase(words: pattern.replacingOccurrences(of: "{node}", with: label), command: command)
                            phrase.nodeId = node.id
                            add(phrase)
                        }
                    }
                } else if pattern.contains("{title}") {
                    for material in materials.prefix(Self.materialsByTitle) {
                        for title in Self.spokenTitles(material.title, canSay: canSay) {
                            add(VoicePhrase(words: pattern.replacingOccurrences(of: "{title}", with: title), command: command,
                                            subjectId: nil, materialId: material.id))
                        }
                    }
                } else {
                    add(VoicePhrase(words: pattern, command: command, subjectId: nil,
                                    materialId: command == .openLatestMaterial ? latest?.id : nil))
                }
            }
        }
        phrases = made
    }

    /// The grammar in JSGF: one public rule with every phrase as an alternative.
    public var jsgf: String {
        "#JSGF V1.0;\ngrammar mirrorbuddy;\npublic <command> = " + phrases.map(\.words).joined(separator: " | ") + " ;\n"
    }

    /// What the words heard mean; nil when they are none of the phrases (the recogniser refused
    /// the speech, or it is not a command).
    public func meaning(of heard: String) -> VoicePhrase? {
        let words = Self.words(heard).joined(separator: " ")
        return phrases.first { $0.words == words }
    }

    /// Up to `limit` phrases a student can say for each command here, for "aiuto".
    public func examples(limit: Int = 3) -> [(VoiceCommand, [String])] {
        VoiceCommand.allCases.compactMap { command in
            let said = phrases.filter { $0.command == command }.map(\.words)
            return said.isEmpty ? nil : (command, Array(said.prefix(limit)))
        }
    }

    /// A name as the recogniser's words: lower case, letters and apostrophes only ("Storia e
    /// Geografia" → "storia e geografia"; "&" → "and"/"e").
    static func words(_ text: String) -> [String] {
        let and = " and "
        let spaced = text.precomposedStringWithCanonicalMapping.lowercased().replacingOccurrences(of: "&", with: and)
        return spaced.split { !($0.isLetter || $0 == "'") }.map(String.init)
    }

    static func spokenNames(of subject: Subject, _ language: StudyLanguage) -> [String] {
        let name = language == .it ? subject.names.it : subject.names.en
        var said = Self.words(name)
        if language == .it { said = said.map { $0 == "and" ? "e" : $0 } }
        let own = said.joined(separator: " ")
        let aliases = subject.isDefault ? VoicePhrases.subjectAliases(subject.id, language) : []
        return ([own] + aliases).filter { !$0.isEmpty }
    }

    /// How a title can be said: its first `shortTitle` words and its first `longTitle` (the whole
    /// of most titles), stopping before a word the recogniser cannot say; none if the first is one.
    static func spokenTitles(_ title: String, canSay: (String) -> Bool) -> [String] {
        let said = Array(Self.words(title).prefix { canSay($0) }.prefix(longTitle))
        let short = said.prefix(shortTitle).joined(separator: " ")
        let long = said.joined(separator: " ")
        return short.isEmpty ? [] : short == long ? [short] : [short, long]
    }
}
