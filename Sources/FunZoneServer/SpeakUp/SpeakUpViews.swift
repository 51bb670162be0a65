import Foundation
import Hub
import SpeechCoach
import Storage

/// SpeakUp's answers as the page reads them (Web/speakup; openapi.yaml).
enum SpeakUpView {
    enum Mode: String, Codable { case showAndTell, coach }

    static func mode(grade: Int) -> Mode { ShowAndTell.grades.contains(grade) ? .showAndTell : .coach }

    /// The mean of `scores`, rounded to a whole score; nil for none (Today's last-20 average, the parent's overall one).
    static func roundedMean(_ scores: [Int]) -> Int? {
        scores.isEmpty ? nil : Int((Double(scores.reduce(0, +)) / Double(scores.count)).rounded())
    }

    struct Speaker: Codable {
        let name: String
        let grade: Int
        let mode: Mode
    }

    struct Prompt: Codable {
        let id: String
        let text: String
        let category: String
        let categoryName: String
        let difficulty: SpeakingPrompt.Difficulty
        let seconds: Int
        let forKids: Bool
        let emoji: String?

        init(_ prompt: SpeakingPrompt, library: PromptLibrary = .standard) {
            id = prompt.id
            text = prompt.text
            category = prompt.category
            categoryName = library.categories.first { $0.id == prompt.category }?.name ?? prompt.category
            difficulty = prompt.difficulty
            seconds = prompt.seconds
            forKids = prompt.forKids
            emoji = prompt.emoji
        }
    }

    struct Settings: Codable {
        let targetWPM: Int
        let learnTarget: Bool
        let learnedWPM: Int?
        let countdown: Int
        let defaultSeconds: Int
        let timerEnd: SpeakUpSettings.TimerEnd
        let fillers: Fillers
        let weights: [String: Int]
        let trackPauses: Bool
        let trackFillers: Bool
        /// The default fillers `fillers.removed` may name.
        let defaultFillers: [String]
        /// The weights a fresh profile has (what "reset" goes back to).
        let defaultWeights: [String: Int]

        static func table(_ weights: ScoreWeights) -> [String: Int] {
            Dictionary(uniqueKeysWithValues: SpeechCoach.Dimension.allCases.map { ($0.rawValue, weights[$0]) })
        }

        struct Fillers: Codable {
            let always: [String]
            let context: [String]
            let removed: [String]
        }

        init(_ settings: SpeakUpSettings) {
            targetWPM = settings.coach.targetWPM
            learnTarget = settings.coach.autoPace
            learnedWPM = settings.coach.learnedWPM
            countdown = settings.countdown
            defaultSeconds = settings.defaultSeconds
            timerEnd = settings.timerEnd
            fillers = Fillers(always: settings.coach.fillers.alwaysFillers, context: settings.coach.fillers.contextFillers,
                              removed: settings.coach.fillers.removedDefaults)
            weights = Self.table(settings.coach.weights)
            trackPauses = settings.coach.trackPauses
            trackFillers = settings.coach.trackFillers
            defaultFillers = FillerLists.removableDefaults
            defaultWeights = Self.table(.default)
        }
    }

    struct Summary: Codable {
        let id: SpeakUpTakeID
        let title: String
        let createdAt: Date
        let seconds: Double
        let wordCount: Int
        let wpm: Int
        let fillerCount: Int
        let score: Int?
        let stars: Int?
        let favorite: Bool
        let promptId: String?
        let hasAudio: Bool
        let snippet: String?

        init(_ take: SpeakUpTakeSummary) {
            id = take.id
            title = take.title
            createdAt = take.createdAt
            seconds = take.seconds
            wordCount = take.wordCount
            wpm = Int(take.wpm.rounded())
            fillerCount = take.fillerCount
            score = take.score
            stars = take.stars
            favorite = take.favorite
            promptId = take.promptId
            hasAudio = take.hasAudio
            snippet = take.snippet
        }
    }

    struct TranscriptItem: Codable {
        let text: String
        let start: Double
        let end: Double
        let filler: HeardFiller.Kind?
    }

    struct Averages: Codable {
        let takes: Int
        let score: Int?
        let wpm: Int
        let fillerCount: Double
        let subscores: [String: Int]
    }

    struct Previous: Codable {
        let id: SpeakUpTakeID
        let score: Int?
    }

    struct Take: Codable {
        let id: SpeakUpTakeID
        let title: String
        let createdAt: Date
        let seconds: Double
        let wordCount: Int
        let wpm: Int
        let fillerCount: Int
        let score: Int?
        let stars: Int?
        let favorite: Bool
        let promptId: String?
        let hasAudio: Bool
        let snippet: String?
        let prompt: Prompt?
        let analysis: TakeAnalysis
        let transcript: [TranscriptItem]
        let levels: [Double]?
        let averages: Averages?
        let previous: Previous?
        let showAndTell: ShowAndTell.Result?
        /// The family challenges this take answered (oldest first), and how it did against each.
        let challenges: [ChallengeAnswer]
    }

    /// Someone of the family, as a challenge names them.
    struct Person: Codable, Equatable {
        let id: String
        let name: String
        let avatar: String
        /// Show & Tell: the page shows stars, never numbers.
        let showAndTell: Bool
    }

    /// What a take did against the challenge it answered.
    struct ChallengeAnswer: Codable {
        let id: String
        let from: Person?
        let measure: FamilyChallenge.Measure
        let target: Int
        /// The take in the challenge's measure.
        let value: Int
        let outcome: ChallengeOutcome
    }

    /// Words and fillers in time order, each filler marked with its kind: the words the coach
    /// judged fillers ("like", "so"), and the sounds the recogniser never wrote as words ("um").
    static func transcript(_ analysis: TakeAnalysis) -> [TranscriptItem] {
        let fillers = analysis.fillers.items
        func overlaps(_ filler: FillerItem, _ start: Double, _ end: Double) -> Bool { min(filler.end, end) > max(filler.start, start) }
        let words = analysis.words.map { word in
            TranscriptItem(text: word.text, start: word.start, end: word.end,
                           filler: word.isFiller ? (fillers.first { overlaps($0, word.start, word.end) }?.kind ?? .lexical) : nil)
        }
        let sounds = fillers.filter { filler in !analysis.words.contains { overlaps(filler, $0.start, $0.end) } }
            .map { TranscriptItem(text: $0.text, start: $0.start, end: $0.end, filler: $0.kind) }
        return (words + sounds).sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    }
}

extension SpeakUpView {
    /// Days in the speaker's time zone (`tz`, an IANA name the page sends), UTC when none is given.
    static func calendar(_ tz: String?, now: Date) throws -> PracticeCalendar {
        PracticeCalendar(timeZone: try TimeZone(query: tz), now: now)
    }
}
