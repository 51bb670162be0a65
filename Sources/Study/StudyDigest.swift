import Foundation

/// The weekly digest a parent gets by e-mail (mirrorbuddy.md §3.3: the original's digest), as plain
/// text in English like the rest of the parent area: for each child, last week's study time and
/// days, the streak in the original's words, materials, flashcards and what was remembered,
/// quizzes, mastery by subject, tasks, and the coach's notes (never the child's words).
public enum StudyDigest {
    public struct Child: Sendable {
        public let name: String
        public let week: StudyWeek
        /// Subject name and status word for each subject with a level, weakest first.
        public let mastery: [(subject: String, status: String)]
        /// Subject id → name, for the minutes by subject.
        public let subjectNames: [String: String]
        public let coachNotes: Int
        public init(name: String, week: StudyWeek, mastery: [(subject: String, status: String)], subjectNames: [String: String], coachNotes: Int) {
            (self.name, self.week, self.mastery, self.subjectNames, self.coachNotes) = (name, week, mastery, subjectNames, coachNotes)
        }
    }

    public static func subject(_ children: [Child]) -> String {
        "MirrorBuddy: the week of " + children.map(\.name).joined(separator: " and ")
    }

    public static func text(_ children: [Child], weekLabel: String, areaLink: String?) -> String {
        var lines = ["Here is last week (\(weekLabel)) in MirrorBuddy.", ""]
        for child in children {
            let week = child.week
            let studied = week.days.filter { $0.minutes > 0 }.count
            lines.append("\(child.name)")
            lines.append(String(repeating: "-", count: child.name.count))
            if week.minutes > 0 {
                lines.append("Studied \(minutes(week.minutes)) on \(studied) \(studied == 1 ? "day" : "days") (\(count(week.sessions, "session"))).")
                let top = week.bySubject.sorted { $0.minutes > $1.minutes }.prefix(3)
                    .map { "\(child.subjectNames[$0.subjectId ?? ""] ?? "no subject") \(minutes($0.minutes))" }
                if !top.isEmpty { lines.append("Most time on: \(top.joined(separator: ", ")).") }
            } else {
                lines.append("No study time recorded this week.")
            }
            lines.append(streak(week))
            if week.materialsAdded > 0 { lines.append("\(count(week.materialsAdded, "material")) added.") }
            if week.cards.reviewed > 0 {
                let kept = week.cards.retention.map { ", \(Int(($0 * 100).rounded())) % of learnt cards remembered" } ?? ""
                lines.append("\(count(week.cards.reviewed, "flashcard")) reviewed\(kept).")
            }
            if week.quizzes.finished > 0 {
                let average = week.quizzes.averageScore.map { ", \(Int(($0 * 100).rounded())) % on average" } ?? ""
                lines.append("\(count(week.quizzes.finished, "quiz")) finished, \(week.quizzes.passed) passed\(average).")
            }
            if !child.mastery.isEmpty {
                lines.append("Mastery: " + child.mastery.map { "\($0.subject) \($0.status)" }.joined(separator: "; ") + ".")
            }
            let tasks = week.tasks
            if tasks.doneOnTime + tasks.doneLate + tasks.overdue > 0 {
                lines.append("Tasks: \(tasks.doneOnTime) done on time, \(tasks.doneLate) late, \(tasks.overdue) overdue now.")
            }
            if child.coachNotes > 0 {
                lines.append("The study coach: \(child.name) wrote something that sounded like distress (\(count(child.coachNotes, "time"))). "
                             + "The coach answered kindly and asked \(child.name) to talk to an adult they trust. Please check in. "
                             + "(We never keep what children write.)")
            }
            lines.append("")
        }
        if let areaLink { lines.append("The whole diary is in the parent area's MirrorBuddy tab: \(areaLink)") }
        lines.append("You get this e-mail because the weekly digest is on in the parent area's MirrorBuddy tab; turn it off there.")
        return lines.joined(separator: "\n")
    }

    static func minutes(_ value: Double) -> String {
        let total = Int(value.rounded())
        if total < 60 { return "\(total) min" }
        return total % 60 == 0 ? "\(total / 60) h" : "\(total / 60) h \(total % 60) min"
    }

    static func count(_ value: Int, _ word: String) -> String {
        value == 1 ? "1 \(word)" : "\(value) \(word == "quiz" ? "quizzes" : word + "s")"
    }

    /// The original's words: ≥ 30 days strong, ≥ 7 building, ≥ 1 starting, else a fresh start.
    static func streak(_ week: StudyWeek) -> String {
        let days = week.streak.current
        switch week.streakStatus {
        case .strong: return "A strong streak: \(days) days in a row."
        case .building: return "The streak is building: \(days) days in a row."
        case .starting: return "A streak is starting: \(count(days, "day")) in a row."
        case .freshStart: return "Ready for a fresh start: no streak right now."
        }
    }
}
