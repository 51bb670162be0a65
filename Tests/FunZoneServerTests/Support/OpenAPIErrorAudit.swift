import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOConcurrencyHelpers
import NIOCore
import Testing
import Yams
@testable import FunZoneServer

/// The error codes openapi.yaml lists per operation (`x-error-codes`), and a check of an answer
/// against them: every error response a route test receives must carry a code its operation lists.
struct OpenAPIErrorAudit: Sendable {
    struct Operation: Sendable {
        let key: String
        let method: String
        /// The path's segments; `{name}` matches one segment, `**` the rest.
        let segments: [String]
        let codes: [String]
        let errorStatuses: Set<Int>
    }

    let operations: [Operation]

    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/FunZoneServer/Resources/openapi.yaml")

    static func operations() throws -> [Operation] {
        let text = try String(contentsOf: file, encoding: .utf8)
        let document = try #require(try Yams.load(yaml: text) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: Any])
        var operations: [Operation] = []
        for (path, item) in paths {
            for (method, value) in try #require(item as? [String: Any]) where ["get", "post", "put", "patch", "delete"].contains(method) {
                let operation = try #require(value as? [String: Any])
                let key = "\(method.uppercased()) \(path)"
                let codes = try #require(operation["x-error-codes"] as? [String], "\(key) has no x-error-codes")
                let responses = operation["responses"] as? [String: Any] ?? [:]
                let statuses = Set(responses.keys.compactMap(Int.init).filter { $0 >= 400 })
                operations.append(Operation(key: key, method: method.uppercased(), segments: path.split(separator: "/").map(String.init),
                                            codes: codes, errorStatuses: statuses))
            }
        }
        return operations.sorted { $0.key < $1.key }
    }

    private static let loaded = NIOLockedValueBox<OpenAPIErrorAudit?>(nil)

    /// Read once per test process.
    static func shared() throws -> OpenAPIErrorAudit {
        if let audit = loaded.withLockedValue({ $0 }) { return audit }
        let audit = OpenAPIErrorAudit(operations: try operations())
        loaded.withLockedValue { $0 = audit }
        return audit
    }

    /// The operation a request reached: a literal segment beats a parameter, as in the router.
    func operation(method: String, uri: String) -> Operation? {
        let path = uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? uri
        let segments = path.split(separator: "/").map(String.init)
        let candidates = operations.filter { $0.method == method && Self.matches($0.segments, segments) }
        return candidates.max { Self.literalCount($0.segments) < Self.literalCount($1.segments) }
    }

    /// Why an answer's code is wrong for its operation, or nil when the operation lists it.
    func undeclared(method: String, uri: String, code: String) -> String? {
        // The connection's own answers (a head it cannot read or that does not come in time, too many
        // connections), before any route (the ErrorCode schema says so).
        let connections = Set([ErrorCode.headersTooLarge, .requestTimeout, .tooManyConnections].map(\.rawValue))
        guard !connections.contains(code) else { return nil }
        guard let operation = operation(method: method, uri: uri), !operation.codes.contains(code) else { return nil }
        return "\(operation.key) answered \(code), which its x-error-codes in openapi.yaml do not list (\(operation.codes))"
    }

    private static func matches(_ pattern: [String], _ segments: [String]) -> Bool {
        if pattern.last == "**" { return segments.count >= pattern.count && zip(pattern.dropLast(), segments).allSatisfy(segmentMatches) }
        return pattern.count == segments.count && zip(pattern, segments).allSatisfy(segmentMatches)
    }

    private static func segmentMatches(_ pattern: String, _ segment: String) -> Bool {
        pattern.hasPrefix("{") || pattern == segment
    }

    private static func literalCount(_ pattern: [String]) -> Int { pattern.filter { !$0.hasPrefix("{") && $0 != "**" }.count }
}

/// The route tests' client: every answer with an error body is checked against the audit, so a
/// handler that starts returning a code its operation does not list fails the test that saw it.
struct AuditingClient: TestClientProtocol {
    let base: any TestClientProtocol
    let audit: OpenAPIErrorAudit

    var port: Int? { base.port }

    func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse {
        let response = try await base.executeRequest(uri: uri, method: method, headers: headers, body: body)
        if response.status.code >= 400,
           let object = try? JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any],
           let code = (object["error"] as? [String: Any])?["code"] as? String,
           let problem = audit.undeclared(method: method.rawValue, uri: uri, code: code) {
            Issue.record(Comment(rawValue: problem))
        }
        return response
    }
}
