import Foundation
import Hummingbird
import NIOCore
import Printing
import SpeechCoach
import Storage

/// What leaves SpeakUp as a file: the journal (a PDF a parent or teacher reads) and a take's score
/// card (a PNG to show). Both sit behind the parent gate, as everything that leaves the app (the
/// journal spends the pass; the card keeps it while it lasts, for the themes the grown-up tries),
/// and are drawn on the print queue (a few at a time, one per family).
struct SpeakUpExports {
    let services: Services

    func addRoutes(to kid: AccessGroup<Kid>) {
        kid.post("journal", use: journal)
        kid.post("takes/:takeId/card", use: card)
    }

    struct JournalRequest: Codable {
        /// week, month, 3months or all (month when left out and no days are given).
        var range: String?
        /// YYYY-MM-DD, both included, in `tz`.
        var from: String?
        var to: String?
        var tz: String?
        /// Lists the achievements unlocked in the period (yes when left out).
        var achievements: Bool?
        /// a4 (default) or letter.
        var paper: String?
    }

    @Sendable func journal(_ request: Request, caller: Kid) async throws -> Response {
        let body = try await request.decodeJSON(JournalRequest.self, context: caller.context, limit: 4096)
        let usesGatePass = try services.requireGrownUp(caller.session)
        let calendar = try SpeakUpView.calendar(body.tz, now: services.clock.now())
        let period: JournalPeriod
        do {
            period = try JournalPeriod.resolve(range: body.range, from: body.from, to: body.to, calendar: calendar)
        } catch .unknownRange {
            throw APIError.invalid("range", "range must be one of \(JournalPeriod.Preset.allCases.map(\.rawValue).joined(separator: ", ")).")
        } catch .badDay(let day) {
            throw APIError.invalid(body.from == day ? "from" : "to", "“\(day.prefix(40))” is not a day: write it as YYYY-MM-DD.")
        } catch .endsBeforeStart {
            throw APIError.invalid("to", "The last day (\(body.to ?? "")) comes before the first (\(body.from ?? "")).")
        } catch .startsAfterToday {
            throw APIError.invalid("from", "The first day (\(body.from ?? "")) has not come yet.")
        }
        guard let paper = Paper(rawValue: body.paper ?? "a4") else { throw APIError.invalid("paper", "paper must be a4 or letter.") }

        let (child, scope) = (caller.child, caller.session.scope)
        let found = try await services.speakUp.journalTakes(childId: child.id, in: scope, from: period.start, to: period.end,
                                                           limit: JournalPDF.maximumTakes)
        var prompts: [String: String] = [:]
        for id in Set(found.takes.compactMap(\.promptId)) {
            prompts[id] = try await services.speakUp.prompt(id: id, childId: child.id, in: scope)?.text
        }
        let takes = found.takes.map { take in
            JournalTake(title: take.title, prompt: take.promptId.flatMap { prompts[$0] }, at: take.createdAt, seconds: take.seconds,
                        score: take.analysis.scores.zeroGated ? nil : take.score, stars: take.stars, digest: TakeDigest(take.analysis),
                        pauses: take.analysis.pauses.count, words: Self.words(take.analysis))
        }
        let achievements = body.achievements == false ? [] : try await unlocked(caller, in: period, calendar: calendar)
        let journal = Journal(speaker: child.name, period: period, achievements: achievements, takes: takes, takesInPeriod: found.count,
                              generatedAt: calendar.now, timeZone: calendar.calendar.timeZone)
        // Spent before the render: a pass buys one file, even when two requests race.
        if usesGatePass { try await services.spendGatePass(caller.session) }
        let pdf = try await services.printing.run(for: scope.familyId) { try JournalPDF.render(journal, paper: paper) }
        return Self.file(pdf, type: "application/pdf", name: "speakup-journal-\(Self.fileName(child.name))-\(calendar.today).pdf")
    }

