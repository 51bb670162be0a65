import Foundation

/// A member of the family with a profile: the name the hub greets, the school grade (1–7, or 8 for
/// "8+ / adult": a teen or a parent who practises too) and an avatar emoji.
public struct ChildProfile: Codable, Equatable, Sendable {
    public var id: String
    public var name: String
    public var grade: Int
    public var avatar: String

    public init(id: String, name: String, grade: Int, avatar: String) {
        self.id = id
        self.name = name
        self.grade = grade
        self.avatar = avatar
    }

    /// Grades 1–7, and `adult`.
    public static let grades = 1...8
    /// "8+ / adult": older than the apps' grade lists. Spellflare plays it as grade 7; SpeakUp gives it the full coach.
    public static let adult = 8

    /// How a grade reads: "Grade 3", "8+ / adult".
    public static func label(grade: Int) -> String { grade == adult ? "8+ / adult" : "Grade \(grade)" }

    /// Avatars a child can pick: big, friendly emoji that read without words.
    public static let avatars = [
        "🦁", "🐯", "🐻", "🐼", "🐨", "🐸", "🐵", "🦊", "🐰", "🐶",
        "🐱", "🦄", "🐲", "🐙", "🦋", "🐝", "🐢", "🐬", "🦖", "🐧",
    ]

    /// Validates a new or edited profile and returns it with its name trimmed.
    public static func validated(id: String, name: String, grade: Int, avatar: String) throws(HubError) -> ChildProfile {
        let name = try Account.validatedName(name, maxLength: 30)
        guard grades.contains(grade) else { throw .invalidGrade(grade) }
        guard avatars.contains(avatar) else { throw .invalidAvatar(avatar) }
        return ChildProfile(id: id, name: name, grade: grade, avatar: avatar)
    }
}
