import Audio
import Coloring
import Foundation
import HTTPTypes
import Hub
import Hummingbird
import NIOCore
import Speech
import Spelling
import SpotCheck
import Storage

/// Every error the API sends: `{"error": {"code": "...", "message": "..."}}` with its status.
struct APIError: HTTPResponseError, Equatable {
    let status: HTTPResponse.Status
    let code: String
    let message: String
    var details: [String: String] = [:]
    var retryAfter: Int?

    var headers: HTTPFields {
        var fields: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        if let retryAfter { fields[.retryAfter] = String(retryAfter) }
        return fields
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = ErrorBody(error: .init(code: code, message: message, details: details.isEmpty ? nil : details))
        let data = try JSONEncoder.api.encode(body)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static let unauthorized = APIError(status: .unauthorized, code: "not_signed_in", message: "Please sign in first.")
    static let parentLocked = APIError(status: .forbidden, code: "parent_locked",
                                       message: "The parent area is locked. Pass the parent gate and enter the parent password.")
    static let noChild = APIError(status: .forbidden, code: "no_child_selected", message: "Pick who is playing first.")
    static let appHidden = APIError(status: .forbidden, code: "app_hidden", message: "A grown-up has turned this app off for you. Ask them!")
    static let csrf = APIError(status: .forbidden, code: "csrf_failed",
                               message: "This request is missing its security token. Reload the page and try again.")
    static func notFound(_ what: String) -> APIError {
        APIError(status: .notFound, code: "not_found", message: "No \(what) with that id in your family.")
    }
    static func invalid(_ field: String, _ message: String) -> APIError {
        APIError(status: .unprocessableContent, code: "invalid_field", message: message, details: ["field": field])
    }
    static func tooLarge(limit: Int) -> APIError {
        APIError(status: .contentTooLarge, code: "body_too_large", message: "The request body is larger than \(limit) bytes.")
    }
    static func rateLimited(retryAfter: TimeInterval) -> APIError {
        APIError(status: .tooManyRequests, code: "rate_limited",
                 message: "Too many tries. Wait a little and try again.", retryAfter: Int(retryAfter.rounded(.up)))
    }
}

/// The JSON body of every error response.
struct ErrorBody: Codable {
    struct Inner: Codable { let code: String; let message: String; let details: [String: String]? }
    let error: Inner
}

extension APIError {
    /// The one place domain and storage errors become HTTP answers.
    init?(_ error: any Error) {
        switch error {
        case let error as APIError: self = error
        case let error as HubError: self = APIError(hub: error)
        case let error as AudioError: self = APIError(audio: error)
        case let error as SpeechError: self = APIError(speech: error)
        case let error as SpellingError: self = APIError(spelling: error)
        case let error as ColoringError: self = APIError(coloring: error)
        case SpotCheckError.invalidField(let field, let reason): self = .invalid(field, reason)
        case StorageError.duplicateEmail:
            self = APIError(status: .conflict, code: "email_taken", message: "That e-mail address already has an account.")
        case StorageError.notFound: self = .notFound("item")
        case is NIOTooManyBytesError: self = .tooLarge(limit: 0)
        case let error as DecodingError: self = APIError(decoding: error)
        case let error as HTTPError:
            self = APIError(status: error.status, code: Self.code(for: error.status),
                            message: error.body ?? error.status.reasonPhrase)
        default: return nil
        }
    }

