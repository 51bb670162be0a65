import Foundation
import Testing
@testable import SpeechCoach

/// The course's completion rules (speakup.md §1.14, with every practice checked on its take rather
/// than the original's fall-back to "any recording exists").
@Suite("curriculum: what completes an activity, when a week opens")
struct CurriculumTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static func at(_ minutes: Double) -> Date { start.addingTimeInterval(minutes * 60) }

    /// A 60-s take at 150 words a minute, 150 words, no fillers, unless told otherwise.
    static func digest(seconds: Double = 60, words: Int = 150, wpm: Double = 150, fillers: Int = 0, target: Int? = 150,
                       pauses: Int? = 0, sentences: Int? = 6, incomplete: Int? = 0) -> TakeDigest {
        TakeDigest(fillerWords: fillers > 0 ? ["um": fillers] : [:], duration: seconds, wordCount: words, speakingWPM: wpm,
                   targetWPM: target, strategicPauses: pauses, sentences: sentences, incompleteSentences: incomplete)
    }

    /// A take recorded for the practice `for` (nil: a take of the speaker's own).
    static func take(_ id: String, _ minutes: Double, _ digest: TakeDigest = digest(), for practice: String?) -> CurriculumEvidence.Take {
        CurriculumEvidence.Take(id: id, at: at(minutes), digest: digest, promptId: practice.map { Course.promptPrefix + $0 })
    }

    // MARK: - Each practice check

    @Test("length: 85 % of the target and 0.75 words a second of it; silence never counts", arguments: [
        (51.0, 45, true), (50.9, 45, false), (60.0, 44, false), (0.0, 0, false), (300.0, 900, true),
    ])
    func length(seconds: Double, words: Int, passes: Bool) {
        let task = PracticeTask(seconds: 60, prompt: "p")
        #expect(CurriculumRules.missing(task, in: Self.digest(seconds: seconds, words: words)).isEmpty == passes)
    }

    @Test("fillers: at most the limit", arguments: [(0, true), (2, true), (3, false)])
    func fillers(count: Int, passes: Bool) {
        let task = PracticeTask(seconds: 60, prompt: "p", maxFillers: 2)
        let missing = CurriculumRules.missing(task, in: Self.digest(fillers: count))
        #expect(missing.isEmpty == passes)
        if !passes { #expect(missing == ["At most 2 fillers (that take had 3)."]) }
    }

    @Test("pace: within the band around the person's own target (150 when the take kept none)", arguments: [
        (150.0, 150 as Int?, true), (125.0, 150, true), (124.0, 150, false), (175.0, 150, true), (176.0, 150, false), (180.0, 170, true),
        (125.0, nil, true), (124.4, nil, false),
    ])
    func pace(wpm: Double, target: Int?, passes: Bool) {
        let task = PracticeTask(seconds: 60, prompt: "p", paceWithin: 25)
        #expect(CurriculumRules.missing(task, in: Self.digest(wpm: wpm, target: target)).isEmpty == passes)
    }

    @Test("pauses: pauses between ideas, not hesitations; a digest without them has none", arguments: [
        (3 as Int?, true), (2, false), (nil, false),
    ])
    func pauses(strategic: Int?, passes: Bool) {
        let task = PracticeTask(seconds: 60, prompt: "p", minPauses: 3)
        #expect(CurriculumRules.missing(task, in: Self.digest(pauses: strategic)).isEmpty == passes)
    }

    @Test("sentences: enough of them, at most two unfinished", arguments: [
        (5, 0, true), (5, 2, true), (5, 3, false), (4, 0, false),
    ])
    func sentences(count: Int, incomplete: Int, passes: Bool) {
        let task = PracticeTask(seconds: 60, prompt: "p", minSentences: 5)
        #expect(CurriculumRules.missing(task, in: Self.digest(sentences: count, incomplete: incomplete)).isEmpty == passes)
    }

    @Test("every failed check is named, with what the take had")
    func everyMissIsNamed() {
        let task = PracticeTask(seconds: 60, prompt: "p", maxFillers: 1, paceWithin: 20, minPauses: 2, minSentences: 4)
        let missing = CurriculumRules.missing(task, in: Self.digest(seconds: 30, words: 20, wpm: 200, fillers: 4, pauses: 0, sentences: 1))
        #expect(missing.count == 6)
        #expect(missing[0] == "Talk for at least 51 seconds (that take was 30 s).")
        #expect(missing[3] == "Keep your pace between 130 and 170 words a minute (that take was 200).")
    }

    // MARK: - Weeks and evidence

    /// Two weeks: a reading, two practices (one strict), a drill, an exercise, a review.
    static let course: [CurriculumWeek] = [
        CurriculumWeek(number: 1, theme: "One", lessons: [
            Lesson(week: 1, number: 1, title: "A", emoji: "🅰️", objective: "o", [
                .read("Read", [LessonSection(.concept, "t", "b")]),
                .practice("Any minute", PracticeTask(seconds: 60, prompt: "p")),
                .practice("Clean minute", PracticeTask(seconds: 60, prompt: "p", maxFillers: 0)),
            ]),
            Lesson(week: 1, number: 2, title: "B", emoji: "🅱️", objective: "o", [
                .drill("Fillers", .fillerElimination),
                .exercise("Breathe", "box-breathing"),
            ]),
        ]),
        CurriculumWeek(number: 2, theme: "Two", lessons: [
            Lesson(week: 2, number: 1, title: "C", emoji: "©️", objective: "o", [
                .review("Look back", takes: 3, [LessonSection(.callout, "q", "?")]),
                .practice("Again", PracticeTask(seconds: 30, prompt: "p")),
            ]),
        ]),
    ]

    static func progress(_ evidence: CurriculumEvidence) -> CurriculumProgress {
        CurriculumRules.progress(of: course, evidence: evidence)
    }

    static func statuses(_ progress: CurriculumProgress) -> [CurriculumProgress.Status] { progress.activities.map(\.status) }

    static let weekOneDone = CurriculumEvidence(
        takes: [take("t1", 1, digest(fillers: 0), for: "w1-l1-a3"), take("t2", 2, digest(fillers: 3), for: "w1-l1-a2")],
        finished: [CurriculumEvidence.Finished(kind: .drill, itemId: "filler-elimination", at: at(3), passed: true),
                   CurriculumEvidence.Finished(kind: .warmUp, itemId: "box-breathing", at: at(4), passed: true)],
        ticks: [CurriculumEvidence.Tick(activityId: "w1-l1-a1", at: at(5))])

    @Test("at the start: week 1 open, week 2 locked, the first lesson current")
    func start() {
        let progress = Self.progress(CurriculumEvidence())
        #expect(progress.weeks.map(\.status) == [.open, .locked])
        #expect(Self.statuses(progress) == [.open, .open, .open, .open, .open, .locked, .locked])
        #expect(progress.currentLesson == "w1-l1")
    }

    @Test("a practice completes only on a take recorded for it: not on another practice's, not on a take of one's own")
    func takesCountForTheirOwnPractice() {
        // t1 is clean and long: it would meet both practices, but it was recorded for the first.
        let progress = Self.progress(CurriculumEvidence(takes: [Self.take("t1", 1, for: "w1-l1-a2"), Self.take("t2", 2, for: nil)]))
        #expect(progress.state(of: "w1-l1-a2")?.takeId == "t1")
        #expect(progress.state(of: "w1-l1-a3")?.status == .open && progress.state(of: "w1-l1-a3")?.missing == nil)
        let mine = Self.progress(CurriculumEvidence(takes: [Self.take("t2", 2, for: nil)]))
        #expect(Self.statuses(mine).allSatisfy { $0 != .done })
    }

    @Test("an open practice says what the latest take recorded for it missed, not what other takes did")
    func openPracticeExplains() {
        let progress = Self.progress(CurriculumEvidence(takes: [
            Self.take("t1", 1, Self.digest(fillers: 2), for: "w1-l1-a3"), Self.take("t2", 2, Self.digest(seconds: 20, words: 50), for: "w1-l1-a3"),
            Self.take("t3", 3, Self.digest(seconds: 5, words: 5), for: nil),
        ]))
        #expect(progress.state(of: "w1-l1-a3")?.missing == ["Talk for at least 51 seconds (that take was 20 s)."])
        #expect(progress.state(of: "w1-l1-a2")?.missing == nil)
        // The clean take for it completes it; a later miss does not undo that.
        let done = Self.progress(CurriculumEvidence(takes: [Self.take("t1", 1, for: "w1-l1-a3"), Self.take("t2", 2, Self.digest(fillers: 5), for: "w1-l1-a3")]))
        #expect(done.state(of: "w1-l1-a3")?.takeId == "t1" && done.state(of: "w1-l1-a3")?.missing == nil)
    }

    @Test("a drill completes only when it passed; an exercise only as its own kind")
    func drillsAndExercises() {
        let failed = Self.progress(CurriculumEvidence(finished: [
            .init(kind: .drill, itemId: "filler-elimination", at: Self.at(1), passed: false),
            .init(kind: .calm, itemId: "box-breathing", at: Self.at(1), passed: true),
            .init(kind: .drill, itemId: "pace-control", at: Self.at(1), passed: true),
        ]))
        #expect(failed.state(of: "w1-l2-a1")?.status == .open)
        #expect(failed.state(of: "w1-l2-a2")?.status == .open)
        let passed = Self.progress(CurriculumEvidence(finished: [.init(kind: .drill, itemId: "filler-elimination", at: Self.at(1), passed: true)]))
        #expect(passed.state(of: "w1-l2-a1")?.status == .done)
    }

    @Test("week 2 opens when the last of week 1 is done, at that moment; nothing from before counts in it")
    func weekOpens() {
        var evidence = Self.weekOneDone
        evidence.takes.append(Self.take("t0", 0.5, Self.digest(seconds: 30, words: 40), for: "w2-l1-a2"))
        let progress = Self.progress(evidence)
        #expect(progress.weeks[0].status == .done && progress.weeks[0].completedAt == Self.at(5))
        #expect(progress.weeks[1].status == .open && progress.weeks[1].openedAt == Self.at(5))
        #expect(progress.state(of: "w2-l1-a2")?.status == .open)  // t0 came before the week opened
        #expect(progress.currentLesson == "w2-l1")
        evidence.takes.append(Self.take("t3", 6, Self.digest(seconds: 30, words: 40), for: "w2-l1-a2"))
        #expect(Self.progress(evidence).state(of: "w2-l1-a2")?.takeId == "t3")
    }

    @Test("a review counts only with takes enough to look back on; the course ends with no current lesson")
    func review() {
        var evidence = Self.weekOneDone
        evidence.ticks.append(.init(activityId: "w2-l1-a1", at: Self.at(6)))
        #expect(Self.progress(evidence).state(of: "w2-l1-a1")?.status == .open)  // 2 takes of 3
        evidence.takes.append(Self.take("t3", 7, Self.digest(seconds: 30, words: 40), for: "w2-l1-a2"))
        let done = Self.progress(evidence)
        #expect(Self.statuses(done).allSatisfy { $0 == .done })
        #expect(done.weeks.map(\.status) == [.done, .done])
        #expect(done.currentLesson == nil)
    }

    @Test("a tick before its week opened does not count")
    func earlyTick() {
        var evidence = Self.weekOneDone
        evidence.takes.append(Self.take("t3", 7, Self.digest(seconds: 30, words: 40), for: "w2-l1-a2"))
        evidence.ticks.append(.init(activityId: "w2-l1-a1", at: Self.at(4)))
        #expect(Self.progress(evidence).state(of: "w2-l1-a1")?.status == .open)
    }

    // MARK: - The course itself

    @Test("eight weeks of four lessons in our own words; every activity can be done")
    func theCourse() {
        let weeks = Course.weeks
        #expect(weeks.map(\.number) == Array(1...8) && weeks.allSatisfy { $0.lessons.count == 4 })
        let lessons = weeks.flatMap(\.lessons)
        let activities = lessons.flatMap(\.activities)
        #expect(Set(lessons.map(\.id)).count == 32 && Set(activities.map(\.id)).count == activities.count)
        #expect(lessons.allSatisfy { !$0.objective.isEmpty && $0.activities.count >= 2 })
        let count = { (kind: LessonActivity.Kind) in activities.filter { $0.kind == kind }.count }
        #expect(count(.reading) >= 32 && count(.practice) >= 28 && count(.drill) >= 6 && count(.exercise) >= 8 && count(.review) >= 4)
        #expect(Set(activities.compactMap(\.drill)) == Set(Drill.Kind.allCases))
        for activity in activities {
            switch activity.kind {
            case .reading: #expect(!activity.sections.isEmpty, "\(activity.id)")
            case .review: #expect((activity.reviewTakes ?? 0) >= 1 && !activity.sections.isEmpty, "\(activity.id)")
            case .drill: #expect(activity.drill != nil, "\(activity.id)")
            case .exercise:
                #expect(activity.exercise.map { PracticeCatalogue.warmUp(id: $0) != nil || PracticeCatalogue.calm(id: $0) != nil } == true, "\(activity.id)")
            case .practice:
                guard let task = activity.practice else { Issue.record("\(activity.id) has no task"); continue }
                // The page offers these lengths; the checks are ones a take can meet.
                #expect([30, 60, 90, 120, 180, 300].contains(task.seconds), "\(activity.id)")
                #expect(!task.prompt.isEmpty && (task.maxFillers ?? 0) >= 0 && (task.paceWithin ?? 20) >= 20, "\(activity.id)")
                #expect((task.minSentences ?? 0) <= task.seconds / 10 && (task.minPauses ?? 0) <= task.seconds / 15, "\(activity.id)")
                #expect(Course.prompt(id: Course.promptPrefix + activity.id)?.text == task.prompt)
            }
        }
        #expect(Course.prompt(id: "course:w1-l1-a1") == nil)  // a reading has no prompt
        #expect(Course.lesson(id: "w8-l4")?.title.isEmpty == false && Course.week(ofActivity: "w3-l2-a1") == 3)
    }

    @Test("the whole course can be finished: a take that meets every check completes every practice")
    func finishable() {
        let activities = Course.weeks.flatMap(\.lessons).flatMap(\.activities)
        var evidence = CurriculumEvidence()
        var minute = 0.0
        for activity in activities {
            minute += 1
            switch activity.kind {
            case .reading, .review: evidence.ticks.append(.init(activityId: activity.id, at: Self.at(minute)))
            case .practice:
                let seconds = Double(activity.practice!.seconds)
                evidence.takes.append(Self.take(activity.id, minute, Self.digest(seconds: seconds, words: Int(seconds * 2.5), pauses: 10, sentences: 40),
                                                for: activity.id))
            case .drill: evidence.finished.append(.init(kind: .drill, itemId: activity.drill!.rawValue, at: Self.at(minute), passed: true))
            case .exercise:
                let id = activity.exercise!
                evidence.finished.append(.init(kind: PracticeCatalogue.warmUp(id: id) != nil ? .warmUp : .calm, itemId: id, at: Self.at(minute), passed: true))
            }
        }
        let progress = CurriculumRules.progress(of: Course.weeks, evidence: evidence)
        #expect(progress.weeks.allSatisfy { $0.status == .done })
        #expect(progress.currentLesson == nil)
        #expect(progress.activities.filter { $0.status != .done }.map { "\($0.id) \($0.missing ?? [])" } == [])
    }

    @Test("a drill that completed one week does not also count in the next, even at the moment it opens")
    func evidenceCountsOnce() {
        let course = [
            CurriculumWeek(number: 1, theme: "One", lessons: [Lesson(week: 1, number: 1, title: "A", emoji: "🅰️", objective: "o", [.drill("D", .paceControl)])]),
            CurriculumWeek(number: 2, theme: "Two", lessons: [Lesson(week: 2, number: 1, title: "B", emoji: "🅱️", objective: "o", [.drill("D", .paceControl)])]),
        ]
        let once = CurriculumEvidence(finished: [.init(kind: .drill, itemId: "pace-control", at: Self.at(1), passed: true)])
        let progress = CurriculumRules.progress(of: course, evidence: once)
        #expect(progress.weeks.map(\.status) == [.done, .open] && progress.weeks[1].openedAt == Self.at(1))
        #expect(progress.state(of: "w2-l1-a1")?.status == .open)
        var twice = once
        twice.finished.append(.init(kind: .drill, itemId: "pace-control", at: Self.at(1), passed: true))
        #expect(CurriculumRules.progress(of: course, evidence: twice).weeks.map(\.status) == [.done, .done])
    }
}
