import Foundation
import Hummingbird
import Logging
import Speech

/// Turns every error into the API's one error shape. Anything unexpected is a 500 and is logged:
/// a 5xx is always a bug.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let clock: Clock

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            if let speech = error as? SpeechError, case .remote = speech {
                context.logger.warning("speech service failed", metadata: ["error": "\(speech)"])
            }
            let apiError = APIError(error, now: clock.now()) ?? {
                context.logger.error("unhandled error", metadata: ["error": "\(String(reflecting: error))", "path": "\(request.uri.path)"])
                return APIError(.internalError)
            }()
            // A missing page is plain text; a phone's endpoint (SpotCheck's /pair) keeps its JSON error.
            if !request.uri.path.hasPrefix("/api") && apiError.status == .notFound && apiError.code == .notFound {
                return Response(status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                                body: .init(byteBuffer: .init(string: "Not found")))
            }
            return try apiError.response(from: request, context: context)
        }
    }
}
