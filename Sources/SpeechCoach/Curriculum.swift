import Foundation

/// SpeakUp's course, in our own words: weeks of four lessons, each lesson a short list of things to
/// do. Readings and reviews are ticked by the person; everything else completes only on evidence:
/// a take recorded for the practice that meets its checks, a drill that passed, a warm-up or calm exercise that
/// was finished (speakup.md §1.14; the original's practice rules mostly fell back to "any recording
/// exists", ours are all checked on the take).
public struct CurriculumWeek: Codable, Equatable, Sendable, Identifiable {
    public let number: Int
    public let theme: String
    public let lessons: [Lesson]
    public var id: Int { number }

    public init(number: Int, theme: String, lessons: [Lesson]) {
        self.number = number
        self.theme = theme
        self.lessons = lessons
    }
}

public struct Lesson: Codable, Equatable, Sendable, Identifiable {
    /// "w3-l2": week 3, lesson 2.
    public let id: String
    public let title: String
    public let emoji: String
    /// What the person can do after the lesson, in a line.
    public let objective: String
    public let activities: [LessonActivity]

    public init(id: String, title: String, emoji: String, objective: String, activities: [LessonActivity]) {
        self.id = id
        self.title = title
        self.emoji = emoji
        self.objective = objective
        self.activities = activities
    }
}

/// A block of a reading.
public struct LessonSection: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable { case concept, tip, example, takeaway, callout }
    public let kind: Kind
    public let title: String
    public let body: String

    public init(_ kind: Kind, _ title: String, _ body: String) {
        self.kind = kind
        self.title = title
        self.body = body
    }
}

/// A way to organise a short talk, offered as a hint on a practice.
public struct SpeakingFramework: Codable, Equatable, Sendable {
    public let name: String
    public let steps: [String]

    public static let prep = SpeakingFramework(name: "PREP", steps: ["Point: say what you think.", "Reason: say why.", "Example: give one.", "Point: say it again, in new words."])
    public static let star = SpeakingFramework(name: "STAR", steps: ["Situation: where and when.", "Task: what had to be done.", "Action: what you did.", "Result: how it ended, and what you learned."])
    public static let ruleOfThree = SpeakingFramework(name: "Rule of Three", steps: ["Say you have three things.", "First…", "Second…", "Third, and the one to remember."])
    public static let problemSolutionBenefit = SpeakingFramework(name: "Problem, Solution, Benefit", steps: ["The problem, and who has it.", "Your solution.", "What gets better because of it."])
    public static let whatSoWhat = SpeakingFramework(name: "What, So What, Now What", steps: ["What happened.", "Why it matters.", "What happens next."])
    public static let storyArc = SpeakingFramework(name: "Story Arc", steps: ["Set the scene.", "Something goes wrong.", "It gets harder.", "The turning point.", "How it ends, and what changed."])
}

/// What a practice asks of its take. Every practice needs the length; the other checks are optional.
public struct PracticeTask: Codable, Equatable, Sendable {
    /// How long to talk.
    public let seconds: Int
    /// What to talk about.
    public let prompt: String
    public let framework: SpeakingFramework?
    /// At most this many fillers.
    public let maxFillers: Int?
    /// Speaking pace within this many words a minute of the person's own target.
    public let paceWithin: Int?
    /// At least this many pauses between ideas.
    public let minPauses: Int?
    /// At least this many sentences, at most two of them unfinished.
    public let minSentences: Int?

    public init(seconds: Int, prompt: String, framework: SpeakingFramework? = nil, maxFillers: Int? = nil,
                paceWithin: Int? = nil, minPauses: Int? = nil, minSentences: Int? = nil) {
        self.seconds = seconds
        self.prompt = prompt
        self.framework = framework
        self.maxFillers = maxFillers
        self.paceWithin = paceWithin
        self.minPauses = minPauses
        self.minSentences = minSentences
    }
}

/// One thing to do in a lesson.
public struct LessonActivity: Codable, Equatable, Sendable, Identifiable {
    public enum Kind: String, Codable, Sendable, CaseIterable { case reading, practice, drill, exercise, review }

    /// "w3-l2-a1".
    public let id: String
    public let kind: Kind
    public let title: String
    /// A reading's text; a review's questions.
    public let sections: [LessonSection]
    public let practice: PracticeTask?
    public let drill: Drill.Kind?
    /// A warm-up or calm exercise's id (`PracticeCatalogue`).
    public let exercise: String?
    /// A review needs the speaker to have made at least this many takes.
    public let reviewTakes: Int?

    public init(id: String, kind: Kind, title: String, sections: [LessonSection] = [], practice: PracticeTask? = nil,
                drill: Drill.Kind? = nil, exercise: String? = nil, reviewTakes: Int? = nil) {
        self.id = id
        self.kind = kind
        self.title = title
        self.sections = sections
        self.practice = practice
        self.drill = drill
        self.exercise = exercise
        self.reviewTakes = reviewTakes
    }

    /// Whether the person completes it by ticking it (the others complete on evidence).
    public var isTicked: Bool { kind == .reading || kind == .review }
}

/// What a lesson is written as: its activities in order, their ids given by position.
public enum LessonItem: Sendable {
    case read(String, [LessonSection])
    case practice(String, PracticeTask)
    case drill(String, Drill.Kind)
    /// A warm-up's or calm exercise's id.
    case exercise(String, String)
    /// Questions to think over about one's own takes, and how many takes it needs.
    case review(String, takes: Int, [LessonSection])
}

extension Lesson {
    /// Lesson `number` of week `week`, its activities numbered from 1.
    public init(week: Int, number: Int, title: String, emoji: String, objective: String, _ items: [LessonItem]) {
        let id = "w\(week)-l\(number)"
        let activities = items.enumerated().map { index, item -> LessonActivity in
            let activityId = "\(id)-a\(index + 1)"
            return switch item {
            case .read(let title, let sections): LessonActivity(id: activityId, kind: .reading, title: title, sections: sections)
            case .practice(let title, let task): LessonActivity(id: activityId, kind: .practice, title: title, practice: task)
            case .drill(let title, let drill): LessonActivity(id: activityId, kind: .drill, title: title, drill: drill)
            case .exercise(let title, let exercise): LessonActivity(id: activityId, kind: .exercise, title: title, exercise: exercise)
            case .review(let title, let takes, let sections):
                LessonActivity(id: activityId, kind: .review, title: title, sections: sections, reviewTakes: takes)
            }
        }
        self.init(id: id, title: title, emoji: emoji, objective: objective, activities: activities)
    }
}
