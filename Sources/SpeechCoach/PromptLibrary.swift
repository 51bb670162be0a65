import Foundation

/// Something to talk about: SpeakUp's own prompts (Resources/prompts.json, written for this app),
/// in categories with a difficulty and a suggested length; Show & Tell ones have an emoji that
/// shows the topic to a child who cannot read yet.
public struct SpeakingPrompt: Codable, Equatable, Sendable, Identifiable {
    public enum Difficulty: String, Codable, Sendable, CaseIterable { case easy, medium, hard }

    public let id: String
    public let category: String
    public let text: String
    public let difficulty: Difficulty
    /// A suggested length in seconds.
    public let seconds: Int
    public let forKids: Bool
    public let emoji: String?

    public init(id: String, category: String, text: String, difficulty: Difficulty, seconds: Int, forKids: Bool, emoji: String?) {
        self.id = id
        self.category = category
        self.text = text
        self.difficulty = difficulty
        self.seconds = seconds
        self.forKids = forKids
        self.emoji = emoji
    }

    /// One the speaker wrote or imported (not one of the app's own).
    public var isCustom: Bool { id.hasPrefix(CustomPrompts.idPrefix) }
}

public struct PromptCategory: Codable, Equatable, Sendable, Identifiable {
    public let id: String
    public let name: String
    public let forKids: Bool
}

public struct PromptLibrary: Sendable {
    public let categories: [PromptCategory]
    public let prompts: [SpeakingPrompt]
    private let byId: [String: SpeakingPrompt]

    public init(categories: [PromptCategory], prompts: [SpeakingPrompt]) {
        self.categories = categories
        self.prompts = prompts
        byId = Dictionary(prompts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The prompts that ship with the app.
    public static let standard: PromptLibrary = {
        struct File: Decodable { let categories: [PromptCategory]; let prompts: [SpeakingPrompt] }
        guard let url = Bundle.module.url(forResource: "prompts", withExtension: "json"),
              let data = try? Data(contentsOf: url), let file = try? JSONDecoder().decode(File.self, from: data) else {
            preconditionFailure("SpeechCoach's prompts.json is missing or broken: the package was built wrongly")
        }
        return PromptLibrary(categories: file.categories, prompts: file.prompts)
    }()

    public func prompt(id: String) -> SpeakingPrompt? { byId[id] }

    /// This library with a speaker's own prompts added.
    public func adding(_ custom: [SpeakingPrompt]) -> PromptLibrary {
        custom.isEmpty ? self : PromptLibrary(categories: categories, prompts: prompts + custom)
    }

    /// The categories a speaker of this kind sees.
    public func categories(forKids kids: Bool) -> [PromptCategory] { categories.filter { $0.forKids == kids } }

    /// Where a speaker's own prompt goes when its category is not known: Personal Growth, as in the
    /// original, and All About Me for Show & Tell.
    public static func fallbackCategory(forKids kids: Bool) -> String { kids ? "kids-aboutme" : "personal-growth" }

    /// Today's prompt for a speaker: the same all day for the same speaker and `reroll`, another
    /// for each reroll (never the one the reroll before gave), never one of `answered` while others
    /// are left. Show & Tell speakers get children's prompts; others get the rest, weighted towards
    /// `level`'s difficulty.
    public func today(speaker: String, day: String, reroll: Int, kids: Bool, level: SpeakerLevel = .intermediate,
                      answered: Set<String> = []) -> SpeakingPrompt {
        let pool = prompts.filter { $0.forKids == kids }
        let fresh = pool.filter { !answered.contains($0.id) }
        let candidates = fresh.isEmpty ? pool : fresh
        precondition(!candidates.isEmpty, "the library has prompts of both kinds")
        var previous: String?
        var chosen = candidates[0]
        // Each reroll draws again without the prompt the one before gave (a tap on 🎲 always changes it).
        for round in 0...max(0, reroll) {
            let open = candidates.count > 1 ? candidates.filter { $0.id != previous } : candidates
            let weights = open.map { kids ? 1 : level.weight(of: $0.difficulty) }
            var generator = SeededGenerator(seed: StableHash.of("\(speaker)|\(day)|\(round)"))
            var pick = Int(generator.next() % UInt64(weights.reduce(0, +)))
            chosen = open[open.count - 1]
            for (prompt, weight) in zip(open, weights) {
                if pick < weight { chosen = prompt; break }
                pick -= weight
            }
            previous = chosen.id
        }
        return chosen
    }
}

/// How hard the prompts a speaker is offered are: the original's weights (easy/medium/hard).
public enum SpeakerLevel: String, Codable, Sendable, CaseIterable {
    case beginner, intermediate, advanced

    func weight(of difficulty: SpeakingPrompt.Difficulty) -> Int {
        switch (self, difficulty) {
        case (.beginner, .easy): 6
        case (.beginner, .medium): 3
        case (.beginner, .hard): 1
        case (.intermediate, .easy): 3
        case (.intermediate, .medium): 5
        case (.intermediate, .hard): 2
        case (.advanced, .easy): 1
        case (.advanced, .medium): 3
        case (.advanced, .hard): 6
        }
    }
}

/// FNV-1a: the same number for the same text in every process (Swift's `Hasher` is seeded per run).
enum StableHash {
    static func of(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}

/// SplitMix64: a small deterministic generator for picks that must repeat (today's prompt).
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
