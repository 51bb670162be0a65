import Foundation
import HummingbirdCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Puts a `ConnectionGuard` in front of every connection's HTTP handlers (after TLS, when there is
/// TLS), holding it to `ConnectionLimits`.
struct GuardedConnections<Base: ServerChildChannel>: ServerChildChannel {
    struct Value: ServerChildChannelValue {
        let base: Base.Value
        let closedHere: NIOLockedValueBox<Bool>
        var channel: any Channel { base.channel }
    }

    let base: Base
    let counter: ConnectionCounter
    /// A trusted proxy's connections carry many people: only the total applies to them.
    let proxies: TrustedProxies

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            // The HTTP handlers begin with the response encoder, then the parser: the guard goes before both.
            let encoder = try channel.pipeline.syncOperations.handler(type: HTTPResponseEncoder.self)
            let guarding = ConnectionGuard(counter: counter, proxies: proxies, logger: logger)
            try channel.pipeline.syncOperations.addHandler(guarding, position: .before(encoder))
            return Value(base: value, closedHere: guarding.closedHere)
        }
    }

    /// A connection the guard closed before its first head was read ends the WebSocket upgrade's
    /// negotiation, which logs that as an error; that line says nothing an operator needs.
    func handle(value: Value, logger: Logger) async {
        var quiet = logger
        quiet.handler = QuietOnceAnswered(base: logger.handler, answered: value.closedHere)
        await base.handle(value: value.base, logger: quiet)
    }
}

