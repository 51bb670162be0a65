import Foundation

/// One small challenge a day, the same for everyone on a date: ten kinds, chosen by
/// (year·366 + month·31 + day) mod 10 (the original's rule, speakup.md §1.8), done by a take made
/// that day in the speaker's time zone that meets it.
public struct DailyChallenge: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case zeroFillers, steadyPace, twoMinutes, score80, score90
        case storytelling, persuade, problemSolving, quickFire, personalGrowth
    }

    public let kind: Kind
    public let title: String
    public let emoji: String
    public let goal: String
    /// The prompt category a take must answer (the category kinds).
    public let category: String?

    /// Fewer words than this is not a real try (silence never completes a challenge).
    public static let minimumWords = 25

    public static func challenge(_ kind: Kind) -> DailyChallenge {
        switch kind {
        case .zeroFillers: DailyChallenge(kind: kind, title: "Clean Speech", emoji: "✨", goal: "A take of at least 30 seconds without a single filler.", category: nil)
        case .steadyPace: DailyChallenge(kind: kind, title: "Steady Pace", emoji: "🎚️", goal: "A take of at least 30 seconds within 20 words a minute of your target pace.", category: nil)
        case .twoMinutes: DailyChallenge(kind: kind, title: "Two Minutes", emoji: "⏱️", goal: "Keep talking for two whole minutes.", category: nil)
        case .score80: DailyChallenge(kind: kind, title: "Score 80", emoji: "🎯", goal: "A take that scores 80 or more.", category: nil)
        case .score90: DailyChallenge(kind: kind, title: "Score 90", emoji: "🏹", goal: "A take that scores 90 or more.", category: nil)
        case .storytelling: DailyChallenge(kind: kind, title: "Story Day", emoji: "📖", goal: "Answer a Storytelling prompt.", category: "storytelling")
        case .persuade: DailyChallenge(kind: kind, title: "Win Them Over", emoji: "🗳️", goal: "Answer a Persuade prompt.", category: "persuade")
        case .problemSolving: DailyChallenge(kind: kind, title: "Fix It", emoji: "🧩", goal: "Answer a Problem Solving prompt.", category: "problem-solving")
        case .quickFire: DailyChallenge(kind: kind, title: "Quick Fire", emoji: "⚡", goal: "Answer a Quick Fire prompt.", category: "quick-fire")
        case .personalGrowth: DailyChallenge(kind: kind, title: "Grow", emoji: "🌱", goal: "Answer a Personal Growth prompt.", category: "personal-growth")
        }
    }

    /// The challenge of a calendar day ("2026-11-26").
    public static func of(day: String) -> DailyChallenge {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        let index = parts.count == 3 ? (parts[0] * 366 + parts[1] * 31 + parts[2]) % Kind.allCases.count : 0
        return challenge(Kind.allCases[index])
    }

    /// Whether the take meets the challenge.
    public func isMet(by take: TakeFacts) -> Bool {
        guard take.words >= Self.minimumWords else { return false }
        switch kind {
        case .zeroFillers: return take.seconds >= 30 && take.fillers == 0
        case .steadyPace: return take.seconds >= 30 && abs(take.wpm - Double(take.targetWPM ?? 150)) <= 20
        case .twoMinutes: return take.seconds >= 120
        case .score80: return (take.score ?? 0) >= 80
        case .score90: return (take.score ?? 0) >= 90
        default: return take.category == category
        }
    }

    /// The first take of `day` that met that day's challenge, if any.
    public static func completion(on day: String, takes: [TakeFacts], calendar: PracticeCalendar) -> TakeFacts? {
        let challenge = of(day: day)
        return takes.sorted { $0.at < $1.at }.first { calendar.day($0.at) == day && challenge.isMet(by: $0) }
    }
}
