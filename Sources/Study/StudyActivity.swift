import Foundation

/// One entry of a student's activity ledger, the record XP, study time and streaks are counted
/// from: what happened (`kind`: a study stretch, a task done, a material added, a card answered, a
/// quiz…), when, the minutes of study it holds, the subject it was under and the XP it earned.
/// The parent's export of a child's data lists them.
public struct StudyActivity: Codable, Sendable, Equatable {
    public let kind: String
    public let at: Date
    public let minutes: Double
    public let subjectId: String?
    public let xp: Int

    public init(kind: String, at: Date, minutes: Double, subjectId: String?, xp: Int) {
        self.kind = kind
        self.at = at
        self.minutes = minutes
        self.subjectId = subjectId
        self.xp = xp
    }
}