/// One connection's guard, on its bytes just before the HTTP handlers:
/// - a connection over its address's or the server's share is answered 503 `too_many_connections`
///   and closed;
/// - while a request head is awaited it must arrive in full in time (the first: `headSeconds` from
///   the connection opening; the next ones: `idleSeconds` of quiet, then `headSeconds` from their
///   first byte), else 408 `request_timeout`, or a quiet close for a connection that sent nothing;
/// - a body must keep coming: after `idleSeconds`, at least `bodyBytesPerSecond` on average since
///   its head, or the connection is closed (a trickle of a byte now and then cannot hold it);
/// - a connection upgraded to a WebSocket is not waited on again (its own watchdogs end it), nor is
///   a request being answered, however long that takes.
/// `RequestWatch`, after the parser, says when a request's head and end were read and when its
/// answer has gone.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum State { case opening, awaitingHead, inRequest, closing, closed }

    private let counter: ConnectionCounter
    private let proxies: TrustedProxies
    private let logger: Logger
    private var limits: ConnectionLimits
    private var state = State.opening
    private var counted: String??   // the key counted in, once admitted (nil inside: counted in the total only)
    private var timer: Scheduled<Void>?
    /// What the deadline ends (an enum, not a closure: nothing is allocated per request).
    private enum Wait { case nothing, head, bodyPace }
    private var waiting = Wait.nothing
    private var context: ChannelHandlerContext?   // its own place in the pipeline, for RequestWatch's calls
    // The head awaited
    private var sawByte = false
    private var deadline = NIODeadline.distantFuture
    private var inHead = false      // a byte other than CR or LF seen: blank lines before a request are not its end
    private var lineBreaks = 0      // line feeds in a row, carriage returns aside: 2 end a head
    // The body being read
    private var bodyOpen = false
    private var bodyStart = NIODeadline.now()
    private var bodyBytes = 0
    /// Set when the guard refuses or times out the connection (its log lines after that are dropped).
    let closedHere = NIOLockedValueBox(false)

    init(counter: ConnectionCounter, proxies: TrustedProxies, logger: Logger) {
        self.counter = counter
        self.limits = counter.limits
        self.proxies = proxies
        self.logger = logger
    }

    // MARK: - Opening and closing

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        ClientPresence.watch(context.channel)
        if context.channel.isActive { admit(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        context.fireChannelActive()  // first: a refusal closes, and the handlers after must hear of the opening before the closing
        admit(context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    /// A client that shuts its sending side has gone as far as costly work for it is concerned.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event { ClientPresence.inputEnded(context.channel) }
        context.fireUserInboundEventTriggered(event)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        release()
        self.context = nil
    }

    private func admit(_ context: ChannelHandlerContext) {
        guard state == .opening else { return }
        let remote = context.channel.remoteAddress
        let key = proxies.contains(remote?.ipAddress) ? nil : ConnectionCounter.key(remote)
        limits = counter.limits
        switch counter.open(address: key, loopback: ConnectionCounter.isLoopback(remote)) {
        case .admitted:
            counted = .some(key)
            awaitHead(context, within: limits.headSeconds)
        case .addressFull, .serverFull:
            if let refused = counter.noteRefusal() {
                logger.warning("connections refused: too many open", metadata: [
                    "refused": "\(refused)", "address": "\(key ?? "proxy")", "open": "\(counter.openCount())"])
            }
            answer(context, .tooManyConnections)
        }
    }

    private func release() {
        cancelTimer()
        state = .closed
        if let key = counted {
            counter.close(address: key)
            counted = nil
        }
    }

    // MARK: - Reading

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch state {
        case .closing, .closed:
            return
        case .awaitingHead:
            let bytes = unwrapInboundIn(data)
            if !sawByte, bytes.readableBytes > 0 {
                sawByte = true
                schedule(context, at: min(deadline, .now() + Self.amount(limits.headSeconds)), then: .head)
            }
            if endsHead(bytes) { headArrived() }
        case .inRequest:
            if bodyOpen { bodyBytes += unwrapInboundIn(data).readableBytes }
        case .opening:
            break
        }
        context.fireChannelRead(data)
    }

    /// Whether `bytes` finish the head being read: a blank line (CRLF CRLF, or LF LF, which the
    /// parser also takes) after the head's first line; blank lines before it are skipped, as the parser does.
    private func endsHead(_ bytes: ByteBuffer) -> Bool {
        for byte in bytes.readableBytesView {
            switch byte {
            case UInt8(ascii: "\n"):
                guard inHead else { continue }
                lineBreaks += 1
                if lineBreaks == 2 { return true }
            case UInt8(ascii: "\r"):
                continue
            default:
                inHead = true
                lineBreaks = 0
            }
        }
        return false
    }

    // MARK: - What RequestWatch tells

    /// A whole head is in (the parser's, or the scan found its end): no head deadline until the answer has gone.
    func headArrived() {
        guard state == .awaitingHead else { return }
        state = .inRequest
        disarm()
    }

    /// The parser read a request's head: its body is read from now, and must keep coming.
    func bodyBegins() {
        headArrived()
        guard state == .inRequest, let context else { return }
        bodyOpen = true
        bodyStart = .now()
        bodyBytes = 0
        schedule(context, at: bodyStart + Self.amount(limits.idleSeconds), then: .bodyPace)
    }

    /// The parser read the request's end.
    func bodyEnds() {
        guard bodyOpen else { return }
        bodyOpen = false
        if state == .inRequest { disarm() }
    }

    /// The answer has gone and the request was read to its end: the next head is awaited.
    func awaitNextHead() {
        guard state == .inRequest, let context else { return }
        awaitHead(context, within: limits.idleSeconds)
    }

    // MARK: - Deadlines

    private func awaitHead(_ context: ChannelHandlerContext, within seconds: Double) {
        state = .awaitingHead
        sawByte = false
        inHead = false
        lineBreaks = 0
        bodyOpen = false
        schedule(context, at: .now() + Self.amount(seconds), then: .head)
    }

    private func headTimedOut(_ context: ChannelHandlerContext) {
        guard state == .awaitingHead else { return }
        if sawByte {
            logger.info("connection closed: a request head took too long", metadata: ["address": "\(context.channel.remoteAddress?.ipAddress ?? "")"])
            answer(context, .requestTimeout)
        } else {
            closeHere(context)
        }
    }

    /// After the grace of `idleSeconds`, the body must have averaged `bodyBytesPerSecond` since its head.
    private func checkBodyPace(_ context: ChannelHandlerContext) {
        guard state == .inRequest, bodyOpen else { return }
        let elapsed = Double((NIODeadline.now() - bodyStart).nanoseconds) / 1e9
        let owed = limits.bodyBytesPerSecond * (elapsed - limits.idleSeconds)
        guard Double(bodyBytes) >= owed else {
            logger.info("connection closed: a request body came too slowly", metadata: [
                "address": "\(context.channel.remoteAddress?.ipAddress ?? "")", "bytes": "\(bodyBytes)", "seconds": "\(Int(elapsed))"])
            closeHere(context)
            return
        }
        schedule(context, at: .now() + Self.amount(max(0.5, limits.idleSeconds / 3)), then: .bodyPace)
    }

    private static func amount(_ seconds: Double) -> TimeAmount { .milliseconds(Int64(seconds * 1000)) }

    /// Waits until `when`, then does `work`. Keeping a connection costs no timer per request: one
    /// check is pending at a time and, when it comes, looks at the deadline as it is then (moved
    /// on by the requests since) and waits again. A check comes at most `checkSeconds` apart, so
    /// a deadline moved earlier meanwhile (a head's first byte) is kept within that.
    private func schedule(_ context: ChannelHandlerContext, at when: NIODeadline, then work: Wait) {
        deadline = when
        waiting = work
        if timer == nil { check(context) }
    }

    /// Nothing is waited for until the next `schedule` (the pending check finds nothing to do).
    private func disarm() {
        deadline = .distantFuture
        waiting = .nothing
    }

    private var checkSeconds: Double { max(0.05, min(limits.headSeconds, limits.idleSeconds) / 2) }

    private func check(_ context: ChannelHandlerContext) {
        let next = min(deadline, .now() + Self.amount(checkSeconds))
        timer = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(deadline: next) { [self] in
            timer = nil
            guard waiting != .nothing else { return }
            if NIODeadline.now() >= deadline {
                let work = waiting
                waiting = .nothing
                switch work {
                case .head: headTimedOut(context)
                case .bodyPace: checkBodyPace(context)
                case .nothing: break
                }
            } else {
                check(context)
            }
        }
    }

    private func cancelTimer() {
        waiting = .nothing
        timer?.cancel()
        timer = nil
    }

    // MARK: - Ending it here

    private func closeHere(_ context: ChannelHandlerContext) {
        state = .closing
        cancelTimer()
        closedHere.withLockedValue { $0 = true }
        context.close(promise: nil)
    }

    /// Answers `code` on the raw connection (no request is being answered, so nothing else will) and
    /// closes it: once written, or after a second at most (over TLS nothing is written before a
    /// handshake, which a stranger may never finish).
    private func answer(_ context: ChannelHandlerContext, _ code: ErrorCode) {
        state = .closing
        cancelTimer()
        closedHere.withLockedValue { $0 = true }
        let body = (try? JSONEncoder.api.encode(ErrorBody(error: .init(code: code.rawValue, message: code.message, details: nil)))) ?? Data()
        var head = "HTTP/1.1 \(code.status.code) \(code.status.reasonPhrase)\r\n"
        head += "Content-Type: application/json; charset=utf-8\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
        if code == .tooManyConnections { head += "Retry-After: 5\r\n" }
        head += "\r\n"
        var buffer = context.channel.allocator.buffer(capacity: head.utf8.count + body.count)
        buffer.writeString(head)
        buffer.writeBytes(body)
        context.writeAndFlush(wrapOutboundOut(buffer)).whenComplete { _ in context.close(promise: nil) }
        context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(in: .seconds(1)) { context.close(promise: nil) }
    }
}
