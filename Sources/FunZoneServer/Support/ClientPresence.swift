import NIOCore
import Synchronization

/// Whether a connection's client is still there to read an answer. The server lets a client
/// half-close (a request sent, then the sending side shut) as HTTP allows, so a browser tab that
/// closes shows first as the end of its input, long before the connection itself closes (that waits
/// for the answer to be written). `ConnectionGuard` reports both here; `leaving(_:)` is what costly
/// work watches (`WorkOwner`).
enum ClientPresence {
    private static let leaves = Mutex<[ObjectIdentifier: EventLoopPromise<Void>]>([:])

    /// Starts watching `channel` (once, when it opens).
    static func watch(_ channel: any Channel) {
        let promise = channel.eventLoop.makePromise(of: Void.self)
        leaves.withLock { $0[ObjectIdentifier(channel)] = promise }
        channel.closeFuture.whenComplete { _ in
            leaves.withLock { $0[ObjectIdentifier(channel)] = nil }
            promise.succeed()
        }
    }

    /// The client shut its sending side: it will read no more answers.
    static func inputEnded(_ channel: any Channel) {
        leaves.withLock { $0[ObjectIdentifier(channel)] }?.succeed()
    }

    /// Completes when the client has gone: its input ended or the connection closed.
    static func leaving(_ channel: any Channel) -> EventLoopFuture<Void> {
        leaves.withLock { $0[ObjectIdentifier(channel)]?.futureResult } ?? channel.closeFuture
    }
}
