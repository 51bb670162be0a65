import Foundation
import Hummingbird
import NIOCore

/// Health, metrics, the API description, and a plain-text ping (the benchmarks' baseline route).
struct SystemController {
    let services: Services
    let openAPIDocument: ByteBuffer

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("healthz", use: ready)
        router.get("healthz/ready", use: ready)
        router.get("healthz/live", use: live)
        router.get("metrics", use: metrics)
        router.get("api/ping", use: ping)
        router.get("api/openapi.yaml", use: openAPI)
    }

    typealias Health = HealthProbe.Report

    /// Ready to serve: the database answers and takes writes, and the disk has room above the
    /// reserve; else 503 with what is wrong (also in the log, once per change).
    @Sendable func ready(_ request: Request, context: AppRequestContext) async throws -> Reply<Health> {
        let report = await services.health.report()
        return Reply(report, status: report.healthy ? .ok : .serviceUnavailable)
    }

    struct Live: Codable { let status: String }

    /// Alive: the process answers requests (a supervisor restarts it when this fails, and only then).
    @Sendable func live(_ request: Request, context: AppRequestContext) async throws -> Reply<Live> {
        Reply(Live(status: "live"))
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
