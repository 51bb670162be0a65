import Foundation
import Hummingbird
import Storage

/// SpeakUp in the parent area: each child's takes, trends and recordings, and the switch that keeps
/// the analyses but not the recordings (with a way to delete the recordings already kept).
struct SpeakUpParentController {
    let services: Services
    /// Takes listed in the overview (newest first); the trends cover every take.
    static let listed = 50

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        let parentArea = api.parentArea(services)
        parentArea.get("parent/speakup/children/:childId", use: overview)
        parentArea.get("parent/speakup/children/:childId/takes/:takeId/audio", use: audio)
        parentArea.put("parent/speakup/children/:childId/recordings", use: saveRecordings)
        parentArea.delete("parent/speakup/children/:childId/recordings", use: deleteRecordings)
    }

    struct Overview: Codable {
        struct Storage: Codable { let usedBytes: Int64; let limitBytes: Int64; let keepRecordings: Bool }
        let childId: ChildID
        let mode: SpeakUpView.Mode
        let takeCount: Int
        let averageScore: Int?
        let bestScore: Int?
        let storage: Storage
        /// The newest takes (at most 50).
        let takes: [SpeakUpView.Summary]
        /// Heatmap, streak and every take's scores and counts, oldest first.
        let history: SpeakUpHistory
    }

    @Sendable func overview(_ request: Request, caller: Parent) async throws -> Reply<Overview> {
        let (scope, child) = try await child(caller)
        let calendar = try SpeakUpView.calendar(request.uri.queryParameters.get("tz"), now: services.clock.now())
        let points = try await services.speakUp.points(childId: child.id, in: scope)
        let scores = points.compactMap(\.score)
        let profile = try await services.speakUp.settings(childId: child.id, in: scope)
        return Reply(Overview(
            childId: child.id, mode: SpeakUpView.mode(grade: child.grade), takeCount: points.count,
            averageScore: SpeakUpView.roundedMean(scores), bestScore: scores.max(),
            storage: .init(usedBytes: try await services.speakUp.audioBytes(childId: child.id, in: scope),
                           limitBytes: SpeakUpLimits.storedAudioBytesPerProfile, keepRecordings: profile.keepRecordings),
            takes: try await services.speakUp.takes(childId: child.id, in: scope, limit: Self.listed).map(SpeakUpView.Summary.init),
            history: SpeakUpHistory(points, calendar: calendar, days: nil)))
    }

    /// A take's recording, as the child's own page plays it (`?format=wav` for Safari before iOS 17).
    @Sendable func audio(_ request: Request, caller: Parent) async throws -> Response {
        let (scope, child) = try await child(caller)
        return try await SpeakUpTakeViews(services: services).recording(request, takeId: try caller.context.parameters.id("takeId"),
                                                                         childId: child.id, in: scope)
    }

    struct RecordingsRequest: Codable { let keep: Bool }

    /// Whether new takes keep their recording (the analysis is always kept).
    @Sendable func saveRecordings(_ request: Request, caller: Parent) async throws -> Reply<Overview.Storage> {
        let (scope, child) = try await child(caller)
        let body = try await request.decodeJSON(RecordingsRequest.self, context: caller.context)
        try await services.speakUp.setKeepRecordings(body.keep, childId: child.id, in: scope, now: services.clock.now())
        return Reply(.init(usedBytes: try await services.speakUp.audioBytes(childId: child.id, in: scope),
                           limitBytes: SpeakUpLimits.storedAudioBytesPerProfile, keepRecordings: body.keep))
    }

    struct Deleted: Codable { let deleted: Int; let freedBytes: Int64 }

    /// Deletes every recording the child's takes keep; the takes and their analyses stay.
    @Sendable func deleteRecordings(_ request: Request, caller: Parent) async throws -> Reply<Deleted> {
        let (scope, child) = try await child(caller)
        let used = try await services.speakUp.audioBytes(childId: child.id, in: scope)
        let recordings = try await services.speakUp.recordings(childId: child.id, in: scope)
        for recording in recordings {
            try await services.blobs.delete(key: recording.key)
            try await services.speakUp.dropAudio(id: recording.id, in: scope)
        }
        return Reply(Deleted(deleted: recordings.count, freedBytes: used))
    }

    private func child(_ caller: Parent) async throws -> (FamilyScope, Child) {
        let scope = caller.session.scope
        guard let child = try await services.children.child(id: try caller.context.parameters.id("childId"), in: scope) else {
            throw APIError.notFound("child")
        }
        return (scope, child)
    }
}
