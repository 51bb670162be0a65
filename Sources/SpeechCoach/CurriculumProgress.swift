import Foundation

/// What the course is judged on: the person's takes, finished exercises and drills, and ticks.
public struct CurriculumEvidence: Sendable {
    public struct Take: Sendable, Equatable {
        public let id: String
        public let at: Date
        public let digest: TakeDigest
        /// The prompt it answered: a course practice's is "course:<activity id>".
        public let promptId: String?
        public init(id: String, at: Date, digest: TakeDigest, promptId: String?) {
            self.id = id
            self.at = at
            self.digest = digest
            self.promptId = promptId
        }

        /// The course practice it was recorded for.
        public var practiceId: String? {
            promptId.flatMap { $0.hasPrefix(Course.promptPrefix) ? String($0.dropFirst(Course.promptPrefix.count)) : nil }
        }
    }

    /// A warm-up or calm exercise finished, or a drill tried (`passed` for drills).
    public struct Finished: Sendable, Equatable {
        public let kind: PracticeKind
        public let itemId: String
        public let at: Date
        public let passed: Bool
        public init(kind: PracticeKind, itemId: String, at: Date, passed: Bool) {
            self.kind = kind
            self.itemId = itemId
            self.at = at
            self.passed = passed
        }
    }

    /// A reading or review the person ticked.
    public struct Tick: Sendable, Equatable {
        public let activityId: String
        public let at: Date
        public init(activityId: String, at: Date) {
            self.activityId = activityId
            self.at = at
        }
    }

    public var takes: [Take]
    public var finished: [Finished]
    public var ticks: [Tick]

    public init(takes: [Take] = [], finished: [Finished] = [], ticks: [Tick] = []) {
        self.takes = takes
        self.finished = finished
        self.ticks = ticks
    }
}

/// Where the person is in the course.
public struct CurriculumProgress: Codable, Equatable, Sendable {
    public enum Status: String, Codable, Sendable { case done, open, locked }

    public struct ActivityState: Codable, Equatable, Sendable {
        public var id: String
        public var status: Status
        public var completedAt: Date?
        /// The take that completed a practice.
        public var takeId: String?
        /// For an open practice: what the latest take since the week opened still missed.
        public var missing: [String]?
    }

    public struct WeekState: Codable, Equatable, Sendable {
        public var number: Int
        public var status: Status
        public var openedAt: Date?
        public var completedAt: Date?
    }

    public var weeks: [WeekState]
    public var activities: [ActivityState]
    /// The first lesson with something left to do in an open week (nil when the course is done).
    public var currentLesson: String?

    public func state(of activityId: String) -> ActivityState? { activities.first { $0.id == activityId } }
}

/// The course's rules: what completes each activity.
public enum CurriculumRules {
    /// A practice take must last this share of the target length…
    public static let lengthShare = 0.85
    /// …and hold at least this many words a second of the target (silence never completes anything).
    public static let wordsPerSecond = 0.75
    /// A sentence this short counts as unfinished; a practice allows this many of them.
    public static let allowedIncomplete = 2

    /// What the take misses of the task (empty when it completes it).
    public static func missing(_ task: PracticeTask, in digest: TakeDigest) -> [String] {
        var missing: [String] = []
        let seconds = Double(task.seconds)
        if digest.duration < seconds * lengthShare {
            let least = (seconds * lengthShare * 10).rounded() / 10
            let shown = least == least.rounded() ? String(Int(least)) : String(least)
            missing.append("Talk for at least \(shown) seconds (that take was \(Int(digest.duration.rounded())) s).")
        }
        let words = Int((seconds * wordsPerSecond).rounded())
        if digest.wordCount < words {
            missing.append("Say at least \(words) words (that take had \(digest.wordCount)).")
        }
        if let maxFillers = task.maxFillers, digest.fillerCount > maxFillers {
            missing.append("At most \(maxFillers) fillers (that take had \(digest.fillerCount)).")
        }
        if let within = task.paceWithin {
            let target = digest.targetWPM ?? CoachSettings().targetWPM
            let pace = Int(digest.speakingWPM.rounded())
            if abs(pace - target) > within {
                missing.append("Keep your pace between \(target - within) and \(target + within) words a minute (that take was \(pace)).")
            }
        }
        if let minPauses = task.minPauses, (digest.strategicPauses ?? 0) < minPauses {
            missing.append("Pause between ideas at least \(minPauses) times (that take had \(digest.strategicPauses ?? 0)).")
        }
        if let minSentences = task.minSentences {
            let sentences = digest.sentences ?? 0
            let incomplete = digest.incompleteSentences ?? 0
            if sentences < minSentences {
                missing.append("Say at least \(minSentences) whole sentences (that take had \(sentences)).")
            } else if incomplete > allowedIncomplete {
                missing.append("Finish your sentences: at most \(allowedIncomplete) left unfinished (that take had \(incomplete)).")
            }
        }
        return missing
    }

