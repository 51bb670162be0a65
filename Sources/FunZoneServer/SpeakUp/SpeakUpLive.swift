import Foundation
import HTTPTypes
import Hummingbird
import NIOWebSocket
import HummingbirdWebSocket
import NIOCore
import Speech
import SpeechCoach
import Storage

/// A take recorded live (WS /api/speakup/live?promptId=…): the page streams the microphone as it
/// records, the server hears it stretch by stretch and answers with the counts so far (words,
/// words a minute, fillers) at least twice a second; at Stop only the last stretch is left to hear,
/// so the score comes back in a moment instead of after a second listen to the whole take.
///
/// The page sends binary messages of 16 kHz mono 16-bit little-endian samples, then the text
/// `{"type":"stop"}` (or `{"type":"cancel"}`). The server sends text messages:
/// `{"type":"live","seconds":…,"words":…,"wpm":…,"fillers":…}`, then `{"type":"take","take":{…}}`
/// (the take as POST /api/speakup/takes answers it), or `{"type":"error","error":{"code","message"}}`
/// and closes. Nothing is stored unless the take comes back.
///
/// With `?drill=…` (and `&topic=…` for Impromptu Sprint) instead of a prompt, the recording is a
/// drill (`SpeakUpDrills`): it may last the drill's length and a few seconds, and Stop answers
/// `{"type":"drill","result":{…}}` (the practice record, as POST /api/speakup/drills/… answers it).
/// With `?passage=…` it is a reading (`SpeakUpReadAloud`): the counts add `reached`, how many of the
/// passage's words the reader has come to, and Stop answers `{"type":"reading","result":{…}}`.
struct SpeakUpLive {
    let services: Services
    let takes: SpeakUpController

    /// The largest message (a second of audio is 32,000 bytes; the page sends a quarter second).
    static let maximumMessageBytes = 64 * 1024
    /// Counts are sent at most this often (seconds).
    static let countsEvery = 0.5
    /// Live recordings a family may have open at once (each holds a decoder and most of a core).
    static let openPerFamily = 2

    private let open = OpenRecordings()

    init(services: Services) {
        self.services = services
        self.takes = SpeakUpController(services: services)
    }

