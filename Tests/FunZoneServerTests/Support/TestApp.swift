import Foundation
import HTTPTypes
import Hub
import Hummingbird
import HummingbirdTesting
import MailClient
import NIOConcurrencyHelpers
import NIOCore
import Storage
import Testing
@testable import FunZoneServer

/// A clock tests can move.
final class TestClock: Sendable {
    private let current = NIOLockedValueBox(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { current.withLockedValue { $0 } }
    func advance(by seconds: TimeInterval) { current.withLockedValue { $0 += seconds } }
    var clock: Clock { Clock { [self] in self.now } }
}

/// One running app on a fresh database, with what a test needs to poke at it.
struct TestApp {
    let services: Services
    let clock: TestClock
    let client: any TestClientProtocol
    let blobRoot: URL
    /// The live server's connection counter (`webSockets: true`): tests change its limits once the client is connected.
    var connections = ConnectionCounter(limits: TestApp.patientLimits)

    /// Runs `body` against the app on a fresh database of the given kind.
    static func run(_ kind: TestDatabase, installed: Set<String> = [], openSignup: Bool = false,
                    mailer: any Mailer = DisabledMailer(), speech: SpeechServices = SpeechServices(),
                    network: HomeNetwork = .none, authority: HomeAuthority? = nil, webSockets: Bool = false,
                    liveIdleSeconds: TimeInterval = 15, model: ModelGate? = nil,
                    connectionLimits: ConnectionLimits = TestApp.patientLimits, dataFolder: String? = nil, diskReserveMB: Int = 256,
                    familyQuotaMB: Int = 2048, trustedProxies: TrustedProxies = .none, _ body: @Sendable (TestApp) async throws -> Void) async throws {
        try await kind.withFresh { database in
            let clock = TestClock()
            let blobRoot = FileManager.default.temporaryDirectory.appendingPathComponent("fz-blobs-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: blobRoot) }
            let services = Services(database: database, blobs: try FileBlobStore(root: blobRoot),
                                    registry: AppRegistry(installed: installed), clock: clock.clock, ids: .counting(), random: .seeded(1),
                                    hasher: PasswordHasher(cost: 4), mailer: mailer, speech: speech, options: .init(openSignup: openSignup, trustedProxies: trustedProxies, liveIdleSeconds: liveIdleSeconds, connectionLimits: connectionLimits,
                                                                  dataFolder: dataFolder, diskReserveMB: diskReserveMB, familyQuotaMB: familyQuotaMB),
                                    network: network, authority: authority, model: model)
            let router = FunZoneApp.buildRouter(services: services, webRoot: webRoot)
            // WebSockets need a real server on a port (the other tests call the router directly).
            let audit = try OpenAPIErrorAudit.shared()
            let connections = ConnectionCounter(limits: connectionLimits)
            @Sendable func test(_ client: any TestClientProtocol) async throws {
                try await body(TestApp(services: services, clock: clock, client: AuditingClient(base: client, audit: audit),
                                       blobRoot: blobRoot, connections: connections))
            }
            if webSockets {
                let server = FunZoneApp.http1(webSockets: FunZoneApp.buildWebSocketRouter(services: services).buildResponder(),
                                              secure: false, services: services,
                                              connections: connections)
                // The plain listener's own transport step, as the server runs it (trusted proxies, redirects).
                let plain = TransportResponder.make(router.buildResponder(), secure: false, network: network, proxies: trustedProxies)
                try await PatientLiveServer.run(router: plain, server: server, test)
            } else {
                try await Application(router: router).test(.router) { try await test($0) }
            }
        }
    }

    /// The live server's test client holds one connection for the whole test, which may pause
    /// between requests longer than a browser would (speech, OCR): its limits are patient.
    /// ConnectionGuardTests hold the real ones.
    static let patientLimits = ConnectionLimits(headSeconds: 600, idleSeconds: 600)

    static var webRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Web").path
    }

    /// A browser-like user of the API: keeps cookies and sends the CSRF token.
    func user() -> Browser { Browser(client: client) }
}

/// Cookies and the CSRF token of one device.
final class Browser: @unchecked Sendable {
    let client: any TestClientProtocol
    var cookies: [String: String] = [:]
    var csrf: String?

    init(client: any TestClientProtocol) { self.client = client }

