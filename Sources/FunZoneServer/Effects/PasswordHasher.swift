import Foundation
import HummingbirdBcrypt
import NIOPosix

/// bcrypt off the event loop. The cost is configurable so tests stay fast; production uses 12.
public struct PasswordHasher: Sendable {
    public let cost: UInt8
    /// Checked against when an account does not exist, so a miss takes as long as a hit.
    public let dummyHash: String

    public init(cost: UInt8 = 12) {
        self.cost = cost
        dummyHash = Bcrypt.hash("no such account", cost: cost)
    }

    public func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    public func verify(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }
}
