import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Speech
import SpeechCoach
import Storage

/// A take as its page shows it: the analysis with the personal averages of the takes before it,
/// the previous take at the same prompt, Show & Tell's stars, and its recording.
struct SpeakUpTakeViews {
    let services: Services

    func view(of take: SpeakUpTake, child: Child, in scope: FamilyScope) async throws -> SpeakUpView.Take {
        let earlier = try await services.speakUp.points(childId: child.id, in: scope).filter { $0.createdAt < take.createdAt }
        let showAndTell = SpeakUpView.mode(grade: child.grade) == .showAndTell
            ? try? ShowAndTell.result(for: take.analysis, grade: child.grade) : nil
        let previous = take.promptId.flatMap { promptId in earlier.last { $0.promptId == promptId } }
        let prompt = try await take.promptId.asyncFlatMap { try await services.speakUp.prompt(id: $0, childId: child.id, in: scope) }
        let challenges = try await SpeakUpChallenges(services: services).answers(of: take.id, in: scope)
        return SpeakUpView.Take(
            id: take.id, title: take.title, createdAt: take.createdAt, seconds: take.seconds, wordCount: take.wordCount,
            wpm: Int(take.wpm.rounded()), fillerCount: take.fillerCount, score: take.score, stars: take.stars, favorite: take.favorite,
            promptId: take.promptId, hasAudio: take.audioKey != nil, snippet: nil,
            prompt: prompt.map { SpeakUpView.Prompt($0) },
            analysis: take.analysis, transcript: SpeakUpView.transcript(take.analysis), levels: take.features.levels,
            averages: Self.averages(Array(earlier.suffix(CoachPlan.window))),
            previous: previous.map { SpeakUpView.Previous(id: $0.id, score: $0.score) },
            showAndTell: showAndTell, challenges: challenges)
    }

    /// The personal averages over up to 20 earlier takes, nil when there are none.
    static func averages(_ points: [SpeakUpTakePoint]) -> SpeakUpView.Averages? {
        guard !points.isEmpty else { return nil }
        func mean(_ values: [Double]) -> Double? { values.isEmpty ? nil : values.reduce(0, +) / Double(values.count) }
        var subscores: [String: Int] = [:]
        for dimension in SpeechCoach.Dimension.allCases {
            if let value = mean(points.compactMap { $0.digest.subscores[dimension] }.map(Double.init)) {
                subscores[dimension.rawValue] = Int(value.rounded())
            }
        }
        return SpeakUpView.Averages(
            takes: points.count, score: mean(points.compactMap(\.score).map(Double.init)).map { Int($0.rounded()) },
            wpm: Int((mean(points.map(\.wpm)) ?? 0).rounded()), fillerCount: ((mean(points.map { Double($0.fillerCount) }) ?? 0) * 10).rounded() / 10,
            subscores: subscores)
    }

    /// A take's kept recording, for the child's page and the parent's tab alike (404 when the take is
    /// not this child's in this family, or its recording was not kept).
    func recording(_ request: Request, takeId: SpeakUpTakeID, childId: ChildID, in scope: FamilyScope) async throws -> Response {
        guard let take = try await services.speakUp.take(id: takeId, childId: childId, in: scope),
              let key = take.audioKey, let opus = try await services.blobs.get(key: key)
        else { throw APIError.notFound("recording") }
        return try await Self.audioResponse(opus, format: request.uri.queryParameters.get("format"))
    }

    /// Ogg Opus as kept, or `format=wav` decoded for a browser that cannot play Opus.
    static func audioResponse(_ opus: Data, format: String?) async throws -> Response {
        switch format ?? "opus" {
        case "opus":
            return Response(status: .ok, headers: [.contentType: "audio/ogg; codecs=opus", .cacheControl: "private, max-age=3600"],
                            body: .init(byteBuffer: ByteBuffer(bytes: opus)))
        case "wav":
            let wav = try await OpusAudio.decode(opus: opus)
            return Response(status: .ok, headers: [.contentType: "audio/wav", .cacheControl: "private, max-age=3600"],
                            body: .init(byteBuffer: ByteBuffer(bytes: wav)))
        default:
            throw APIError.invalid("format", "format must be opus or wav.")
        }
    }
}

/// History: the heatmap, the streak and the series for the charts.
struct SpeakUpHistory: Codable {
    struct Point: Codable {
        let takeId: SpeakUpTakeID
        let at: Date
        let score: Int?
        let stars: Int?
        let wordCount: Int
        let fillerCount: Int
        let wpm: Int
        let subscores: Subscores
    }

    let heatmap: [PracticeCalendar.Cell]
    let streak: PracticeCalendar.Streak
    let series: [Point]

    init(_ points: [SpeakUpTakePoint], calendar: PracticeCalendar, days: Int?) {
        heatmap = calendar.heatmap(points.map { (at: $0.createdAt, score: $0.score) })
        streak = calendar.streak(points.map(\.createdAt))
        let since = days.map { calendar.now.addingTimeInterval(-Double($0) * 86_400) } ?? .distantPast
        series = points.filter { $0.createdAt >= since }.map {
            Point(takeId: $0.id, at: $0.createdAt, score: $0.score, stars: $0.stars, wordCount: $0.wordCount, fillerCount: $0.fillerCount,
                  wpm: Int($0.wpm.rounded()), subscores: $0.digest.subscores)
        }
    }
}
