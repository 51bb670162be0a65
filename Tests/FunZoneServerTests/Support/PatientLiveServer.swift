import HTTPTypes
import Hummingbird
import HummingbirdCore
@testable import HummingbirdTesting
import NIOCore
import ServiceLifecycle

/// Runs an app on a real port (WebSockets need one) with a client that waits as long as a busy CI
/// machine may take. HummingbirdTesting's `.live` fixes its client's read timeout at 20 s, and a
/// PostgreSQL route test once waited longer for one plain request while the machine's two cores
/// decoded speech for the other suites: a slow machine is not a failing server.
enum PatientLiveServer {
    static let timeout: Duration = .seconds(120)

    static func run<Responder: HTTPResponder>(router: Responder, server: HTTPServerBuilder,
                                              _ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws
    where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let app = Application(responder: router, server: server,
                              configuration: .init(address: .hostname("localhost", port: 0)),
                              onServerRunning: { channel in
                                  portSink.yield(channel.localAddress?.port ?? 0)
                                  portSink.finish()
                              })
        let services = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: app.logger))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await services.run() }
            var port = 0
            for await value in ports { port = value }
            let client = TestClient(host: "localhost", port: port, configuration: .init(timeout: timeout))
            client.connect()
            do {
                try await body(Client(client: client, port: port))
            } catch {
                try? await client.shutdown()
                await services.triggerGracefulShutdown()
                throw error
            }
            try await client.shutdown()
            await services.triggerGracefulShutdown()
            try await group.waitForAll()
        }
    }

    /// What `.live`'s client does, with the patient timeout.
    struct Client: TestClientProtocol {
        let client: TestClient
        let port: Int?

        func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse {
            var headers = headers
            headers[.connection] = "keep-alive"
            let response = try await client.execute(TestClient.Request(uri, method: method, authority: "localhost", headers: headers, body: body))
            return .init(head: response.head, body: response.body ?? ByteBuffer(), trailerHeaders: response.trailerHeaders)
        }
    }
}
