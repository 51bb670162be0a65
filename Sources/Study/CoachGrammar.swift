import Foundation

/// What a student can ask the coach aloud when free speech cannot hear it: there is no Italian model
/// for free speech, and the English one does not know a school's words ("photosynthesis" comes out
/// "photo sin so if"). A question is heard against a grammar of question openers ("che cosa è",
/// "chi era", "what is", "tell me about") followed by one of the student's own topics (their
/// materials' headings, titles and key terms), and the follow-ups.
public struct CoachGrammar: Sendable {
    public let openers: [String]
    public let topics: [String]
    public let followUps: [String]

    static let openers: [StudyLanguage: [String]] = [.it: italianOpeners, .en: englishOpeners]
    static let italianOpeners = ["che cosa è", "cosa è", "che cos'è", "cos'è", "chi era", "chi è", "chi erano", "chi sono", "dove si trova",
                          "dove", "quando", "perché", "come funziona", "come", "spiegami", "spiegami la", "spiegami il", "parlami di",
                          "parlami della", "parlami del", "dimmi", "cosa sono", "che cosa sono"]
    static let englishOpeners = ["what is", "what are", "what was", "what were", "who is", "who was", "who were", "where is", "where are",
                                 "when did", "when was", "why do", "why did", "why is", "how does", "how do", "how did", "tell me about",
                                 "explain", "what do my notes say about", "what does", "what happened in"]
    /// Follow-ups, and words of distress a child may say aloud (heard, they get the caring reply).
    static let follow: [StudyLanguage: [String]] = [.it: ["dimmi di più", "non ho capito", "grazie", "voglio morire",
                                                          "mi voglio uccidere", "mi faccio del male", "mi picchiano", "nessuno mi vuole bene",
                                                          "tutti mi odiano", "ho paura di tornare a casa"],
                                                    .en: ["tell me more", "i don't understand", "more", "thank you"]]
    /// The topics kept: more make a grammar the recogniser confuses and slows on.
    public static let topicLimit = 200

    /// `canSay` tells whether the recogniser knows a word.
    public init(topics named: [String], language: StudyLanguage, canSay: (String) -> Bool) {
        var seen = Set<String>(), said: [String] = []
        for topic in named {
            let words = VoiceGrammar.words(topic).prefix(6)
            guard !words.isEmpty, words.allSatisfy(canSay) else { continue }
            let phrase = words.joined(separator: " ")
            if seen.insert(phrase).inserted { said.append(phrase) }
            // "la fotosintesi" is asked as "che cosa è la fotosintesi" and "che cosa è fotosintesi".
            if words.count > 1, ["il", "lo", "la", "i", "gli", "le", "l'", "the", "a", "an"].contains(words.first!) {
                let bare = words.dropFirst().joined(separator: " ")
                if seen.insert(bare).inserted { said.append(bare) }
            }
            if said.count >= Self.topicLimit { break }
        }
        openers = Self.spoken(Self.openers[language] ?? [], canSay)
        topics = said
        followUps = Self.spoken(Self.follow[language] ?? [], canSay)
    }

    static func spoken(_ phrases: [String], _ canSay: (String) -> Bool) -> [String] {
        phrases.map { VoiceGrammar.words($0) }.filter { $0.allSatisfy(canSay) }.map { $0.joined(separator: " ") }
    }

    /// Nil when the student has no topic the recogniser can say (and so nothing to ask aloud).
    public var jsgf: String? {
        guard !topics.isEmpty else { return nil }
        return """
            #JSGF V1.0;
            grammar coach;
            public <question> = <opener> <topic> | <topic> | \(followUps.joined(separator: " | "));
            <opener> = \(openers.joined(separator: " | "));
            <topic> = \(topics.joined(separator: " | "));

            """
    }
}
