import Foundation
import HummingbirdCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// A connection whose first request head the HTTP parser refuses (an address and headers over
/// 80 KB, a broken request line) gets an answer and is closed. Without this, the WebSocket
/// upgrade's negotiation, which reads that first head, never hears of the parser's error: the
/// client waited for ever and the connection stayed open (schemathesis found it with a 120 KB
/// query string).
struct AnswersUnreadableRequestHeads<Base: ServerChildChannel>: ServerChildChannel {
    struct Value: ServerChildChannelValue {
        let base: Base.Value
        let answered: NIOLockedValueBox<Bool>
        var channel: any Channel { base.channel }
    }

    let base: Base

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let handler = UnreadableRequestHeadHandler()
            try channel.pipeline.syncOperations.addHandler(handler)
            return Value(base: value, answered: handler.answered)
        }
    }

    /// A connection answered here is closed under the negotiation, which the WebSocket channel
    /// logs as an error; that line says nothing an operator needs, so it is left out.
    func handle(value: Value, logger: Logger) async {
        var quiet = logger
        quiet.handler = QuietOnceAnswered(base: logger.handler, answered: value.answered)
        await base.handle(value: value.base, logger: quiet)
    }
}

/// Passes log lines on until the connection has been answered and closed here.
struct QuietOnceAnswered: LogHandler {
    var base: any LogHandler
    let answered: NIOLockedValueBox<Bool>

    var logLevel: Logger.Level {
        get { base.logLevel }
        set { base.logLevel = newValue }
    }
    var metadata: Logger.Metadata {
        get { base.metadata }
        set { base.metadata = newValue }
    }
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { base[metadataKey: key] }
        set { base[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        guard !answered.withLockedValue({ $0 }) else { return }
        base.log(event: event)
    }
}

/// Sits after the upgrade negotiation. Until the first request has passed through it, a parser
/// error is answered here (431 for a head over the limit, 400 otherwise) and the connection
/// closed; after that the HTTP or WebSocket handlers further on see errors themselves.
final class UnreadableRequestHeadHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    typealias OutboundOut = HTTPServerResponsePart

    let answered = NIOLockedValueBox(false)
    private var negotiated = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        negotiated = true
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard !negotiated, let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        guard !answered.withLockedValue({ $0 }) else { return }
        answered.withLockedValue { $0 = true }
        let code: ErrorCode = parserError == .headerOverflow ? .headersTooLarge : .badRequest
        let body = ErrorBody(error: .init(code: code.rawValue, message: code.message, details: nil))
        let bytes = (try? JSONEncoder.api.encode(body)) ?? Data()
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        headers.add(name: "Content-Length", value: String(bytes.count))
        headers.add(name: "Connection", value: "close")
        let head = HTTPResponseHead(version: .http1_1, status: .init(statusCode: Int(code.status.code)), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: bytes)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in context.close(promise: nil) }
    }
}
