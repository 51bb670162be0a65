// MirrorBuddy's study figures, for Benchmarks/mirrorbuddy-fsrs.py (which runs py-fsrs, the baseline,
// on the same work in the same run and prints the ratio):
//   study-bench fsrs RATINGS   1,000 cards × 10 reviews, each at the card's due time, fuzz off; the
//                              ratings (1-4) come from the file, one per line, in review order.
// Prints one JSON line: reviews, seconds, and a checksum of every due date (the two schedules must agree).
// Run: swift run -c release study-bench fsrs ratings.txt
import Foundation
import Study

func seconds(_ work: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try work()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

let arguments = CommandLine.arguments
guard arguments.count == 3, arguments[1] == "fsrs", let text = try? String(contentsOfFile: arguments[2], encoding: .utf8) else {
    FileHandle.standardError.write(Data("usage: study-bench fsrs RATINGS\n".utf8))
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