    @discardableResult
    func request(_ method: HTTPRequest.Method, _ uri: String, json: (any Encodable)? = nil, body raw: ByteBuffer? = nil,
                 headers extra: HTTPFields = [:], sendCSRF: Bool = true) async throws -> TestResponse {
        var headers = extra
        if method != .get && sendCSRF {
            if csrf == nil { try await request(.get, "/api/session") }
            headers[HTTPField.Name("X-CSRF-Token")!] = csrf ?? ""
        }
        if !cookies.isEmpty {
            headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")
        }
        var body = raw
        if let json {
            body = ByteBuffer(bytes: try JSONEncoder().encode(json))
            if headers[.contentType] == nil { headers[.contentType] = "application/json" }
        }
        let response = try await client.execute(uri: uri, method: method, headers: headers, body: body)
        for value in response.headers[values: .setCookie] {
            let pair = value.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let name = String(pair[0]), cookieValue = String(pair[1])
            if cookieValue.isEmpty || value.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = cookieValue }
        }
        if response.headers[.contentType]?.hasPrefix("application/json") == true,
           let object = try? JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any],
           let token = object["csrfToken"] as? String {
            csrf = token
        }
        return response
    }

    func json(_ method: HTTPRequest.Method, _ uri: String, _ body: (any Encodable)? = nil,
              expect status: HTTPResponse.Status, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        let response = try await request(method, uri, json: body)
        #expect(response.status == status, "\(method) \(uri): \(String(buffer: response.body))", sourceLocation: sourceLocation)
        guard response.body.readableBytes > 0 else { return [:] }
        return (try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]) ?? [:]
    }

    /// The answer decoded as the route's own response type (the `Reply<T>` its handler returns).
    func decoded<T: Decodable>(_ type: T.Type, _ method: HTTPRequest.Method, _ uri: String, _ body: (any Encodable)? = nil,
                               expect status: HTTPResponse.Status = .ok, sourceLocation: SourceLocation = #_sourceLocation) async throws -> T {
        let response = try await request(method, uri, json: body)
        #expect(response.status == status, "\(method) \(uri): \(String(buffer: response.body))", sourceLocation: sourceLocation)
        return try response.decoded(T.self)
    }

    /// What this device's session is (GET /api/session).
    func session(sourceLocation: SourceLocation = #_sourceLocation) async throws -> AccountController.SessionResponse {
        try await decoded(AccountController.SessionResponse.self, .get, "/api/session", sourceLocation: sourceLocation)
    }

    /// Asserts the API's error shape and code.
    func expectError(_ method: HTTPRequest.Method, _ uri: String, _ body: (any Encodable)? = nil, status: HTTPResponse.Status,
                     code: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let response = try await request(method, uri, json: body)
        try expectErrorShape(response, status: status, code: code, sourceLocation: sourceLocation)
    }
}

extension TestResponse {
    /// The body decoded as the route's own response type (ISO 8601 dates, as the API writes them).
    func decoded<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(T.self, from: Data(buffer: body))
    }

    /// The body as a JSON object, for what only the wire shows: an explicit null, the exact set of keys.
    func jsonObject(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any], sourceLocation: sourceLocation)
    }
}

/// A date written as the API writes it (ISO 8601, UTC).
func isoDate(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

func expectErrorShape(_ response: TestResponse, status: HTTPResponse.Status, code: String,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(response.status == status, "body: \(String(buffer: response.body))", sourceLocation: sourceLocation)
    let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
    let error = object?["error"] as? [String: Any]
    #expect(error?["code"] as? String == code, "body: \(String(buffer: response.body))", sourceLocation: sourceLocation)
    #expect((error?["message"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
}

/// Fixtures every flow starts from.
extension TestApp {
    static let password = "correct horse battery"

    /// Sets up a family (first run) and returns the signed-in parent's device.
    @discardableResult
    func setUpFamily(email: String = "ada@example.org", family: String = "Rossi") async throws -> Browser {
        let parent = user()
        _ = try await parent.json(.post, "/api/setup", ["familyName": family, "parentName": "Ada", "email": email, "password": Self.password],
                                  expect: .created)
        return parent
    }

    func addChild(_ parent: Browser, name: String = "Mia", grade: Int = 2, avatar: String = "🦊") async throws -> String {
        let child = try await parent.decoded(ChildView.self, .post, "/api/parent/children", ChildBody(name: name, grade: grade, avatar: avatar),
                                             expect: .created)
        return child.id.rawValue
    }

    /// Passes the gate on a device by reading the question the server stored for it.
    func passGate(_ device: Browser) async throws {
        let question = try await device.decoded(ParentGateController.ChallengeResponse.self, .post, "/api/gate/challenge", expect: .created)
        let answer = question.left * question.right
        _ = try await device.json(.post, "/api/gate/answer", ["answer": answer], expect: .ok)
    }
}

struct ChildBody: Encodable { let name: String; let grade: Int; let avatar: String }

/// A short, valid 16 kHz mono WAV (a 440 Hz tone).
func toneWAV(seconds: Double = 1, rate: Int = 16000) -> Data {
    let frames = Int(Double(rate) * seconds)
    var data = Data()
    func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    data.append(contentsOf: Array("RIFF".utf8)); append(UInt32(36 + frames * 2)); data.append(contentsOf: Array("WAVEfmt ".utf8))
    append(UInt32(16)); append(UInt16(1)); append(UInt16(1)); append(UInt32(rate)); append(UInt32(rate * 2)); append(UInt16(2)); append(UInt16(16))
    data.append(contentsOf: Array("data".utf8)); append(UInt32(frames * 2))
    for i in 0..<frames { append(Int16(sin(Double(i) * 2 * .pi * 440 / Double(rate)) * 8000)) }
    return data
}
