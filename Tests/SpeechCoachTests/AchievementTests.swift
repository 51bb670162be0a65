import Foundation
import Testing
@testable import SpeechCoach

/// Every achievement unlocks exactly when it should: not one take, day, drill or point before, and
/// at the moment of the thing that won it.
@Suite("achievements")
struct AchievementTests {
    static let calendar = PracticeCalendar(timeZone: TimeZone(identifier: "UTC")!, now: GoalTests.day(400))
    static let coach = Achievements.forSpeaker(kids: false, categories: 3)
    static let categories: Set<String> = ["storytelling", "persuade", "quick-fire"]

    static func state(_ id: Achievement.ID, _ record: SpeakerRecord, kids: Bool = false) -> AchievementState {
        let achievement = Achievements.forSpeaker(kids: kids, categories: 3).first { $0.id == id }!
        return Achievements.states([achievement], record: record, categories: categories, calendar: calendar)[0]
    }

    static func takes(_ count: Int, _ make: (Int) -> TakeFacts = { GoalTests.take(Double($0)) }) -> [TakeFacts] {
        (0..<count).map { var take = make($0); take.id = "t\($0)"; return take }
    }

    static func finished(_ kind: PracticeKind, _ ids: [String], passed: Bool = true) -> [CurriculumEvidence.Finished] {
        ids.enumerated().map { .init(kind: kind, itemId: $0.element, at: GoalTests.day(Double($0.offset)), passed: passed) }
    }

    @Test("at least 13, each id once, every one in a speaker's set")
    func catalogue() {
        #expect(Achievements.all.count >= 13 && Set(Achievements.all.map(\.id)).count == Achievements.all.count)
        #expect(Achievement.ID.allCases.allSatisfy { id in Achievements.all.contains { $0.id == id } })
        let kids = Achievements.forSpeaker(kids: true, categories: 5)
        #expect(kids.count >= 10 && !kids.contains { $0.id == .score80 } && kids.contains { $0.id == .fiveStars })
        #expect(!Self.coach.contains { $0.id == .fiveStars } && Self.coach.first { $0.id == .wellRounded }?.target == 3)
    }

    @Test("take counts: at the 1st, 10th, 50th and 100th take", arguments: [
        (Achievement.ID.firstTake, 1), (.tenTakes, 10), (.fiftyTakes, 50), (.hundredTakes, 100),
    ])
    func takeCounts(id: Achievement.ID, count: Int) {
        let short = Self.state(id, SpeakerRecord(takes: Self.takes(count - 1)))
        #expect(short.unlockedAt == nil && short.current == count - 1)
        let won = Self.state(id, SpeakerRecord(takes: Self.takes(count + 2)))
        #expect(won.unlockedAt == GoalTests.day(Double(count - 1)) && won.current == count)
    }

    @Test("streaks: the day that makes the run long enough; a missed day starts again; two takes a day count once", arguments: [
        (Achievement.ID.streak3, 3), (.streak7, 7), (.streak30, 30),
    ])
    func streaks(id: Achievement.ID, days: Int) {
        let run = Self.takes(days) { GoalTests.take(Double($0)) } + [GoalTests.take(Double(days - 1) + 0.2)]
        #expect(Self.state(id, SpeakerRecord(takes: run)).unlockedAt == GoalTests.day(Double(days - 1)))
        let broken = Self.takes(days) { GoalTests.take(Double($0 < days - 1 ? $0 : $0 + 1)) }
        let state = Self.state(id, SpeakerRecord(takes: broken))
        #expect(state.unlockedAt == nil && state.current == days - 1)
    }

    @Test("scores: the first take at or over the mark", arguments: [(Achievement.ID.score80, 80), (.score95, 95)])
    func scores(id: Achievement.ID, mark: Int) {
        let below = Self.state(id, SpeakerRecord(takes: Self.takes(3) { GoalTests.take(Double($0), score: mark - 1) }))
        #expect(below.unlockedAt == nil && below.current == mark - 1)
        let takes = Self.takes(3) { GoalTests.take(Double($0), score: $0 == 1 ? mark : nil) }
        #expect(Self.state(id, SpeakerRecord(takes: takes)).unlockedAt == GoalTests.day(1))
    }

    @Test("five stars, for Show & Tell")
    func fiveStars() {
        let four = SpeakerRecord(takes: Self.takes(2) { TakeFacts(id: "", at: GoalTests.day(Double($0)), seconds: 40, words: 60, stars: 4) })
        #expect(Self.state(.fiveStars, four, kids: true).unlockedAt == nil)
        let five = SpeakerRecord(takes: Self.takes(2) { TakeFacts(id: "", at: GoalTests.day(Double($0)), seconds: 40, words: 60, stars: $0 == 1 ? 5 : 3) })
        #expect(Self.state(.fiveStars, five, kids: true).unlockedAt == GoalTests.day(1))
    }

    @Test("clean speech: 25 words or more and no filler (a word or two without one is not clean speech)")
    func cleanSpeech() {
        let record = SpeakerRecord(takes: [GoalTests.take(0, words: 24, fillers: 0), GoalTests.take(1, words: 80, fillers: 1),
                                           GoalTests.take(2, words: 25, fillers: 0)])
        #expect(Self.state(.cleanSpeech, record).unlockedAt == GoalTests.day(2))
    }

