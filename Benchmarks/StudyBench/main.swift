// MirrorBuddy's study figures, for Benchmarks/mirrorbuddy-fsrs.py (which runs py-fsrs, the baseline,
// on the same work in the same run and prints the ratio):
//   study-bench fsrs RATINGS   1,000 cards × 10 reviews, each at the card's due time, fuzz off; the
//                              ratings (1-4) come from the file, one per line, in review order.
//                              Prints one JSON line: reviews, seconds, and a checksum of every due date
//                              (the two schedules must agree).
//   study-bench mindmap        a mind map from a 20-page material (20 chapters of about 500 words), its
//                              time and size, against reading the same text's sentences and words once
//                              (the least any map from the text must do), in the same run.
//   study-bench quiz           a quiz from the same 20-page material (what a tap on Quiz asks the server),
//                              its time and its questions, against the same read-once baseline.
// Run: swift run -c release study-bench fsrs ratings.txt | study-bench mindmap | study-bench quiz
import Foundation
import Study

func seconds(_ work: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try work()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

let arguments = CommandLine.arguments
if arguments.count == 2, arguments[1] == "mindmap" {
    mindMapFigures()
    exit(0)
}
if arguments.count == 2, arguments[1] == "quiz" {
    quizFigures()
    exit(0)
}
guard arguments.count == 3, arguments[1] == "fsrs", let text = try? String(contentsOfFile: arguments[2], encoding: .utf8) else {
    FileHandle.standardError.write(Data("usage: study-bench fsrs RATINGS | study-bench mindmap | study-bench quiz\n".utf8))
    exit(2)
}
let ratings = text.split(separator: "\n").compactMap { Int($0).flatMap(FSRSRating.init(rawValue:)) }
let cards = ratings.count / 10
let scheduler = try FSRSScheduler(fuzzing: false)
let start = Date(timeIntervalSince1970: 1_669_725_000)  // 2022-11-29 12:30 UTC, as the vectors
var checksum = 0.0
var best = Double.infinity
for _ in 0..<5 {  // the best of five runs
    var sum = 0.0
    let time = seconds {
        for index in 0..<cards {
            var card = FSRSCard(due: start)
            for review in 0..<10 {
                card = scheduler.review(card, ratings[index * 10 + review], at: card.due)
                sum += card.due.timeIntervalSince1970
            }
        }
    }
    best = min(best, time)
    checksum = sum
}
print("{\"reviews\": \(cards * 10), \"seconds\": \(best), \"checksum\": \(checksum)}")

/// 20 chapters, each a heading and about 500 words of varied sentences (seeded, so runs repeat).
func twentyPages() -> String {
    let subjects = ["il vulcano", "la lava", "il magma", "il cratere", "la caldera", "il geyser", "la fumarola", "il terremoto", "l'epicentro",
                    "la faglia", "la placca", "il mantello", "la crosta", "il sismografo", "lo tsunami", "la pomice", "il basalto", "la cenere"]
    let verbs = ["si forma", "cambia", "si muove", "raggiunge", "copre", "attraversa", "riscalda", "modifica"]
    let places = ["nelle montagne della Sicilia", "sotto il fondo del mare", "vicino alle città della costa", "durante le eruzioni più forti",
                  "nel corso di molti secoli", "lungo i confini delle placche", "nelle isole del Pacifico", "sotto la superficie terrestre"]
    var state: UInt64 = 7
    func pick<T>(_ list: [T]) -> T {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return list[Int(state >> 33) % list.count]
    }
    return (1...20).map { page in
        var chapter = "Capitolo \(page): \(pick(subjects))\n"
        for _ in 0..<5 {
            chapter += (0..<7).map { _ in
                let subject = pick(subjects)
                return "\(subject.prefix(1).uppercased() + subject.dropFirst()) \(pick(verbs)) \(pick(places)) e \(pick(verbs)) \(pick(subjects))."
            }.joined(separator: " ") + "\n\n"
        }
        return chapter
    }.joined(separator: "\n")
}

func mindMapFigures() {
    let text = twentyPages()
    var map = MindMap(title: "", nodes: [])
    var built = Double.infinity, read = Double.infinity
    for _ in 0..<5 {
        built = min(built, seconds { map = MindMapBuilder.build(title: "I vulcani", text: text, language: .it) })
        read = min(read, seconds { _ = ReadingText.sentences(text, language: .it).map(ReadingText.words) })
    }
    let json = (try? JSONEncoder().encode(map.nodes))?.count ?? 0
    print("Mind map from a 20-page material (\(ReadingText.words(text).count) words, \(text.utf8.count) bytes), best of 5:")
    print("  MindMapBuilder.build: \(String(format: "%.1f", built * 1000)) ms -> \(map.nodes.count) nodes, \(json) bytes of JSON, "
          + "SVG \(MindMapExport.svg(map).utf8.count) bytes")
    print("  baseline, its sentences and words read once: \(String(format: "%.1f", read * 1000)) ms")
    print("  ratio build / read: \(String(format: "%.2f", built / read))")
}

func quizFigures() {
    let text = twentyPages()
    var questions: [QuizQuestion] = []
    var built = Double.infinity, read = Double.infinity
    var state: UInt64 = 3
    let random = { () -> Double in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(UInt64(1) << 53)
    }
    for _ in 0..<5 {
        built = min(built, seconds {
            questions = QuizBuilder.build(materials: [QuizMaterial(id: "m", text: text, language: .it)], cards: [], language: .it, random: random)
        })
        read = min(read, seconds { _ = ReadingText.sentences(text, language: .it).map(ReadingText.words) })
    }
    let kinds = Dictionary(grouping: questions, by: \.kind).map { "\($0.value.count) \($0.key.rawValue)" }.sorted().joined(separator: ", ")
    print("Quiz from a 20-page material (\(ReadingText.words(text).count) words), best of 5:")
    print("  QuizBuilder.build: \(String(format: "%.1f", built * 1000)) ms -> \(questions.count) questions (\(kinds))")
    print("  baseline, its sentences and words read once: \(String(format: "%.1f", read * 1000)) ms")
    print("  ratio build / read: \(String(format: "%.2f", built / read))")
}
