import Foundation
import SpeechCoach

/// The journal as a PDF (speakup.md §1.17, with the transcript's fillers marked): a title page with
/// the summary, the sub-score averages as bars, the most common fillers and the achievements, then
/// every take with its numbers and its words. Text is laid out by pango (wrapping, any script, emoji).
public enum JournalPDF {
    /// The most takes one journal prints in full: about 500 pages at the longest takes, a few seconds to render.
    public static let maximumTakes = 250

    static let ink = RGB(0x0F172A), muted = RGB(0x475569), accent = RGB(0x7C3AED), rule = RGB(0xE2E8F0)
    static let fillerMark = RGB(0xFDE68A)

    public static func render(_ journal: Journal, paper: Paper = .a4) throws -> Data {
        let generated = formatted(journal.generatedAt, journal.timeZone, time: true)
        let flow = try PageFlow(paper: paper, title: "SpeakUp journal: \(journal.speaker)", author: journal.speaker,
                                footer: "SpeakUp journal of \(journal.speaker) · made by Kids Fun Zone on \(generated)")
        header(journal, flow)
        summary(journal, flow)
        averages(journal.summary, flow)
        fillers(journal.summary, flow)
        if !journal.achievements.isEmpty { achievements(journal.achievements, flow) }
        takes(journal, flow)
        return try flow.finish()
    }

    private static func header(_ journal: Journal, _ flow: PageFlow) {
        flow.text("SpeakUp journal", font: Font(28, bold: true), color: accent, after: 2)
        flow.text(journal.speaker, font: Font(18, bold: true), color: ink, after: 2)
        let from = journal.period.start.map { formatted($0, journal.timeZone) } ?? journal.takes.first.map { formatted($0.at, journal.timeZone) }
        // The period's end is exclusive: the last day shown is the one before it.
        let dates = from.map { " (\($0) – \(formatted(journal.period.end.addingTimeInterval(-1), journal.timeZone)))" } ?? ""
        flow.text(journal.period.title + dates, font: Font(12), color: muted, after: 14)
    }

    private static func summary(_ journal: Journal, _ flow: PageFlow) {
        let summary = journal.summary
        section("Summary", flow)
        var lines = ["Takes: \(summary.takes)", "Minutes spoken: \(String(format: "%.1f", summary.minutes))"]
        if let average = summary.averageScore { lines.append("Average score: \(average)") }
        if let stars = summary.averageStars { lines.append("Average stars: \(String(format: "%.1f", stars)) of 5") }
        if let change = summary.scoreChange { lines.append("Score change, first to latest: \(change > 0 ? "+" : "")\(change)") }
        if let improved = summary.mostImproved { lines.append("Most improved: \(improved.dimension.title) (+\(improved.points))") }
        if journal.takes.isEmpty { lines.append("No takes in this period yet.") }
        if journal.takesInPeriod > journal.takes.count {
            lines.append("This summary and the pages below cover the \(journal.takes.count) newest of the period's \(journal.takesInPeriod) takes.")
        }
        for line in lines { flow.text(line, font: Font(12), color: ink, after: 3) }
        flow.space(10)
    }

    private static func averages(_ summary: JournalSummary, _ flow: PageFlow) {
        guard !summary.averages.isEmpty else { return }
        section("Sub-score averages", flow)
        for average in summary.averages {
            flow.block(height: 16, after: 3) { canvas, x, y in
                canvas.text(average.dimension.title, x: x, y: y, width: 120, font: Font(10), color: ink)
                let barX = x + 125, barWidth = flow.width - 165
                canvas.rectangle(x: barX, y: y + 3, width: barWidth, height: 9, color: rule, radius: 4)
                canvas.rectangle(x: barX, y: y + 3, width: barWidth * Double(average.value) / 100, height: 9, color: accent, radius: 4)
                canvas.text("\(average.value)", x: barX + barWidth + 6, y: y, width: 34, font: Font(10, bold: true), color: ink, align: .right)
            }
        }
        flow.space(10)
    }