    /// On the WebSocket router; the main router answers a plain GET of the same path with why it
    /// was not upgraded (signed out, no child, another site, too many takes).
    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.app("speakup", services: services).ws("live", shouldUpgrade: { request, context in
            _ = try await admit(request, context: context)
            return .upgrade([:])
        }, onUpgrade: { inbound, outbound, context in
            // Run after the middleware's task has ended: the take's hearing counts against its family here.
            let owner = WorkOwner(context.request, context: context.requestContext, services: services)
            await WorkOwner.$current.withValue(owner) {
                await record(inbound: inbound, outbound: outbound, request: context.request, context: context.requestContext)
            }
        })
    }

    /// The answer to a GET without an upgrade: why a WebSocket would be refused, or how to open one.
    func plainGet(_ request: Request, caller: Kid) async throws -> Response {
        _ = try await admit(request, context: caller.context)
        throw APIError(.badRequest, "Open /api/speakup/live as a WebSocket (it streams a recording as it is made).")
    }

    /// The caller may start a live take: a child picked on this device, a page of this server (a
    /// browser sends its Origin with a WebSocket and no CSRF token; another site's page must not
    /// record in the child's name) and a prompt that exists. The take is counted against the
    /// family's takes once the WebSocket is open (`record`), not here: a refused upgrade asks the
    /// main router why, which checks the same things again.
    private func admit(_ request: Request, context: AppRequestContext) async throws -> (Kid, Target) {
        let (session, child) = try await services.requireChild(context)
        // Only a page's origin (http or https) says which site it is; other clients send their own.
        // An opaque origin ("null": a sandboxed frame, a file) is no page of ours either. Behind a
        // proxy that rewrites Host, the configured public address is ours too.
        for origin in request.headers[values: .origin] {
            guard origin.lowercased() != "null" else { throw APIError(.csrfFailed, "A page of another site may not record here.") }
            guard let page = URL(string: origin), ["http", "https"].contains(page.scheme?.lowercased() ?? "") else { continue }
            let ours = [request.head.authority.flatMap { URL(string: "//\($0)") }?.hostAndPort(secure: context.isSecure),
                        services.network.publicURL.flatMap { URL(string: $0) }?.hostAndPort(secure: nil)]
            guard ours.contains(page.hostAndPort(secure: nil)) else { throw APIError(.csrfFailed, "A page of another site may not record here.") }
        }
        let caller = Kid(session: session, child: child, context: context)
        if let passage = request.uri.queryParameters.get("passage") {
            return (caller, .reading(try SpeakUpReadAloud.passage(id: passage)))
        }
        if let drill = request.uri.queryParameters.get("drill") {
            return (caller, .drill(try SpeakUpDrills.plan(id: drill, topic: request.uri.queryParameters.get("topic"))))
        }
        return (caller, .take(try await SpeakUpController(services: services).prompt(request, caller: caller)))
    }

    /// What the recording is: a take (answering a prompt or not), a drill or a reading.
    enum Target: Sendable {
        case take(SpeakingPrompt?)
        case drill(SpeakUpDrills.Plan)
        case reading(ReadAloudPassage)

        var maximumSamples: Int {
            switch self {
            case .take: Int(SpeakUpLimits.maximumSeconds * 16_000)
            case .drill(let plan): plan.maximumSamples
            case .reading(let passage): SpeakUpReadAloud.maximumSamples(passage)
            }
        }

        /// How far into the passage the reader has come (readings only).
        func reached(_ progress: LiveProgress) -> Int? {
            guard case .reading(let passage) = self, let heard = progress.heard else { return nil }
            return ReadAloud.reached(passage, heard: heard)
        }
    }

    private struct Failure: Error {
        let error: APIError
        let close: WebSocketErrorCode
    }

    private func record(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, request: Request, context: AppRequestContext) async {
        var live: (any LiveTranscription)?
        var entered: FamilyID?
        do {
            let (caller, target) = try await admit(request, context: context)
            // Counted when it opens (a stream that never reaches Stop still cost a decoder).
            try await services.countAttempt("speakup:\(caller.session.familyId)", limit: SpeakUpController.takesPerFamily)
            guard await open.enter(caller.session.familyId, limit: Self.openPerFamily) else {
                // Not a verdict on the take: the page sends its recording whole at Stop instead.
                throw Failure(error: APIError(.speechUnavailable, "Two takes are already being recorded in this family: this one is heard when it ends."),
                              close: .policyViolation)
            }
            entered = caller.session.familyId
            let stream = try await services.speech.recognizer.liveTranscription()
            live = stream
            // The watchdog ends the take by cancelling the receiving side: a page that went away
            // without closing (a phone locked mid-take) must not hold its decoder until TCP gives up.
            let activity = Activity()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await receive(inbound, outbound, stream: stream, caller: caller, target: target, activity: activity) }
                group.addTask { try await Self.watch(activity, idleSeconds: services.options.liveIdleSeconds) }
                defer { group.cancelAll() }
                try await group.next()
            }
            // Without Stop (the page went away, or Cancel), nothing is kept.
        } catch let failure as Failure {
            try? await send(.error(failure.error), outbound)
            try? await outbound.close(failure.close, reason: failure.error.code.rawValue)
        } catch {
            let failed = APIError(error, now: services.clock.now()) ?? APIError(.internalError)
            if failed.code == .internalError { context.logger.warning("live take failed", metadata: ["error": "\(error)"]) }
            try? await send(.error(failed), outbound)
            try? await outbound.close(failed.code == .internalError ? .unexpectedServerError : .policyViolation, reason: failed.code.rawValue)
        }
        await live?.cancel()
        if let entered { await open.leave(entered) }
    }

    /// The page's messages until Stop (the take stored and sent), Cancel or the end of the stream.
    private func receive(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter, stream: any LiveTranscription,
                         caller: Kid, target: Target, activity: Activity) async throws {
        var samples: [Int16] = []
        var sentAt = -Double.infinity
        for try await message in inbound.messages(maxSize: Self.maximumMessageBytes) {
            // The page's silence is timed, never the server's own work on what it sent.
            await activity.begin()
            switch message {
            case .binary(let buffer):
                let piece = try Self.samples(buffer, after: samples.count, limit: target.maximumSamples)
                samples += piece
                try await stream.append(piece)
                let progress = await stream.progress()
                if progress.seconds - sentAt >= Self.countsEvery {
                    sentAt = progress.seconds
                    try await send(.counts(progress, reached: target.reached(progress)), outbound)
                }
                await activity.end()
            case .text(let text):
                switch Self.command(text) {
                case "stop":
                    guard SpeechActivity.hasSpeech(samples) else { throw Failure(error: APIError(.noSpeech), close: .normalClosure) }
                    let stopped = ContinuousClock.now
                    let features = try await TakeListener.features(of: stream, samples: samples)
                    let heard = ContinuousClock.now
                    switch target {
                    case .take(let prompt):
                        try await send(.take(try await takes.store(samples, features: features, prompt: prompt, session: caller.session, child: caller.child)), outbound)
                    case .drill(let plan):
                        try await send(.drill(try await SpeakUpDrills(services: services).judge(plan, features: features, caller: caller)), outbound)
                    case .reading(let passage):
                        try await send(.reading(try await SpeakUpReadAloud(services: services).judge(passage, samples: samples, features: features, caller: caller)), outbound)
                    }
                    // What Stop cost, for an operator wondering why a page waited.
                    services.log.info("live take answered", metadata: [
                        "audio": "\(String(format: "%.1f", Double(samples.count) / 16_000)) s",
                        "lastHearing": "\(heard - stopped)", "judging": "\(ContinuousClock.now - heard)"])
                    try await outbound.close(.normalClosure, reason: "stored")
                    return
                case "cancel":
                    try await outbound.close(.normalClosure, reason: "cancelled")
                    return
                default:
                    throw Failure(error: APIError(.badRequest, "Send audio as binary messages, then {\"type\":\"stop\"}."), close: .unacceptableData)
                }
            }
        }
    }

    /// Throws when the page has sent nothing for `idleSeconds` while the server waited for it, or
    /// when the take has gone on far longer than any take may.
    private static func watch(_ activity: Activity, idleSeconds: TimeInterval) async throws {
        var seconds = 0
        while true {
            try await Task.sleep(for: .seconds(1))
            seconds += 1
            if await activity.tick() > Int(idleSeconds) {
                throw Failure(error: APIError(.badAudio, "No audio came for \(Int(idleSeconds)) seconds: the recording was stopped."), close: .policyViolation)
            }
            if Double(seconds) > SpeakUpLimits.maximumSeconds * 1.5 + 60 {
                throw Failure(error: APIError(.audioTooLong, "This take went on far longer than a take may: it was stopped and not kept."),
                              close: .policyViolation)
            }
        }
    }

    /// A binary message's samples (16-bit little-endian), or why they are refused.
    static func samples(_ buffer: ByteBuffer, after received: Int, limit: Int) throws -> [Int16] {
        guard buffer.readableBytes % 2 == 0 else {
            throw Failure(error: APIError(.badAudio, "Audio comes as 16-bit samples: a message had an odd number of bytes."), close: .unacceptableData)
        }
        guard received + buffer.readableBytes / 2 <= limit else {
            let most = limit / 16_000 >= 120 ? "\(limit / 16_000 / 60) minutes" : "\(limit / 16_000) seconds"
            throw Failure(error: APIError(.audioTooLong, "This recording may last at most \(most): it was stopped and not kept."),
                          close: .messageTooLarge)
        }
        return buffer.readableBytesView.withUnsafeBytes { raw in
            (0..<raw.count / 2).map { Int16(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 2, as: Int16.self)) }
        }
    }

    /// `stop` or `cancel` from `{"type": …}`; nil for anything else.
    static func command(_ text: String) -> String? {
        guard text.utf8.count <= 256, let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              let type = object["type"] as? String, ["stop", "cancel"].contains(type) else { return nil }
        return type
    }

    // MARK: - What the server sends

    enum Message {
        case counts(LiveProgress, reached: Int?)
        case take(SpeakUpView.Take)
        case drill(SpeakUpPracticeController.Item)
        case reading(SpeakUpPracticeController.Item)
        case error(APIError)
    }

    struct Counts: Encodable {
        let type = "live"
        let seconds: Double
        let words: Int?
        /// Words a minute over the take so far (from 5 seconds on).
        let wpm: Int?
        let fillers: Int?
        /// Passage words the reader has come to (a reading).
        let reached: Int?
    }

    struct TakeMessage: Encodable {
        let type = "take"
        let take: SpeakUpView.Take
    }

    struct ResultMessage: Encodable {
        let type: String
        let result: SpeakUpPracticeController.Item
    }

    struct ErrorMessage: Encodable {
        let type = "error"
        let error: ErrorBody.Inner
    }

    private func send(_ message: Message, _ outbound: WebSocketOutboundWriter) async throws {
        let data: Data = switch message {
        case .counts(let progress, let reached):
            try JSONEncoder.api.encode(Counts(seconds: (progress.seconds * 10).rounded() / 10, words: progress.words,
                                              wpm: progress.seconds >= 5 ? progress.words.map { Int((Double($0) * 60 / progress.seconds).rounded()) } : nil,
                                              fillers: progress.fillers, reached: reached))
        case .take(let take): try JSONEncoder.api.encode(TakeMessage(take: take))
        case .drill(let result): try JSONEncoder.api.encode(ResultMessage(type: "drill", result: result))
        case .reading(let result): try JSONEncoder.api.encode(ResultMessage(type: "reading", result: result))
        case .error(let error):
            try JSONEncoder.api.encode(ErrorMessage(error: .init(code: error.code.rawValue, message: error.message, details: nil)))
        }
        try await outbound.write(.text(String(decoding: data, as: UTF8.self)))
    }
}

