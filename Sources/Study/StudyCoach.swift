import Foundation

/// "Ask me about your materials", with no model: a message is first checked for the child-safety
/// concerns (`CoachSafety`), then read as small talk, a follow-up ("dimmi di più", "non ho capito")
/// or a question; a question becomes weighted search terms, the server finds the best passages of
/// the student's own materials (`PassageRanking`), and the answer is made of their sentences with
/// where each came from. Nothing is invented: what the materials do not say, the coach says it did
/// not find.
public enum StudyCoach {
    /// What the previous answer was about, sent back by the page with the next message.
    public struct Context: Codable, Equatable, Sendable {
        public var question: String?
        public var materialId: String?
        public var position: Int?
        public init(question: String? = nil, materialId: String? = nil, position: Int? = nil) {
            (self.question, self.materialId, self.position) = (question, materialId, position)
        }
    }

    /// What to search for: the question's words, each with its stemmed forms and a weight (a
    /// follow-up's earlier question counts half).
    public struct Query: Equatable, Sendable {
        public struct Word: Equatable, Sendable {
            public let forms: [String]
            public let weight: Double
        }
        public var words: [Word]

        /// Each form's weight, for the ranking.
        public var weights: [String: Double] {
            var weights: [String: Double] = [:]
            for word in words { for form in word.forms { weights[form] = max(weights[form] ?? 0, word.weight) } }
            return weights
        }

        public init(_ words: [[String]], weight: Double) { self.words = words.map { Word(forms: $0, weight: weight) } }

        /// `other`'s words that are not already here, at `weight`.
        mutating func add(_ other: [[String]], weight: Double) {
            let have = Set(words.flatMap(\.forms))
            words += other.filter { have.isDisjoint(with: $0) }.map { Word(forms: $0, weight: weight) }
        }
    }

    /// How long an answer is: the original slowed down on "non capisco" (§1.14).
    public enum Length: String, Codable, Sendable { case short, normal }

    /// What to do with a message.
    public enum Turn: Equatable, Sendable {
        /// Reply at once, no search.
        case reply(CoachLines.Kind)
        /// Search with these term weights (a follow-up's earlier question at half), preferring the
        /// material the last answer came from.
        case search(Query, preferring: String?, length: Length)
        /// The passage after the last answer's, in the same material.
        case next(materialId: String, after: Int)
    }

    public static let messageLimit = 500