    struct CardRequest: Codable {
        /// midnight, aurora, slate, spotlight or sunshine (sunshine for Show & Tell, midnight otherwise, when left out).
        var theme: String?
        /// Shows the prompt (with "Think you can beat this?" on a scored card).
        var prompt: Bool?
        var tz: String?
    }

    @Sendable func card(_ request: Request, caller: Kid) async throws -> Response {
        let body = try await request.decodeJSON(CardRequest.self, context: caller.context, limit: 4096)
        // The pass is not spent: the sheet draws the card again in each theme the grown-up tries, while the pass lasts.
        _ = try services.requireGrownUp(caller.session)
        let calendar = try SpeakUpView.calendar(body.tz, now: services.clock.now())
        let (child, scope) = (caller.child, caller.session.scope)
        let kids = SpeakUpPromptsController.forKids(child)
        guard let theme = ScoreCard.Theme(rawValue: body.theme ?? (kids ? "sunshine" : "midnight")) else {
            throw APIError.invalid("theme", "theme must be one of \(ScoreCard.Theme.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        let id = SpeakUpTakeID(rawValue: String(try caller.context.parameters.require("takeId").prefix(80)))
        guard let take = try await services.speakUp.take(id: id, childId: child.id, in: scope) else { throw APIError.notFound("take") }
        let prompt = try await take.promptId.asyncFlatMap { try await services.speakUp.prompt(id: $0, childId: child.id, in: scope) }
        let category = prompt.flatMap { prompt in PromptLibrary.standard.categories.first { $0.id == prompt.category }?.name }
        let meta = [category ?? (prompt == nil ? "Free talk" : "Practice"), JournalPDF.duration(take.seconds)].joined(separator: " · ")
        let card = ScoreCard(speaker: child.name, at: take.createdAt, timeZone: calendar.calendar.timeZone, meta: meta,
                             prompt: body.prompt == true ? prompt?.text : nil,
                             score: take.analysis.scores.zeroGated ? nil : take.score, stars: take.stars,
                             subscores: take.analysis.scores.subscores, seconds: take.seconds, wpm: Int(take.wpm.rounded()),
                             words: take.wordCount, fillers: take.fillerCount, theme: theme)
        let png = try await services.printing.run(for: scope.familyId) { try ScoreCardPNG.render(card) }
        return Self.file(png, type: "image/png", name: "speakup-card-\(Self.fileName(child.name))-\(calendar.day(take.createdAt)).png")
    }

    /// The achievements unlocked inside the period.
    private func unlocked(_ caller: Kid, in period: JournalPeriod, calendar: PracticeCalendar) async throws -> [Achievement] {
        let kids = SpeakUpPromptsController.forKids(caller.child)
        let categories = PromptLibrary.standard.categories(forKids: kids).map(\.id)
        let (record, _) = try await SpeakUpHabits(services: services).record(caller, calendar: calendar)
        let achievements = Achievements.forSpeaker(kids: kids, categories: categories.count)
        let states = Achievements.states(achievements, record: record, categories: Set(categories), calendar: calendar)
        return zip(achievements, states).compactMap { achievement, state in
            guard let at = state.unlockedAt, at >= (period.start ?? .distantPast), at < period.end else { return nil }
            return achievement
        }
    }

    static func file(_ data: Data, type: String, name: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .contentDisposition: "attachment; filename=\"\(name)\"", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(data: data)))
    }

    /// The words as the take's page shows them: the filled pauses the recogniser never wrote as words are in too.
    static func words(_ analysis: TakeAnalysis) -> [AnalyzedWord] {
        SpeakUpView.transcript(analysis).map { AnalyzedWord(text: $0.text, start: $0.start, end: $0.end, confidence: 1, isFiller: $0.filler != nil) }
    }

    /// A name safe in a file name and a header: letters and digits (accents dropped, as the page does), the rest as dashes.
    static func fileName(_ name: String) -> String {
        let ascii = name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" }
        let trimmed = String(ascii).split(separator: "-").joined(separator: "-")
        return trimmed.isEmpty ? "speaker" : String(trimmed.prefix(40))
    }
}