    private static func fillers(_ summary: JournalSummary, _ flow: PageFlow) {
        section("Most common fillers", flow)
        let text = summary.commonFillers.isEmpty ? "None heard in this period."
            : summary.commonFillers.map { "“\($0.word)” × \($0.count)" }.joined(separator: "   ")
        flow.text(text, font: Font(11), color: ink, after: 14)
    }

    private static func achievements(_ achievements: [Achievement], _ flow: PageFlow) {
        section("Achievements unlocked", flow)
        for achievement in achievements {
            flow.text("\(achievement.emoji)  <b>\(escaped(achievement.title))</b>: \(escaped(achievement.summary))",
                      font: Font(11), color: ink, markup: true, after: 3)
        }
        flow.space(10)
    }

    private static func takes(_ journal: Journal, _ flow: PageFlow) {
        guard !journal.takes.isEmpty else { return }
        flow.newPage()
        section("Every take", flow)
        for take in journal.takes {
            flow.reserve(90)
            flow.canvas.line(from: (flow.left, flow.y), to: (flow.left + flow.width, flow.y), color: rule, width: 0.75)
            flow.space(6)
            flow.text(take.title, font: Font(14, bold: true), color: ink, after: 1)
            flow.text("\(formatted(take.at, journal.timeZone, time: true)) · \(duration(take.seconds))", font: Font(10), color: muted, after: 3)
            if let prompt = take.prompt { flow.text("Prompt: \(prompt)", font: Font(10), color: muted, after: 3) }
            flow.text(result(take), font: Font(12, bold: true), color: accent, after: 3)
            let core = JournalSummary.core.compactMap { dimension in take.digest.subscores[dimension].map { "\(dimension.title) \($0)" } }
            if take.score != nil && !core.isEmpty { flow.text(core.joined(separator: " · "), font: Font(10), color: ink, after: 2) }
            flow.text("\(Int(take.digest.speakingWPM.rounded())) words a minute · \(take.digest.wordCount) words · "
                      + "\(take.digest.fillerCount) fillers · \(take.pauses) pauses", font: Font(10), color: ink, after: 2)
            if !take.topFillers.isEmpty {
                flow.text("Fillers: " + take.topFillers.map { "“\($0.word)” × \($0.count)" }.joined(separator: ", "),
                          font: Font(10), color: ink, after: 2)
            }
            flow.space(4)
            flow.paragraph(transcript(take.words), font: Font(10.5), color: ink, markup: true, after: 12)
        }
    }

    private static func section(_ title: String, _ flow: PageFlow) {
        flow.reserve(60)
        flow.text(title, font: Font(18, bold: true), color: ink, after: 6)
    }

    static func result(_ take: JournalTake) -> String {
        if let stars = take.stars { return String(repeating: "★", count: stars) + String(repeating: "☆", count: max(0, 5 - stars)) }
        guard let score = take.score else { return "Not scored (too short or unclear)" }
        return "Score \(score) · \(Verdict(score: score).rawValue)"
    }

    /// The words as pango markup, each filler on a yellow mark.
    static func transcript(_ words: [AnalyzedWord]) -> String {
        guard !words.isEmpty else { return "<i>No words were heard.</i>" }
        return words.map { word in
            word.isFiller ? "<span background=\"#FDE68A\">\(escaped(word.text))</span>" : escaped(word.text)
        }.joined(separator: " ")
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;")
    }

    public static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole < 60 ? "\(whole) s" : "\(whole / 60) min \(String(format: "%02d", whole % 60)) s"
    }

    static func formatted(_ date: Date, _ zone: TimeZone, time: Bool = false) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = zone
        formatter.dateFormat = time ? "d MMM yyyy, HH:mm" : "d MMM yyyy"
        return formatter.string(from: date)
    }
}

extension SpeechCoach.Dimension {
    /// The name the pages use.
    public var title: String {
        switch self {
        case .clarity: "Clarity"
        case .pace: "Pace"
        case .fillers: "Fillers"
        case .pauses: "Pauses"
        case .vocalVariety: "Vocal variety"
        case .delivery: "Delivery"
        case .vocabulary: "Vocabulary"
        case .structure: "Structure"
        case .relevance: "Relevance"
        }
    }
}
