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
