import Foundation
import Hummingbird
import NIOCore

/// Health, metrics, the API description, and a plain-text ping (the benchmarks' baseline route).
struct SystemController {
    let services: Services
    let openAPIDocument: ByteBuffer

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("healthz", use: health)
        router.get("metrics", use: metrics)
        router.get("api/ping", use: ping)
        router.get("api/openapi.yaml", use: openAPI)
    }

    struct Health: Codable { let status: String; let database: String }

    @Sendable func health(_ request: Request, context: AppRequestContext) async throws -> Reply<Health> {
        let healthy = await services.database.isHealthy()
        return Reply(Health(status: healthy ? "ok" : "degraded", database: healthy ? "ok" : "unreachable"),
                     status: healthy ? .ok : .serviceUnavailable)
    }

    @Sendable func metrics(_ request: Request, context: AppRequestContext) async throws -> Response {
        Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(bytes: services.metrics.emitToBuffer())))
    }

    @Sendable func ping(_ request: Request, context: AppRequestContext) async throws -> Response {
        Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: "pong")))
    }

    @Sendable func openAPI(_ request: Request, context: AppRequestContext) async throws -> Response {
        Response(status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"], body: .init(byteBuffer: openAPIDocument))
    }
}