/// How long (in the watchdog's one-second ticks) the page has sent nothing while the server was
/// ready for more. Ticks, not the wall clock: a server too busy to run the recording for a while
/// is not a page gone quiet.
private actor Activity {
    private var quietTicks = 0
    private var busy = false
    func begin() { busy = true }
    func end() { (busy, quietTicks) = (false, 0) }
    /// One more second gone: the quiet seconds so far.
    func tick() -> Int {
        quietTicks = busy ? 0 : quietTicks + 1
        return quietTicks
    }
}

/// Live recordings open per family.
private actor OpenRecordings {
    private var counts: [FamilyID: Int] = [:]

    func enter(_ family: FamilyID, limit: Int) -> Bool {
        guard counts[family, default: 0] < limit else { return false }
        counts[family, default: 0] += 1
        return true
    }

    func leave(_ family: FamilyID) {
        counts[family, default: 1] -= 1
        if counts[family] == 0 { counts[family] = nil }
    }
}

private extension URL {
    /// "host:port", the port filled in from the scheme (or from `secure`, for a Host header) when left out.
    func hostAndPort(secure: Bool?) -> String? {
        guard let host = host?.lowercased() else { return nil }
        let secure = secure ?? ["https", "wss"].contains(scheme?.lowercased() ?? "")
        return "\(host):\(port ?? (secure ? 443 : 80))"
    }
}
