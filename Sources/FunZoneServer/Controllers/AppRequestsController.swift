import Audio
import Foundation
import Hub
import Hummingbird
import MailClient
import Storage

/// Request an app (seed 000's AppRequestView): a child sends text and a recording; parents read,
/// listen and answer in their inbox.
struct AppRequestsController {
    let services: Services

    static let maximumAudioSeconds: TimeInterval = 60
    /// 60 s of 48 kHz stereo 16-bit WAV, base64: the largest recording a browser sends us.
    static let bodyLimit = 16 * 1024 * 1024

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        let kid = api.kid(services)
        kid.post("requests", use: create)
        let parentArea = api.parentArea(services)
        parentArea.get("parent/requests", use: inbox)
        parentArea.get("parent/requests/:requestId/audio", use: audio)
        parentArea.post("parent/requests/:requestId/read", use: markRead)
        parentArea.post("parent/requests/:requestId/decision", use: decide)
    }

    struct CreateRequest: Codable {
        let appId: String
        let text: String
        /// The recording as a base64 WAV file.
        let audioWav: String?
    }

    struct RequestView: Codable {
        let id: AppRequestID
        let child: ChildView?
        let app: MiniApp?
        let text: String
        let hasAudio: Bool
        let status: AppRequest.Status
        let createdAt: Date
        let read: Bool
        let decidedAt: Date?
        let note: String?
    }

    @Sendable func create(_ request: Request, caller: Kid) async throws -> Reply<RequestView> {
        let (session, child) = (caller.session, caller.child)
        let body = try await request.decodeJSON(CreateRequest.self, context: caller.context, limit: Self.bodyLimit)
        let app = try services.registry.app(id: body.appId)
        try AppRequest.checkRequestable(app)
        var audio: Data?
        if let encoded = body.audioWav, !encoded.isEmpty {
            guard let data = Data(base64Encoded: encoded) else { throw APIError.invalid("audioWav", "The recording is not valid base64.") }
            _ = try WAVFile.validate(data, maximumDuration: Self.maximumAudioSeconds)
            audio = data
        }
        // Past the family's storage quota the wish still reaches the parent in words; only its
        // recording is not kept (a request that is only a recording is refused with the 507).
        if let data = audio, try await !services.quota.fits(Int64(data.count), in: session.scope) {
            guard !body.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw try await services.quota.refusal(in: session.scope) }
            audio = nil
        }
        let text = try AppRequest.validatedText(body.text, hasAudio: audio != nil)
        let id: AppRequestID = services.ids.make()
        let audioKey = audio.map { _ in "requests/\(session.familyId)/\(id).wav" }
        if let audio, let audioKey {
            try services.diskRoom.require()
            try await services.blobs.put(audio, key: audioKey)
        }
        let stored = AppRequestRecord(id: id, familyId: session.familyId, childId: child.id, appId: app.id, text: text,
                                      audioKey: audioKey, audioBytes: Int64(audio?.count ?? 0), createdAt: services.clock.now())
        do {
            try await services.requests.insert(stored, in: session.scope)
        } catch {
            if let audioKey { try? await services.blobs.delete(key: audioKey) }
            throw error
        }
        await notifyParents(in: session.scope, child: child, app: app, text: text, hasAudio: audio != nil, context: caller.context)
        return Reply(view(stored, child: child), status: .created)
    }

    struct InboxResponse: Codable {
        let unread: Int
        let requests: [RequestView]
    }

    @Sendable func inbox(_ request: Request, caller: Parent) async throws -> Reply<InboxResponse> {
        let session = caller.session
        let children = Dictionary(uniqueKeysWithValues: try await services.children.children(in: session.scope).map { ($0.id, $0) })
        let requests = try await services.requests.list(in: session.scope)
        let unread = try await services.requests.unreadCount(in: session.scope)
        return Reply(InboxResponse(unread: unread, requests: requests.map { view($0, child: children[$0.childId]) }))
    }

    @Sendable func audio(_ request: Request, caller: Parent) async throws -> Response {
        let session = caller.session
        let id: AppRequestID = try caller.context.parameters.id("requestId")
        guard let stored = try await services.requests.request(id: id, in: session.scope),
              let key = stored.audioKey, let data = try await services.blobs.get(key: key)
        else { throw APIError.notFound("recording") }
        return Response(status: .ok, headers: [.contentType: "audio/wav", .cacheControl: "private, max-age=3600"],
                        body: .init(byteBuffer: .init(bytes: data)))
    }

    @Sendable func markRead(_ request: Request, caller: Parent) async throws -> NoContent {
        let session = caller.session
        let id: AppRequestID = try caller.context.parameters.id("requestId")
        guard try await services.requests.request(id: id, in: session.scope) != nil else { throw APIError.notFound("request") }
        try await services.requests.markRead(id: id, in: session.scope, now: services.clock.now())
        return NoContent()
    }

    struct DecisionRequest: Codable {
        let status: String
        /// A short note for the child, read aloud on their tile ("We'll look for one this weekend").
        let note: String?
    }

    @Sendable func decide(_ request: Request, caller: Parent) async throws -> Reply<RequestView> {
        let session = caller.session
        let id: AppRequestID = try caller.context.parameters.id("requestId")
        let body = try await request.decodeJSON(DecisionRequest.self, context: caller.context)
        let status = try AppRequest.decision(body.status)
        let note = try AppRequest.validatedNote(body.note)
        guard try await services.requests.decide(id: id, in: session.scope, status: status, note: note, now: services.clock.now()),
              let stored = try await services.requests.request(id: id, in: session.scope)
        else { throw APIError.notFound("request") }
        let child = try await services.children.child(id: stored.childId, in: session.scope)
        return Reply(view(stored, child: child))
    }

    private func view(_ request: AppRequestRecord, child: Child?) -> RequestView {
        RequestView(id: request.id, child: child.map(ChildView.init), app: try? services.registry.app(id: request.appId), text: request.text,
                    hasAudio: request.audioKey != nil, status: request.status, createdAt: request.createdAt, read: request.readAt != nil,
                    decidedAt: request.decidedAt, note: request.note)
    }

    /// E-mails the parents when SMTP is configured. The inbox already has the request, so a mail
    /// failure is logged, not reported to the child.
    private func notifyParents(in scope: FamilyScope, child: Child, app: MiniApp, text: String, hasAudio: Bool,
                               context: AppRequestContext) async {
        guard services.mailer.isEnabled else { return }
        do {
            let parents = try await services.families.parents(in: scope)
            let body = """
                \(child.name) asked for \(app.name) \(app.icon).

                \(text.isEmpty ? "(a voice message)" : "\"\(text)\"")\(hasAudio ? "\n\nListen to the recording in the parent area's inbox." : "")

                Open Kids Fun Zone and go to the parent area to approve or decline.
                """
            try await services.mailer.send(MailMessage(to: parents.map(\.email), subject: "App request: \(app.name)", body: body))
        } catch {
            context.logger.warning("could not e-mail the app request", metadata: ["error": "\(error)"])
        }
    }
}