    /// What the course looks like with this evidence. Week 1 is open from the start; a week opens
    /// when the one before is done, and only what happened after that counts in it. A practice
    /// completes on a take recorded for it (its prompt) that meets its checks; a drill on a pass; an
    /// exercise when it was finished (a drill or an exercise done once completes one activity);
    /// readings and reviews when ticked. Activities inside an open week may be done in any order.
    public static func progress(of weeks: [CurriculumWeek], evidence: CurriculumEvidence) -> CurriculumProgress {
        var used = Set<Int>()
        var opened: Date? = .distantPast
        var weekStates: [CurriculumProgress.WeekState] = []
        var states: [CurriculumProgress.ActivityState] = []
        var current: String?
        let takesFor = Dictionary(grouping: evidence.takes.filter { $0.practiceId != nil }, by: { $0.practiceId! })
            .mapValues { $0.sorted { $0.at < $1.at } }
        let finished = evidence.finished.enumerated().sorted { $0.element.at < $1.element.at }
        let reviewTakes = evidence.takes.count
        for week in weeks {
            guard let since = opened else {
                weekStates.append(.init(number: week.number, status: .locked))
                states += week.lessons.flatMap(\.activities).map { .init(id: $0.id, status: .locked) }
                continue
            }
            var last = since
            var complete = true
            for lesson in week.lessons {
                for activity in lesson.activities {
                    var state = CurriculumProgress.ActivityState(id: activity.id, status: .open)
                    switch activity.kind {
                    case .reading, .review:
                        if let tick = evidence.ticks.filter({ $0.activityId == activity.id && $0.at >= since }).min(by: { $0.at < $1.at }),
                           activity.kind == .reading || reviewTakes >= (activity.reviewTakes ?? 0) {
                            state.status = .done
                            state.completedAt = tick.at
                        }
                    case .practice:
                        guard let task = activity.practice else { break }
                        let tries = (takesFor[activity.id] ?? []).filter { $0.at >= since }
                        if let take = tries.first(where: { missing(task, in: $0.digest).isEmpty }) {
                            state.status = .done
                            state.completedAt = take.at
                            state.takeId = take.id
                        } else if let latest = tries.last {
                            state.missing = missing(task, in: latest.digest)
                        }
                    case .drill, .exercise:
                        let wanted: (PracticeKind, String)? = activity.drill.map { (.drill, $0.rawValue) }
                            ?? activity.exercise.map { (PracticeCatalogue.warmUp(id: $0) != nil ? .warmUp : .calm, $0) }
                        if let (kind, itemId) = wanted,
                           let (index, record) = finished.first(where: { index, record in
                               record.kind == kind && record.itemId == itemId && record.at >= since && record.passed
                                   && !used.contains(index)
                           }) {
                            used.insert(index)
                            state.status = .done
                            state.completedAt = record.at
                        }
                    }
                    if state.status == .done, let at = state.completedAt { last = max(last, at) } else {
                        complete = false
                        current = current ?? lesson.id
                    }
                    states.append(state)
                }
            }
            weekStates.append(.init(number: week.number, status: complete ? .done : .open, openedAt: since == .distantPast ? nil : since,
                                    completedAt: complete ? last : nil))
            opened = complete ? last : nil
        }
        return CurriculumProgress(weeks: weekStates, activities: states, currentLesson: current)
    }
}
