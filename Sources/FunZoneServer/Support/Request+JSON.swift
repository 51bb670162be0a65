import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

extension Request {
    /// 415 unless the body is sent as JSON (a request with no content type is read as JSON).
    func requireJSON(_ message: String = "Send JSON (Content-Type: application/json).") throws {
        if let contentType = headers[.contentType], !contentType.lowercased().hasPrefix("application/json") {
            throw APIError(.unsupportedMediaType, message)
        }
    }

    /// The whole body, at most `limit` bytes (413 beyond).
    func collectBody(upTo limit: Int) async throws -> ByteBuffer {
        do {
            return try await body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw APIError.tooLarge(limit: limit)
        }
    }

    /// Decodes a JSON body of at most `limit` bytes; bad input becomes a 4xx `APIError`.
    func decodeJSON<T: Decodable>(_ type: T.Type = T.self, context: AppRequestContext, limit: Int? = nil) async throws -> T {
        let limit = limit ?? context.maxUploadSize
        try requireJSON()
        return try JSONDecoder.api.decodeBody(T.self, from: Data(buffer: try await collectBody(upTo: limit)))
    }
}

extension JSONDecoder {
    /// Decodes a request body already read; bad input becomes a 4xx `APIError`. An empty body reads
    /// as {}, so a missing field is named in the error (422) instead of "bad JSON".
    func decodeBody<T: Decodable>(_ type: T.Type, from body: Data) throws -> T {
        do {
            return try decode(T.self, from: body.isEmpty ? Data("{}".utf8) : body)
        } catch let error as DecodingError {
            throw APIError(decoding: error)
        }
    }
}

/// A route's answer with its type in the handler's signature (`-> Reply<HubResponse>`): the value
/// as the API's JSON (sorted keys, ISO 8601 dates, never cached unless a header says otherwise),
/// with its status and any headers it sets (an ETag, a cookie). Tests decode the same type.
struct Reply<Value: Encodable & Sendable>: ResponseGenerator {
    let value: Value
    var status: HTTPResponse.Status = .ok
    var headers: HTTPFields = [:]

    init(_ value: Value, status: HTTPResponse.Status = .ok) {
        self.value = value
        self.status = status
    }

    /// The same answer with one more header; a header the JSON answer already has is replaced.
    func with(_ name: HTTPField.Name, _ value: String) -> Reply {
        var copy = self
        if name == .setCookie { copy.headers.append(HTTPField(name: name, value: value)) } else { copy.headers[name] = value }
        return copy
    }

    /// The same answer setting a cookie.
    func setting(_ cookie: Cookie) -> Reply { with(.setCookie, cookie.description) }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try JSONResponse.make(value, status: status)
        for field in headers {
            if field.name == .setCookie { response.headers.append(field) } else { response.headers[field.name] = field.value }
        }
        return response
    }
}

/// A route's answer that is only its status: 204, no body.
struct NoContent: ResponseGenerator {
    func response(from request: Request, context: some RequestContext) throws -> Response { Response(status: .noContent) }
}

/// A JSON response with a status and optional cookies.
struct JSONResponse {
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        make(body: ByteBuffer(bytes: try JSONEncoder.api.encode(value)), status: status)
    }

    /// A response of already-encoded JSON.
    static func make(body: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                 body: .init(byteBuffer: body))
    }

    static func noContent() -> Response { Response(status: .noContent) }
}

extension TimeZone {
    /// The zone a page names in its `tz` query ("Europe/Rome"), UTC when it names none; 422 for a name that is not a zone.
    init(query tz: String?) throws {
        guard let tz else { self = .gmt; return }
        guard tz.count <= 64, let zone = TimeZone(identifier: tz) else { throw APIError.invalid("tz", "tz must be a time zone name such as Europe/Rome.") }
        self = zone
    }
}
