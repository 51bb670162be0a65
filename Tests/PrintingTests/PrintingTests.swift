import Foundation
import Testing
@testable import Printing
import SpeechCoach
import TestSupport

/// The journal PDF and the score card, drawn for real with cairo and pango: the bytes are a PDF or a
/// PNG of the promised size, the text is in the PDF, a long transcript runs over pages.
@Suite("printing")
struct PrintingTests {
    static let now = Date(timeIntervalSince1970: 1_773_565_200)

    static func words(_ text: String) -> [AnalyzedWord] {
        text.split(separator: " ").enumerated().map { index, word in
            AnalyzedWord(text: String(word), start: Double(index) * 0.4, end: Double(index) * 0.4 + 0.3, confidence: 0.9,
                         isFiller: ["um", "uh", "like"].contains(word))
        }
    }

    static func take(_ title: String, score: Int?, stars: Int? = nil, transcript: String) -> JournalTake {
        var subscores = Subscores()
        (subscores.clarity, subscores.pace, subscores.fillers, subscores.pauses) = (70, 64, 80, 55)
        let digest = TakeDigest(overall: score ?? 0, subscores: subscores, fillerWords: ["um": 2, "like": 1], scored: score != nil,
                                duration: 62, wordCount: 140, speakingWPM: 138)
        return JournalTake(title: title, prompt: "Tell us about a place you love", at: now, seconds: 62, score: score, stars: stars,
                           digest: digest, pauses: 6, words: words(transcript))
    }

    static func journal(_ takes: [JournalTake]) throws -> Journal {
        let calendar = PracticeCalendar(timeZone: .gmt, now: now)
        return Journal(speaker: "Leo <Rossi> & co", period: try JournalPeriod.resolve(range: "week", from: nil, to: nil, calendar: calendar),
                       achievements: Array(Achievements.all.prefix(2)), takes: takes, takesInPeriod: takes.count, generatedAt: now, timeZone: .gmt)
    }

    @Test("a journal is a PDF with the summary, the achievements and every take's words, markup-unsafe names escaped")
    func journal() throws {
        let data = try JournalPDF.render(try Self.journal([
            Self.take("Morning talk", score: 72, transcript: "so um I went to the lake and like it was great"),
            Self.take("Evening <story>", score: 58, transcript: "the dog uh ran & jumped <b>high</b>"),
        ]))
        #expect(data.starts(with: Array("%PDF-".utf8)))
        let text = try PDFText.read(data)
        for expected in ["SpeakUp journal", "Leo <Rossi> & co", "Average score: 65", "First Steps", "Morning talk", "Evening <story>",
                         "I went to the lake", "ran & jumped <b>high</b>", "Score 72 · Solid", "(8 Mar 2026 – 15 Mar 2026)"] {
            #expect(text.contains(expected), "missing \(expected)")
        }
    }

    @Test("a long transcript runs over pages instead of off the paper; Letter paper is another size")
    func longTranscript() throws {
        let long = Array(repeating: "we walked along the river and um talked about the long summer", count: 400).joined(separator: " ")
        let data = try JournalPDF.render(try Self.journal([Self.take("Long one", score: 70, transcript: long)]))
        let pages = String(decoding: data, as: UTF8.self).components(separatedBy: "/Type /Page").dropFirst().filter { !$0.hasPrefix("s") }.count
        #expect(pages >= 5)
        let letter = try JournalPDF.render(try Self.journal([Self.take("Long one", score: 70, transcript: long)]), paper: .letter)
        #expect(letter != data)
        let text = try PDFText.read(data)
        #expect(text.components(separatedBy: "\u{0C}").count >= 5, "\(pages)")
        #expect(text.contains("Page 4"))
    }

    @Test("an empty period still makes a journal that says so")
    func empty() throws {
        let data = try JournalPDF.render(try Self.journal([]))
        let text = try PDFText.read(data)
        #expect(text.contains("No takes in this period yet."))
    }

    @Test("score cards are 1200 × 1560 PNGs in every theme, for a scored take and for Show & Tell stars")
    func scoreCards() throws {
        var seen = Set<Data>()
        for theme in ScoreCard.Theme.allCases {
            for stars in [nil, 4] as [Int?] {
                var subscores = Subscores()
                (subscores.clarity, subscores.pace, subscores.fillers, subscores.pauses, subscores.delivery) = (80, 60, 90, 40, 70)
                let card = ScoreCard(speaker: "Leo", at: Self.now, timeZone: .gmt, meta: "Storytelling · 1 min 02 s",
                                     prompt: "Describe your favourite place", score: stars == nil ? 77 : nil,
                                     stars: stars, subscores: subscores, seconds: 62, wpm: 141, words: 146, fillers: 3, theme: theme)
                let png = try ScoreCardPNG.render(card)
                #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
                let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
                #expect(width == 1200 && height == 1560)
                seen.insert(png)
            }
        }
        #expect(seen.count == ScoreCard.Theme.allCases.count * 2)
    }
}
