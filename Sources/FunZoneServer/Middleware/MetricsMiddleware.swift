import Foundation
import Hummingbird
import Prometheus

/// Counts requests and records their latency per route and status, for `/metrics`.
struct PrometheusMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let registry: PrometheusCollectorRegistry
    static var requests: MetricNameDescriptor {
        MetricNameDescriptor(metricName: "http_requests", unitName: "total", helpText: "HTTP requests by method, route and status.")
    }
    static var latency: MetricNameDescriptor {
        MetricNameDescriptor(metricName: "http_request_duration", unitName: "seconds", helpText: "HTTP request latency by method and route.")
    }
    static var buckets: [Duration] {
        [.milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
         .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5)]
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var status = 500
        defer {
            // The route pattern, never the raw path: Hummingbird labels every unmatched path "NotFound"
            // and every static file "FileMiddleware", so a scanner cannot blow up the series count.
            let route = context.endpointPath ?? "unmatched"
            let labels = [("method", request.method.rawValue), ("route", route), ("status", String(status))]
            registry.makeCounter(descriptor: Self.requests, labels: labels).increment()
            registry.makeDurationHistogram(descriptor: Self.latency,
                                           labels: [("method", request.method.rawValue), ("route", route)],
                                           buckets: Self.buckets)
                .record(ContinuousClock.now - start)
        }
        let response = try await next(request, context)
        status = response.status.code
        return response
    }
}
