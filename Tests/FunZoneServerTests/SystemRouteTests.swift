import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import Testing
import Yams
@testable import FunZoneServer

@Suite struct SystemRouteTests {
    @Test(arguments: TestDatabase.all)
    func healthMetricsAndSecurityHeaders(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let visitor = app.user()
            let health = try await visitor.decoded(SystemController.Health.self, .get, "/healthz")
            #expect(health.database == "ok")
            let page = try await visitor.request(.get, "/")
            #expect(page.status == .ok)
            let csp = page.headers[.contentSecurityPolicy] ?? ""
            #expect(csp.contains("default-src 'self'") && csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"))
            try await visitor.expectError(.get, "/api/no-such-route", status: .notFound, code: "not_found")
            let metrics = String(buffer: try await visitor.request(.get, "/metrics").body)
            #expect(metrics.contains("http_requests_total{method=\"GET\",route=\"/healthz\",status=\"200\"}"))
            #expect(metrics.contains("http_request_duration_seconds_bucket"))
            #expect(metrics.contains("route=\"NotFound\",status=\"404\""))
            #expect(!metrics.contains("no-such-route"))
        }
    }

    @Test("a path with a control character once its escapes are read is not found (the file system cut /index.html%00.js at the NUL)")
    func controlCharactersInPathsAreNotFound() async throws {
        try await TestApp.run(.sqlite) { app in
            let visitor = app.user()
            for path in ["/index.html%00.js", "/index.html%00", "/hub/index.html%0A.css", "/index.html%00%FF.js", "/index.html%7f.js"] {
                let page = try await visitor.request(.get, path)
                #expect(page.status == .notFound && page.headers[.contentType]?.contains("javascript") != true, "\(path)")
            }
            try await visitor.expectError(.get, "/api/session%7F", status: .notFound, code: "not_found")
            #expect(try await visitor.request(.get, "/index.html").status == .ok)
            #expect(ControlCharacterPaths.holdsControlCharacter("/a%1Fb") && !ControlCharacterPaths.holdsControlCharacter("/caf%C3%A9"))
        }
    }

    @Test("a known address asked with another method is 405 method_not_allowed with Allow; an unknown one stays 404")
    func otherMethodsAreNotAllowed() async throws {
        try await TestApp.run(.sqlite) { app in
            let visitor = app.user()
            let post = try await visitor.request(.post, "/healthz")
            try expectErrorShape(post, status: .methodNotAllowed, code: "method_not_allowed")
            #expect(post.headers[.allow] == "GET, HEAD")
            let trace = try await app.client.executeRequest(uri: "/api/session", method: .trace, headers: [:], body: nil)  // no cookie, no CSRF token
            #expect(trace.status == .methodNotAllowed && trace.headers[.allow]?.contains("GET") == true)
            let put = try await visitor.request(.put, "/api/parent/children/nobody")
            #expect(put.status == .methodNotAllowed && put.headers[.allow]?.contains("PATCH") == true && put.headers[.allow]?.contains("DELETE") == true)
            try await visitor.expectError(.get, "/api/no-such-route", status: .notFound, code: "not_found")
            #expect(try await visitor.request(.post, "/index.html").status == .notFound)
            #expect(MethodNotAllowed.Routes.matches(["api", "files", "**"], ["api", "files", "a", "b"]))
        }
    }

    @Test("HSTS only over HTTPS, for the public address's name on the default port; never on plain HTTP, IP addresses, other ports or the home network's names")
    func strictTransportOnlyWhereItCannotStrandADevice() async throws {
        let host = SecurityHeadersMiddleware.strictHost
        #expect(host("https://fun.example.org") == "fun.example.org" && host("https://Fun.Example.org:443/") == "fun.example.org")
        #expect(host("https://fun.example.org:8443") == nil && host("http://fun.example.org") == nil && host("https://192.168.1.20") == nil)
        #expect(host("https://[fd00::1]") == nil && host("https://localhost") == nil && host(nil) == nil)
        let sends = SecurityHeadersMiddleware.sendsStrictTransport
        #expect(sends(true, "fun.example.org", "fun.example.org") && sends(true, "FUN.example.org:443", "fun.example.org"))
        #expect(!sends(false, "fun.example.org", "fun.example.org") && !sends(true, "kitchen.local", "fun.example.org"))
        #expect(!sends(true, "fun.example.org:8443", "fun.example.org") && !sends(true, "kitchen.local", nil))
        // Through the router: secure and for the public name, the header; otherwise none.
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: SecurityHeadersMiddleware(network: HomeNetwork(publicURL: "https://fun.example.org", addresses: [], names: [], httpsPort: nil, httpPort: 8080)))
        router.get("/here") { _, _ in "here" }
        let responder = router.buildResponder()
        // The test client says "localhost": the host a browser sends is put in as the public name.
        let app = Application(responder: CallbackResponder<AppRequestContext> { request, context in
            var context = context
            context.isSecure = request.headers[HTTPField.Name("X-Test-Secure")!] != nil
            var head = request.head
            head.authority = "fun.example.org"
            return try await responder.respond(to: Request(head: head, body: request.body), context: context)
        })
        try await app.test(.router) { client in
            let secure = try await client.execute(uri: "/here", method: .get, headers: [HTTPField.Name("X-Test-Secure")!: "1"])
            #expect(secure.headers[.strictTransportSecurity] == "max-age=86400")
            let plain = try await client.execute(uri: "/here", method: .get)
            #expect(plain.headers[.strictTransportSecurity] == nil)
        }
    }

    /// Fails when a route is missing from /api/openapi.yaml, or the document names a route the server lacks.
    @Test func theOpenAPIDocumentListsExactlyTheServersRoutes() async throws {
        try await TestDatabase.sqlite.withFresh { database in
            let services = Services(database: database, blobs: try FileBlobStore(root: FileManager.default.temporaryDirectory.appendingPathComponent("fz-oa")),
                                    registry: .init(installed: []), clock: TestClock().clock, ids: .counting(), random: .seeded(1),
                                    hasher: PasswordHasher(cost: 4))
            let router = FunZoneApp.buildRouter(services: services, webRoot: TestApp.webRoot)
            let served = Set(router.routes.map { route -> String in
                let path = route.path.description.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
                return "\(route.method.rawValue.lowercased()) /\(path.joined(separator: "/"))"
            })
            let app = Application(router: router)
            let yaml = try await app.test(.router) { client in
                String(buffer: try await client.execute(uri: "/api/openapi.yaml", method: .get).body)
            }
            let document = try #require(try Yams.load(yaml: yaml) as? [String: Any])
            #expect(document["openapi"] as? String == "3.1.0")
            let paths = try #require(document["paths"] as? [String: Any])
            var documented = Set<String>()
            for (path, item) in paths {
                for method in ["get", "post", "put", "patch", "delete"] where (item as? [String: Any])?[method] != nil {
                    documented.insert("\(method) \(path)")
                }
            }
            #expect(served.subtracting(documented).sorted() == [], "routes missing from openapi.yaml")
            #expect(documented.subtracting(served).sorted() == [], "openapi.yaml names routes the server lacks")
            #expect(served.count > 25)
        }
    }

    @Test func postgresIsThereWhenTheTestScriptRequiresIt() {
        if TestDatabase.postgresRequired { #expect(TestDatabase.adminURL != nil) }
    }
}