    public static func understand(_ message: String, context: Context?, terms analyzer: StudyTerms) -> Turn {
        if let concern = CoachSafety.concern(in: message) { return .reply(.concern(concern)) }
        let words = StudyTerms.phrase(message)
        // What is left once the steering phrases are taken out: "non ho capito" alone steers,
        // "non ho capito la fotosintesi" asks about photosynthesis, slower.
        let asked = ownWords(message, terms: analyzer)
        // "E Napoleone?", "and why?": short, after "e"/"and" ("e vero che…" typed without its accent is a question of its own).
        let opensWithAnd = message.lowercased().range(of: #"^\s*(e|ed|ma|and|but|so|quindi)\s"#, options: .regularExpression) != nil
            && asked.count <= 2 && !words.hasPrefix(" e vero ")
        if asked.isEmpty {
            if CoachSafety.contains(words, more), let material = context?.materialId, let position = context?.position {
                return .next(materialId: material, after: position)
            }
            if CoachSafety.contains(words, simpler) {
                guard let question = context?.question else { return .reply(.unclear) }
                return .search(Query(analyzer.queryWords(question), weight: 1), preferring: context?.materialId, length: .short)
            }
            if CoachSafety.contains(words, thanks) { return .reply(.thanks) }
            if CoachSafety.contains(words, greetings) { return .reply(.greeting) }
            // "E quando?", "why?": the last question again.
            if let earlier = context?.question, case var query = Query([], weight: 1) {
                query.add(analyzer.queryWords(earlier), weight: 0.5)
                if !query.words.isEmpty { return .search(query, preferring: context?.materialId, length: .normal) }
            }
            return .reply(.unclear)
        }
        var query = Query(asked, weight: 1)
        // A follow-up ("e quando è nato?", "why did he leave?") is read with what it follows.
        if let earlier = context?.question, isFollowUp(words, terms: asked.count, opensWithAnd: opensWithAnd) {
            query.add(analyzer.queryWords(earlier), weight: 0.5)
        }
        let slower = CoachSafety.contains(words, simpler)
        return .search(query, preferring: context?.materialId, length: slower ? .short : .normal)
    }

    /// The message's own words once its steering phrases are out ("non ho capito la respirazione" →
    /// "respirazione"; "non ho capito" → none: it is about the last question).
    public static func ownWords(_ message: String, terms analyzer: StudyTerms) -> [[String]] {
        analyzer.queryWords(steeringByLength.reduce(StudyTerms.phrase(message)) { $0.replacingOccurrences(of: " \($1) ", with: "  ") })
    }

    /// The steering phrases, longest first ("non ho capito" is taken out before "capito" could be).
    static let steeringByLength = steering.sorted { $0.count > $1.count }

    /// Opening with "and"/"but" ("e", not "è": the message itself is looked at), or short and
    /// pointing back with a pronoun ("why did he leave?", not "what is the water cycle and why is it important?").
    static func isFollowUp(_ words: String, terms: Int, opensWithAnd: Bool) -> Bool {
        terms == 0 || opensWithAnd || (terms <= 1 && CoachSafety.contains(words, pronouns))
    }

    static let more = ["dimmi di piu", "di piu", "dimmi altro", "continua", "vai avanti", "e poi", "tell me more", "more",
                       "go on", "continue", "what else", "and then", "keep going"]
    static let simpler = ["non capisco", "non ho capito", "non l ho capito", "non lo capisco", "piu semplice", "piu facile",
                          "troppo difficile", "difficile", "confuso", "confusa", "spiegalo meglio", "i don t understand",
                          "i dont understand", "i didn t understand", "i didnt understand", "don t get it", "dont get it",
                          "simpler", "easier", "too hard", "confused", "confusing"]
    static let thanks = ["grazie", "grazie mille", "ok grazie", "ok grazie mille", "thanks", "thank you", "perfetto", "ho capito",
                         "ok ho capito", "got it", "great", "ok"]
    static let greetings = ["ciao", "buongiorno", "buonasera", "salve", "hey", "hi", "hello", "good morning", "good afternoon",
                            "good evening"]
    /// Not "la", "lo", "li": Italian articles too.
    static let pronouns = ["lui", "lei", "esso", "essa", "essi", "loro", "questo", "questa", "quello", "quella", "it", "he", "she",
                           "they", "him", "her", "them", "this", "that", "its", "his", "their"]
    static let steering = more + simpler + thanks + greetings

    /// A found passage with the material it belongs to.
    public struct Found: Equatable, Sendable {
        public let materialId: String
        public let materialTitle: String
        public let subjectId: String?
        public let position: Int
        public let heading: String?
        public let text: String
        public let score: Double
        public init(materialId: String, materialTitle: String, subjectId: String?, position: Int, heading: String?, text: String, score: Double) {
            (self.materialId, self.materialTitle, self.subjectId, self.position) = (materialId, materialTitle, subjectId, position)
            (self.heading, self.text, self.score) = (heading, text, score)
        }
    }

    /// An answer: its text (the material's own sentences) and the passages it came from, best first.
    public struct Answer: Equatable, Sendable {
        public let text: String
        public let sources: [Found]
        public init(text: String, sources: [Found]) { (self.text, self.sources) = (text, sources) }
    }

    /// The answer from the best passages, or nil when none answers the question: the best passage
    /// (with its heading and its material's title) must hold more than half of what the question
    /// says, each word weighed by its weight and its rarity among the student's `passages` (idf from
    /// `rarity`: "fiume" says little, a river's name a lot). A word in no passage ("Napoleone",
    /// asked of notes on Caesar) weighs as much as a word in one: with one word held and one missing,
    /// the coach says it did not find it rather than answer about something else, in a follow-up
    /// too ("E Napoleone?" after Caesar). Without `rarity`, words count alike. A short answer is the one sentence with most of the question.
    public static func answer(_ found: [Found], query: Query, rarity: [String: Double] = [:], passages: Int = 0, length: Length,
                              language: StudyLanguage, analyzer: StudyTerms) -> Answer? {
        guard let best = found.first else { return nil }
        let whole = [best.materialTitle, best.heading ?? "", best.text].joined(separator: " ")
        let held = Set(analyzer.terms(whole, language: .it)).union(analyzer.terms(whole, language: .en))
        let missing = PassageRanking.idf(passages: max(passages, 1), containing: 1)
        let says = { (word: Query.Word) -> Double in
            passages > 0 ? word.weight * (word.forms.compactMap { rarity[$0] }.max() ?? missing) : word.weight
        }
        let total = query.words.reduce(0) { $0 + says($1) }
        let covered = query.words.filter { !held.isDisjoint(with: $0.forms) }.reduce(0) { $0 + says($1) }
        guard total > 0, covered * 2 > total || (passages == 0 && covered * 2 >= total) else { return nil }
        var text = best.text
        if length == .short {
            let weights = query.weights
            let sentences = ReadingText.sentences(best.text, language: language)
            text = sentences.max { overlap($0, weights, analyzer, language) < overlap($1, weights, analyzer, language) } ?? best.text
        }
        // A second passage from elsewhere is offered as a source when it is nearly as good.
        let others = found.dropFirst().filter { $0.score >= best.score * 0.6 }.prefix(2)
        return Answer(text: text, sources: [best] + others)
    }

    static func overlap(_ sentence: String, _ query: [String: Double], _ analyzer: StudyTerms, _ language: StudyLanguage) -> Double {
        Set(analyzer.terms(sentence, language: language)).reduce(0) { $0 + (query[$1] ?? 0) }
    }
}

extension StudyCoach {
    /// A question to tap, about one of the student's topics: "Spiegami: la fotosintesi",
    /// "Tell me about photosynthesis" (no preposition to join to the article in Italian).
    public static func suggestion(about topic: String, in language: StudyLanguage) -> String {
        let bare = topic.trimmingCharacters(in: CharacterSet(charactersIn: " .:;!?"))
        // A name stays capitalised ("Giulio Cesare"): lowered only when its second word is lower case or it has one word.
        let words = bare.split(separator: " ")
        let named = words.count > 1 && words[1].first?.isUppercase == true
        let shown = named ? bare : (bare.first.map { String($0).lowercased() + bare.dropFirst() } ?? bare)
        return language == .it ? "Spiegami: \(shown)" : "Tell me about \(shown)"
    }
}
