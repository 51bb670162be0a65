import Foundation
import Logging
import SQLKit
import Storage
import Study

// The coach's retrieval on its labelled set (LabelledSet.swift), through the real path: materials
// stored in an SQLite file, their passages made and saved as the server does, each question read
// (StudyCoach.understand), its postings fetched, ranked by BM25 and answered.
// Prints the share of questions whose answering passage is first (top 1) and among the first three
// (top 3), beside a baseline from the same run (the words the question and passage share, unstemmed,
// as a simple search does), and the answer time beside reading the student's passages once.
//
//   swift run -c release coach-bench [materials per kind, default 20]

let perKind = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 20
let set = LabelledSet(perKind: perKind)
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("coach-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

var logger = Logger(label: "coach-bench")
logger.logLevel = .error
let database = try await Database.sqlite(path: directory.appendingPathComponent("bench.sqlite").path, logger: logger)
_ = try await Migrations.run(on: database, now: Date())
let familyId = FamilyID("bench-family"), childId = ChildID("bench-child")
let scope = FamilyScope(familyId: familyId)
try await FamilyStore(database: database).createFamily(id: familyId, name: "Bench", parent: ParentAccount(
    id: ParentID("bench-parent"), familyId: familyId, email: "bench@example.org", name: "Bench", passwordHash: "x", createdAt: Date()))
try await ChildStore(database: database).insert(Child(id: childId, familyId: familyId, name: "Mario", grade: 8, avatar: "🦊", createdAt: Date()), in: scope)
let store = MirrorBuddyStore(database: database)

var materialIds: [String] = []
for (index, material) in set.materials.enumerated() {
    let id = "m\(index)"
    try await store.addMaterial(StudyMaterial(id: id, title: material.title, subjectId: nil, source: .text, status: .ready,
                                              language: material.language, pages: [material.paragraphs.joined(separator: "\n\n")],
                                              createdAt: Date()), childId: childId, in: scope, activityId: "a\(index)")
    materialIds.append(id)
}

// Passages, as the server makes them on the first question.
let analyzer = StudyTerms()
let indexStart = DispatchTime.now()
for stale in try await store.staleMaterials(childId: childId, in: scope, limit: 10_000) {
    let passages = Passages.indexed(title: stale.title, text: stale.body, language: stale.language, terms: analyzer)
    try await store.savePassages(passages, keyTerms: Passages.topics(stale.body, language: stale.language), of: stale, childId: childId, in: scope)
}
let indexSeconds = Double(DispatchTime.now().uptimeNanoseconds - indexStart.uptimeNanoseconds) / 1e9
let statistics = try await store.passageStatistics(childId: childId, in: scope)

func milliseconds(_ start: DispatchTime) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6 }

// The coach.
var (top1, top3, answered, times) = (0, 0, 0, [Double]())
var misses: [String] = []
for question in set.questions {
    let wanted = "\(materialIds[question.material])#\(question.paragraph)"
    let start = DispatchTime.now()
    guard case .search(let query, _, let length) = StudyCoach.understand(question.text, context: nil, terms: analyzer) else {
        misses.append("not a question: \(question.text)"); continue
    }
    let search = try await store.search(query, preferring: nil, childId: childId, in: scope)
    let answer = StudyCoach.answer(search.found, query: query, rarity: search.rarity, passages: search.passages, length: length,
                                   language: .it, analyzer: analyzer)
    let ranked = search.found.map { "\(materialIds[Int($0.materialId.dropFirst())!])#\($0.position)" }
    times.append(milliseconds(start))
    if answer != nil { answered += 1 }
    if ranked.first == wanted { top1 += 1 } else if misses.count < 8 { misses.append("\(question.text) → \(ranked.first ?? "-") (wanted \(wanted))") }
    if ranked.prefix(3).contains(wanted) { top3 += 1 }
}

// Questions about what the notes do not hold (a river, a person, a plant they never name): the coach should say so.
var refused = 0
let unknown = (0..<set.questions.count / 4).map { index -> String in
    let name = "Xyl" + String(index)
    return ["Dove nasce il fiume \(name)?", "Quando è nato \(name)?", "Where does the \(name) plant grow?", "Which book did \(name) write?"][index % 4]
}
for text in unknown {
    guard case .search(let query, _, let length) = StudyCoach.understand(text, context: nil, terms: analyzer) else { continue }
    let search = try await store.search(query, preferring: nil, childId: childId, in: scope)
    if StudyCoach.answer(search.found, query: query, rarity: search.rarity, passages: search.passages, length: length, language: .it,
                         analyzer: analyzer) == nil {
        refused += 1
    } else if misses.count < 12 {
        misses.append("answered though the notes do not say: \(text) → \(search.found.first?.text ?? "")")
    }
}

// The baseline: every passage read once, ranked by the lower-case words it shares with the question.
let words = { (text: String) in Set(StudyTerms.tokens(text).filter { $0.count >= 2 && !StudyTerms.ignored.contains($0) }) }
var (baseTop1, baseTop3, baseTimes) = (0, 0, [Double]())
for question in set.questions {
    let wanted = "\(materialIds[question.material])#\(question.paragraph)"
    let start = DispatchTime.now()
    let rows: [any SQLRow] = try await database.sql.raw("""
        SELECT id, body FROM mirrorbuddy_passages WHERE family_id = \(bind: familyId) AND child_id = \(bind: childId)
        """).all()
    let asked = words(question.text)
    var scored: [(id: String, shared: Int)] = []
    for row in rows {
        let body = try row.decode(column: "body", as: String.self)
        scored.append((try row.decode(column: "id", as: String.self), asked.intersection(words(body)).count))
    }
    let ranked: [(id: String, shared: Int)] = scored.sorted { $0.shared != $1.shared ? $0.shared > $1.shared : $0.id < $1.id }
    baseTimes.append(milliseconds(start))
    if ranked.first?.id == wanted { baseTop1 += 1 }
    if ranked.prefix(3).contains(where: { $0.id == wanted }) { baseTop3 += 1 }
}
try await database.close()

func share(_ count: Int) -> String { String(format: "%.1f %%", 100 * Double(count) / Double(set.questions.count)) }
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func p95(_ values: [Double]) -> Double { values.sorted()[min(values.count - 1, Int(Double(values.count) * 0.95))] }
print("coach retrieval: \(set.materials.count) materials (half Italian, half English), \(statistics.count) passages, \(set.questions.count) labelled questions")
print("  passages made and saved: \(String(format: "%.2f", indexSeconds)) s")
print("  coach (BM25, stemmed):   top 1 \(share(top1)), top 3 \(share(top3)); an answer given to \(share(answered))")
print(String(format: "  questions the notes cannot answer: %d of %d said not found (%.1f %%)", refused, unknown.count,
             100 * Double(refused) / Double(max(unknown.count, 1))))
print("  baseline (shared words): top 1 \(share(baseTop1)), top 3 \(share(baseTop3))")
print(String(format: "  top-1 ratio coach/baseline: %.2f", Double(top1) / Double(max(baseTop1, 1))))
print(String(format: "  answer time: median %.2f ms, p95 %.2f ms; baseline (read every passage once) median %.2f ms; ratio %.2f",
             median(times), p95(times), median(baseTimes), median(times) / median(baseTimes)))
for miss in misses { print("  missed: \(miss)") }