    @Test("well rounded: the take that answers the last category; other categories and free takes do not count")
    func wellRounded() {
        let categories = ["storytelling", nil, "course", "persuade", "storytelling", "quick-fire"]
        let takes = categories.enumerated().map { GoalTests.take(Double($0.offset), category: $0.element) }
        #expect(Self.state(.wellRounded, SpeakerRecord(takes: takes)).unlockedAt == GoalTests.day(5))
        let two = Self.state(.wellRounded, SpeakerRecord(takes: Array(takes.prefix(5))))
        #expect(two.unlockedAt == nil && two.current == 2 && two.target == 3)
    }

    @Test("brave listener: when the speaker first listened back, which can happen")
    func braveListener() {
        var takes = Self.takes(3)
        #expect(Self.state(.braveListener, SpeakerRecord(takes: takes)).unlockedAt == nil)
        takes[1].listenedAt = GoalTests.day(5)
        takes[2].listenedAt = GoalTests.day(3)
        #expect(Self.state(.braveListener, SpeakerRecord(takes: takes)).unlockedAt == GoalTests.day(3))
    }

    @Test("drills: a pass, not a try; all four different drills passed")
    func drills() {
        let tried = SpeakerRecord(practice: Self.finished(.drill, ["pace-control"], passed: false))
        #expect(Self.state(.drillPassed, tried).unlockedAt == nil)
        let kinds = ["pace-control", "pace-control", "filler-elimination", "pause-practice", "impromptu-sprint"]
        let record = SpeakerRecord(practice: Self.finished(.drill, kinds))
        #expect(Self.state(.drillPassed, record).unlockedAt == GoalTests.day(0))
        #expect(Self.state(.allDrills, record).unlockedAt == GoalTests.day(4))
        #expect(Self.state(.allDrills, SpeakerRecord(practice: Self.finished(.drill, Array(kinds.prefix(4))))).current == 3)
    }

    @Test("story reader: three different passages; the same one again does not count")
    func storyReader() {
        let record = SpeakerRecord(practice: Self.finished(.readAloud, ["a", "a", "b", "c"], passed: false))
        #expect(Self.state(.storyReader, record).unlockedAt == GoalTests.day(3))
        #expect(Self.state(.storyReader, SpeakerRecord(practice: Self.finished(.readAloud, ["a", "a", "b"]))).unlockedAt == nil)
    }

    @Test("warmed up: the tenth warm-up or calm exercise; drills are not warm-ups")
    func warmedUp() {
        let nine = Self.finished(.warmUp, Array(repeating: "box-breathing", count: 5)) + Self.finished(.calm, Array(repeating: "safe-place", count: 4))
        #expect(Self.state(.warmedUp, SpeakerRecord(practice: nine + Self.finished(.drill, ["pace-control"]))).unlockedAt == nil)
        let ten = nine + [.init(kind: .calm, itemId: "safe-place", at: GoalTests.day(9), passed: true)]
        #expect(Self.state(.warmedUp, SpeakerRecord(practice: ten)).unlockedAt == GoalTests.day(9))
    }

    @Test("the course: a week done, then all eight")
    func course() {
        let seven = (0..<7).map { GoalTests.day(Double($0)) }
        #expect(Self.state(.courseWeek, SpeakerRecord(weeksDone: seven)).unlockedAt == GoalTests.day(0))
        #expect(Self.state(.graduate, SpeakerRecord(weeksDone: seven)).unlockedAt == nil)
        #expect(Self.state(.graduate, SpeakerRecord(weeksDone: seven + [GoalTests.day(9)])).unlockedAt == GoalTests.day(9))
        #expect(Self.state(.courseWeek, SpeakerRecord()).unlockedAt == nil)
    }

    @Test("goal getter: the first goal reached")
    func goalGetter() {
        #expect(Self.state(.goalGetter, SpeakerRecord()).unlockedAt == nil)
        #expect(Self.state(.goalGetter, SpeakerRecord(goalsReached: [GoalTests.day(4), GoalTests.day(2)])).unlockedAt == GoalTests.day(2))
    }

    @Test("challenge accepted: a take that met its own day's challenge, not another day's")
    func challengeAccepted() {
        let day = Self.calendar.day(GoalTests.day(3))
        let challenge = DailyChallenge.of(day: day)
        let other = DailyChallenge.Kind.allCases.first { $0 != challenge.kind && DailyChallenge.challenge($0).category != nil && challenge.category == nil }
            ?? .zeroFillers
        // A take on day 3 that meets only some other challenge…
        var miss = GoalTests.take(3, seconds: 20, words: 30, fillers: 3, score: 10, wpm: 60, category: DailyChallenge.challenge(other).category)
        miss.id = "miss"
        #expect(DailyChallenge.of(day: day).isMet(by: miss) == false)
        #expect(Self.state(.challengeAccepted, SpeakerRecord(takes: [miss])).unlockedAt == nil)
        // …and one that meets its own.
        #expect(Self.state(.challengeAccepted, SpeakerRecord(takes: [miss, GoalTests.meeting(challenge, at: 3.1)])).unlockedAt == GoalTests.day(3.1))
    }
}
