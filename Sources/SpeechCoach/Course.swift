/// SpeakUp's course: eight weeks of four lessons (weeks in `CourseWeeks1to4.swift` and `CourseWeeks5to8.swift`).
public enum Course {
    public static let weeks: [CurriculumWeek] = [week1, week2, week3, week4, week5, week6, week7, week8]

    public static func lesson(id: String) -> Lesson? { weeks.lazy.flatMap(\.lessons).first { $0.id == id } }
    public static func activity(id: String) -> LessonActivity? { weeks.lazy.flatMap(\.lessons).flatMap(\.activities).first { $0.id == id } }
    /// The week an activity belongs to.
    public static func week(ofActivity id: String) -> Int? {
        weeks.first { $0.lessons.contains { $0.activities.contains { $0.id == id } } }?.number
    }

    /// A practice's prompt as a take answers it: "course:w1-l1-a2".
    public static let promptPrefix = "course:"

    public static func prompt(id: String) -> SpeakingPrompt? {
        guard id.hasPrefix(promptPrefix), let activity = activity(id: String(id.dropFirst(promptPrefix.count))),
              let task = activity.practice else { return nil }
        return SpeakingPrompt(id: id, category: "course", text: task.prompt, difficulty: .medium, seconds: task.seconds, forKids: false, emoji: "📘")
    }
}
