import Foundation
import Storage
import Study

/// What MirrorBuddy's pages read: domain values as JSON, with the counts and places the page needs.
enum MirrorBuddyView {
    struct SubjectView: Codable {
        let id: String
        let names: Subject.Names
        let colour: String
        let emoji: String
        let order: Int
        let hidden: Bool
        let isDefault: Bool
        let materials: Int
        /// Tasks not done yet.
        let tasks: Int

        init(_ subject: Subject, counts: MirrorBuddyStore.SubjectCounts?) {
            (id, names, colour, emoji, order, hidden, isDefault) = (subject.id, subject.names, subject.colour, subject.emoji, subject.order,
                                                                     subject.hidden, subject.isDefault)
            (materials, tasks) = (counts?.materials ?? 0, counts?.tasks ?? 0)
        }
    }

    struct Quest: Codable {
        let id: WeeklyQuest.ID
        let emoji: String
        let target: Int
        let baseXP: Int
        let level: WeeklyQuest.Level
        let xp: Int
    }
    struct QuestView: Codable {
        let quest: Quest
        let current: Int
        let done: Bool
    }

    struct Progress: Codable {
        let xp: Int
        let level: StudyProgress.Level
        let streak: StudyProgress.Streak
        let minutesToday: Double
        let minutesThisWeek: Double
        let badges: [BadgeState]
        let quests: [QuestView]

        init(_ summary: StudyProgress.Summary) {
            (xp, level, streak, minutesToday, minutesThisWeek, badges) = (summary.xp, summary.level, summary.streak, summary.minutesToday,
                                                                          summary.minutesThisWeek, summary.badges)
            quests = summary.quests.map { state in
                QuestView(quest: Quest(id: state.quest.id, emoji: state.quest.emoji, target: state.quest.target, baseXP: state.quest.baseXP,
                                       level: state.quest.level, xp: state.quest.xp),
                          current: state.current, done: state.done)
            }
        }
    }

    struct MaterialSummaryView: Codable {
        let id: String
        let title: String
        let subjectId: String?
        let source: StudyMaterial.Source
        let status: StudyMaterial.Status
        let failure: String?
        let failureCode: String?
        let language: StudyLanguage
        let words: Int
        let pages: Int
        let createdAt: Date
        let snippet: String?

        init(_ summary: MaterialSummary) {
            (id, title, subjectId, source, status, failure) = (summary.id, summary.title, summary.subjectId, summary.source, summary.status,
                                                               summary.failure)
            failureCode = summary.failureCode
            (language, words, pages, createdAt, snippet) = (summary.language, summary.words, summary.pages, summary.createdAt, summary.snippet)
        }
    }

    /// A stretch of the text, in UTF-16 code units (what the page's strings count).
    struct Span: Codable, Equatable {
        let start: Int
        let end: Int
    }

    /// A material with its text: the summary's fields, but `words` is where each word is (its count is their number).
    struct MaterialView: Codable {
        let id: String
        let title: String
        let subjectId: String?
        let source: StudyMaterial.Source
        let status: StudyMaterial.Status
        let failure: String?
        let failureCode: String?
        let language: StudyLanguage
        let pages: Int
        let createdAt: Date
        let text: String
        let pageTexts: [String]
        let sentences: [Span]
        let words: [Span]

        init(_ material: StudyMaterial) {
            let text = material.text
            (id, title, subjectId, source, status, failure) = (material.id, material.title, material.subjectId, material.source, material.status,
                                                               material.failure)
            failureCode = material.failureCode
            (language, pages, createdAt, self.text, pageTexts) = (material.language, material.pages.count, material.createdAt, text, material.pages)
            words = ReadingText.words(text).map { Span(start: $0.start, end: $0.end) }
            sentences = MirrorBuddyView.sentenceSpans(text, language: material.language)
        }
    }

    /// Where each sentence is in `text`: the sentences found in order, each looked for after the last.
    static func sentenceSpans(_ text: String, language: StudyLanguage) -> [Span] {
        let utf16 = Array(text.utf16)
        var spans: [Span] = []
        var from = 0
        for sentence in ReadingText.sentences(text, language: language) {
            let needle = Array(sentence.utf16)
            guard !needle.isEmpty, let start = firstIndex(of: needle, in: utf16, from: from) else { continue }
            spans.append(Span(start: start, end: start + needle.count))
            from = start + needle.count
        }
        return spans
    }

    private static func firstIndex(of needle: [UInt16], in haystack: [UInt16], from: Int) -> Int? {
        guard needle.count <= haystack.count - from else { return nil }
        var index = from
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0] && Array(haystack[index..<index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }

    struct TaskView: Codable {
        let id: String
        let title: String
        let notes: String
        let due: Date?
        let priority: Int
        let subjectId: String?
        let materialId: String?
        let createdAt: Date
        let completedAt: Date?
        let section: TaskSection
        let urgency: StudyTasks.Urgency

        init(_ task: StudyTask, days: StudyDays) {
            (id, title, notes, due, priority, subjectId) = (task.id, task.title, task.notes, task.due, task.priority, task.subjectId)
            (materialId, createdAt, completedAt) = (task.materialId, task.createdAt, task.completedAt)
            section = StudyTasks.section(of: task, days: days)
            urgency = StudyTasks.urgency(of: task, now: days.now)
        }
    }

    /// The student's days from the page's `tz` (UTC without one).
    static func days(_ tz: String?, now: Date) throws -> StudyDays {
        StudyDays(timeZone: try TimeZone(query: tz), now: now)
    }
}
