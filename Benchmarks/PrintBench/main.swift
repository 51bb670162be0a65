// SpeakUp's printed figures, each as a ratio to a baseline measured in the same run:
//   - the journal PDF of 100 takes (1 to 3 minutes each, every word of each transcript), its time,
//     pages and size, against a one-page PDF with one line of text (cairo and pango's fixed cost);
//   - the score card PNG (1200 × 1560), against encoding a blank PNG of that size with cairo.
// Run: swift run -c release print-bench [--out folder]   (writes the journal and a card there to look at)
import Foundation
import Printing
import SpeechCoach

func median(_ runs: Int, _ work: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        try work()
        let elapsed = ContinuousClock.now - start
        times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }
    return times.sorted()[times.count / 2]
}

let vocabulary = ["today", "I", "want", "to", "tell", "you", "about", "the", "summer", "we", "spent", "by", "the", "lake", "with",
                  "my", "grandparents", "and", "how", "we", "learned", "to", "fish", "before", "sunrise", "every", "morning"]
let fillers = ["um", "uh", "like", "so", "you know"]

/// 100 takes a month apart, seeded so runs repeat: 60–180 s at about 140 words a minute, a filler every 15–30 words.
func takes(_ count: Int) -> [JournalTake] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func random(_ range: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(range))
    }
    let start = Date(timeIntervalSince1970: 1_767_225_600)
    return (0..<count).map { index in
        let seconds = Double(60 + random(121))
        let wordCount = Int(seconds * 140 / 60)
        var words: [AnalyzedWord] = [], counts: [String: Int] = [:]
        for position in 0..<wordCount {
            let filler = random(22) == 0
            let text = filler ? fillers[random(fillers.count)] : vocabulary[(position + index) % vocabulary.count]
            if filler { counts[text, default: 0] += 1 }
            words.append(AnalyzedWord(text: text, start: Double(position) * 0.43, end: Double(position) * 0.43 + 0.35, confidence: 0.9, isFiller: filler))
        }
        var subscores = Subscores()
        (subscores.clarity, subscores.pace, subscores.fillers, subscores.pauses) = (50 + random(40), 55 + random(40), 40 + random(55), 45 + random(50))
        let score = 45 + random(45)
        let digest = TakeDigest(overall: score, subscores: subscores, fillerWords: counts, duration: seconds, wordCount: wordCount, speakingWPM: 140)
        return JournalTake(title: "Take \(index + 1)", prompt: "Tell us about a summer you remember", at: start.addingTimeInterval(Double(index) * 7_200),
                           seconds: seconds, score: score, stars: nil, digest: digest, pauses: 4 + random(12), words: words)
    }
}

let out = CommandLine.arguments.firstIndex(of: "--out").map { CommandLine.arguments[$0 + 1] }
let calendar = PracticeCalendar(timeZone: TimeZone(identifier: "Europe/Rome")!, now: Date(timeIntervalSince1970: 1_768_435_200))
let period = try JournalPeriod.resolve(range: "all", from: nil, to: nil, calendar: calendar)
let hundred = takes(100)
let journal = Journal(speaker: "Leo", period: period, achievements: Array(Achievements.all.prefix(6)), takes: hundred, takesInPeriod: 100,
                      generatedAt: calendar.now, timeZone: calendar.calendar.timeZone)
let empty = Journal(speaker: "Leo", period: period, achievements: [], takes: [], takesInPeriod: 0, generatedAt: calendar.now, timeZone: calendar.calendar.timeZone)

var pdf = Data()
let baseline = try median(9) { _ = try JournalPDF.render(empty) }
let full = try median(5) { pdf = try JournalPDF.render(journal) }
let pages = String(decoding: pdf, as: UTF8.self).components(separatedBy: "/Type /Page").dropFirst().filter { !$0.hasPrefix("s") }.count
let words = hundred.reduce(0) { $0 + $1.words.count }
print(String(format: "journal PDF of 100 takes (%d words): %.0f ms, %d pages, %.0f KB (%.1f KB a page); one-page baseline %.1f ms; ratio %.1fx",
             words, full, pages, Double(pdf.count) / 1024, Double(pdf.count) / 1024 / Double(max(pages, 1)), baseline, full / baseline))

var subscores = Subscores()
(subscores.clarity, subscores.pace, subscores.fillers, subscores.pauses, subscores.vocalVariety, subscores.delivery) = (80, 62, 90, 48, 70, 66)
(subscores.vocabulary, subscores.structure, subscores.relevance) = (58, 74, 81)
let card = ScoreCard(speaker: "Leo", at: calendar.now, timeZone: calendar.calendar.timeZone, meta: "Storytelling · 1 min 02 s",
                     prompt: "Tell us about a summer you remember", score: 77, stars: nil, subscores: subscores, seconds: 62,
                     wpm: 141, words: 146, fillers: 3, theme: .spotlight)
var png = Data()
let blank = try median(15) { _ = try ScoreCardPNG.blank() }
let drawn = try median(15) { png = try ScoreCardPNG.render(card) }
print(String(format: "score card PNG 1200x1560: %.1f ms, %.0f KB; blank PNG baseline %.1f ms; ratio %.2fx", drawn, Double(png.count) / 1024, blank, drawn / blank))

if let out {
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    try pdf.write(to: URL(fileURLWithPath: out).appendingPathComponent("journal-100.pdf"))
    try png.write(to: URL(fileURLWithPath: out).appendingPathComponent("card.png"))
}
