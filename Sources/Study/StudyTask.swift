import Foundation
import TextRules

/// Homework or anything else to do, with a due date and a priority (1–5, 3 when not said).
public struct StudyTask: Codable, Equatable, Sendable, Identifiable {
    public let id: String
    public var title: String
    public var notes: String
    public var due: Date?
    public var priority: Int
    public var subjectId: String?
    public var materialId: String?
    public let createdAt: Date
    public var completedAt: Date?

    public init(id: String, title: String, notes: String = "", due: Date? = nil, priority: Int = 3, subjectId: String? = nil,
                materialId: String? = nil, createdAt: Date, completedAt: Date? = nil) {
        (self.id, self.title, self.notes, self.due, self.priority) = (id, title, notes, due, priority)
        (self.subjectId, self.materialId, self.createdAt, self.completedAt) = (subjectId, materialId, createdAt, completedAt)
    }

    public var isDone: Bool { completedAt != nil }
}

public enum TaskRuleError: Error, Equatable, Sendable {
    case titleEmpty, titleTooLong, notesTooLong
    case badPriority(Int)
}

/// The task list's sections (mirrorbuddy.md §1.9): Overdue, Today, This Week (tomorrow to 7 days
/// on), Later (further, or no date), Completed — on the student's calendar days.
public enum TaskSection: String, Codable, CaseIterable, Sendable {
    case overdue, today, thisWeek, later, completed
}

public enum StudyTasks {
    public static let titleLength = 1...120
    public static let notesLength = 0...2_000
    public static let priorities = 1...5
    /// Open tasks one student may have.
    public static let openLimit = 500

    public static func cleanTitle(_ raw: String) throws(TaskRuleError) -> String {
        let title = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !title.isEmpty else { throw .titleEmpty }
        guard TextRules.fits(title, characters: titleLength.upperBound) else { throw .titleTooLong }
        return title
    }

    public static func cleanNotes(_ raw: String) throws(TaskRuleError) -> String {
        let notes = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard TextRules.fits(notes, characters: notesLength.upperBound) else { throw .notesTooLong }
        return notes
    }

    public static func checkPriority(_ priority: Int) throws(TaskRuleError) {
        guard priorities.contains(priority) else { throw .badPriority(priority) }
    }

    /// Where a task goes on `days`' today.
    public static func section(of task: StudyTask, days: StudyDays) -> TaskSection {
        if task.isDone { return .completed }
        guard let due = task.due else { return .later }
        let away = days.dayNumber(due) - days.today
        return away < 0 ? .overdue : away == 0 ? .today : away <= 7 ? .thisWeek : .later
    }

    /// Every section with its tasks: open ones soonest first (a higher priority first on the same day,
    /// undated last), completed ones newest first.
    public static func sections(_ tasks: [StudyTask], days: StudyDays) -> [(section: TaskSection, tasks: [StudyTask])] {
        let grouped = Dictionary(grouping: tasks) { section(of: $0, days: days) }
        return TaskSection.allCases.map { section in
            let inside = grouped[section] ?? []
            let sorted = section == .completed
                ? inside.sorted { ($0.completedAt ?? .distantPast, $0.id) > ($1.completedAt ?? .distantPast, $1.id) }
                : inside.sorted { lhs, rhs in
                    let (left, right) = (lhs.due ?? .distantFuture, rhs.due ?? .distantFuture)
                    if left != right { return left < right }
                    if lhs.priority != rhs.priority { return lhs.priority > rhs.priority }
                    return lhs.createdAt < rhs.createdAt
                }
            return (section, sorted)
        }
    }

    /// How a due date looks: overdue (red), due within 24 hours (orange), or neither.
    public enum Urgency: String, Codable, Sendable { case overdue, soon, none }

    public static func urgency(of task: StudyTask, now: Date) -> Urgency {
        guard let due = task.due, !task.isDone else { return .none }
        return due < now ? .overdue : due.timeIntervalSince(now) <= 86_400 ? .soon : .none
    }

    /// XP for finishing a task: 20, plus 5 for each priority step above 3, plus 10 when done on time (by the end of its day).
    public static func xp(for task: StudyTask, completedAt: Date, days: StudyDays) -> Int {
        let onTime = task.due.map { days.dayNumber(completedAt) <= days.dayNumber($0) } ?? true
        return 20 + 5 * max(0, task.priority - 3) + (onTime ? 10 : 0)
    }
}
