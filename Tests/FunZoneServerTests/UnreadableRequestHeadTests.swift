import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing
@testable import FunZoneServer

/// A request head the HTTP parser refuses is answered and its connection closed, on the server
/// the app really runs (HTTP/1.1 with the WebSocket upgrade); it used to wait for ever.
/// The HTTP layer's own behaviour: one database is enough.
@Suite struct UnreadableRequestHeadTests {
    /// One request on a fresh server (the test client's one connection is closed after a 431).
    static func answer(_ uri: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        let answer = Mutex<TestResponse?>(nil)
        try await TestApp.run(.sqlite, webSockets: true) { app in
            let response = try await app.user().request(.get, uri, headers: headers)
            answer.withLock { $0 = response }
        }
        return try #require(answer.withLock { $0 })
    }

    @Test("an address or headers over 80 KB get 431 headers_too_large; just under is served")
    func anOversizedHeadIsAnswered() async throws {
        let long = String(repeating: "a", count: 100_000)
        try expectErrorShape(try await Self.answer("/healthz?x=\(long)"), status: .requestHeaderFieldsTooLarge, code: "headers_too_large")
        try expectErrorShape(try await Self.answer("/healthz", headers: [HTTPField.Name("X-Big")!: long]),
                             status: .requestHeaderFieldsTooLarge, code: "headers_too_large")
        #expect(try await Self.answer("/healthz?x=" + String(repeating: "a", count: 70_000)).status == .ok)
    }
}