    private init(hub error: HubError) {
        switch error {
        case .invalidEmail: self = .invalid("email", "Enter a valid e-mail address.")
        case .weakPassword(let minimum): self = .invalid("password", "Use a password of at least \(minimum) characters.")
        case .invalidName: self = .invalid("name", "Enter a name of 1 to 30 characters.")
        case .invalidGrade: self = .invalid("grade", "Grade must be 1 to 7.")
        case .invalidAvatar: self = .invalid("avatar", "Pick one of the avatars.")
        case .unknownApp(let id): self = APIError(status: .notFound, code: "unknown_app", message: "There is no app \"\(id)\".")
        case .appNotRequestable: self = APIError(status: .conflict, code: "app_available", message: "This app is already here: just open it.")
        case .invalidRequestText(let why): self = .invalid("text", "Request text: \(why).")
        case .invalidDecision: self = .invalid("status", "Status must be \"approved\" or \"declined\".")
        case .invalidInviteCode: self = .invalid("inviteCode", "That invite code is not valid.")
        case .unknownProduct(let id): self = APIError(status: .notFound, code: "unknown_product", message: "There is no product \"\(id)\".")
        case .gateLocked(let until):
            self = APIError(status: .tooManyRequests, code: "gate_locked", message: "Too many wrong answers. Try again in a minute.",
                            retryAfter: max(1, Int(until.timeIntervalSinceNow.rounded(.up))))
        case .gateChallengeExpired:
            self = APIError(status: .conflict, code: "gate_expired", message: "That question has expired. Here is a new one.")
        case .wrongGateAnswer(let left):
            self = APIError(status: .unprocessableContent, code: "gate_wrong", message: "That's not right.",
                            details: ["attemptsLeft": String(left)])
        }
    }

    private init(audio error: AudioError) {
        switch error {
        case .notWAV, .unsupportedEncoding:
            self = APIError(status: .unsupportedMediaType, code: "unsupported_audio", message: "Send the recording as a PCM WAV file.")
        case .truncated, .empty:
            self = APIError(status: .unprocessableContent, code: "bad_audio", message: "The recording is empty or cut short.")
        case .tooLong(_, let limit):
            self = APIError(status: .contentTooLarge, code: "audio_too_long", message: "Recordings can be at most \(Int(limit)) seconds.")
        }
    }

    private init(speech error: SpeechError) {
        switch error {
        case .invalidGrammar: self = .invalid("grammar", error.description)
        case .invalidKeywords: self = .invalid("keywords", error.description)
        case .unknownVoice: self = .invalid("voice", error.description + " See /api/speech/voices.")
        case .invalidText(let why): self = .invalid("text", why)
        case .engineUnavailable, .synthesisFailed:
            self = APIError(status: .serviceUnavailable, code: "speech_unavailable", message: error.description)
        case .warmingUp(let seconds):
            self = APIError(status: .serviceUnavailable, code: "speech_warming_up",
                            message: "Spelling by voice is still getting ready. Type this word, or try again in a moment.", retryAfter: seconds)
        case .remote:
            // The service's own words stay in the log: they can quote keys or internal addresses.
            self = APIError(status: .badGateway, code: "speech_unavailable", message: "The recognition service did not answer properly. Try again in a moment.")
        }
    }

    private init(spelling error: SpellingError) {
        switch error {
        case .invalidGrade: self = .invalid("grade", error.description)
        case .invalidLevel: self = .invalid("level", error.description)
        case .levelLocked: self = APIError(status: .forbidden, code: "level_locked", message: error.description)
        case .sessionOver: self = APIError(status: .conflict, code: "game_over", message: error.description)
        case .noWords: self = APIError(status: .conflict, code: "no_words", message: error.description)
        case .invalidWordList: self = APIError(status: .unprocessableContent, code: "invalid_word_list", message: error.description)
        }
    }

    private init(coloring error: ColoringError) {
        switch error {
        case .tooManyPoints, .tooManyActions:
            self = APIError(status: .contentTooLarge, code: "drawing_too_large", message: error.description)
        case .nothingToUndo, .nothingToRedo:
            self = APIError(status: .conflict, code: "nothing_to_undo", message: error.description)
        default:
            self = APIError(status: .unprocessableContent, code: "invalid_drawing", message: error.description)
        }
    }

    private init(decoding error: DecodingError) {
        switch error {
        case .keyNotFound(let key, _): self = .invalid(key.stringValue, "\"\(key.stringValue)\" is missing.")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            self = .invalid(field, "\"\(field)\" has the wrong type.")
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            self = .invalid(field, "\"\(field)\" is not valid.")
        default:
            self = APIError(status: .badRequest, code: "malformed_json", message: "The request body is not valid JSON.")
        }
    }

    private static func code(for status: HTTPResponse.Status) -> String {
        switch status.code {
        case 404: "not_found"
        case 405: "method_not_allowed"
        case 413: "body_too_large"
        case 415: "unsupported_media_type"
        default: status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_")
        }
    }
}
