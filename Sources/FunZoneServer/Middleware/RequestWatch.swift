import NIOCore
import NIOHTTPTypes

/// After the HTTP parser (on connections not upgraded to a WebSocket): tells the connection's
/// `ConnectionGuard` when a request's head and its end were read, and when, the answer gone and the
/// request read to its end, the next head is awaited (a request sent before the answer to the one
/// before it is not waited for again; a body still coming after an early answer, a 413 or a 403,
/// is still held to its pace).
final class RequestWatch: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var guarded: ConnectionGuard?
    private var unanswered = 0
    private var reading = false

    func handlerAdded(context: ChannelHandlerContext) {
        guarded = try? context.pipeline.syncOperations.handler(type: ConnectionGuard.self)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            unanswered += 1
            reading = true
            guarded?.bodyBegins()
        case .end:
            reading = false
            guarded?.bodyEnds()
            if unanswered == 0 { guarded?.awaitNextHead() }
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        unanswered = max(0, unanswered - 1)
        context.write(data, promise: promise)
        if unanswered == 0, !reading { guarded?.awaitNextHead() }
    }
}
