import Audio
import Coloring
import Foundation
import HTTPTypes
import Hub
import Hummingbird
import NIOCore
import Speech
import SpeechCoach
import Spelling
import SpotCheck
import Study
import Storage

/// Every error the API sends: `{"error": {"code": "...", "message": "..."}}` with its status. The
/// code and its status come from `ErrorCode`, the one catalogue; a route may say more precisely
/// what went wrong (which field, which limit) in `message`.
struct APIError: HTTPResponseError, Equatable {
    let code: ErrorCode
    let status: HTTPResponse.Status
    let message: String
    var details: [String: String] = [:]
    var retryAfter: Int?
    /// The methods an address takes, with 405 `method_not_allowed`.
    var allow: String?

    init(_ code: ErrorCode, _ message: String? = nil, details: [String: String] = [:], retryAfter: Int? = nil, allow: String? = nil) {
        self.init(code, status: code.status, message: message, details: details, retryAfter: retryAfter)
        self.allow = allow
    }

    /// Only for the HTTP layer's own errors, whose status is kept as it came.
    private init(_ code: ErrorCode, status: HTTPResponse.Status, message: String?, details: [String: String] = [:], retryAfter: Int? = nil) {
        self.code = code
        self.status = status
        self.message = message ?? code.message
        self.details = details
        self.retryAfter = retryAfter
    }

    var headers: HTTPFields {
        var fields: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        if let retryAfter { fields[.retryAfter] = String(retryAfter) }
        if let allow { fields[.allow] = allow }
        return fields
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = ErrorBody(error: .init(code: code.rawValue, message: message, details: details.isEmpty ? nil : details))
        let data = try JSONEncoder.api.encode(body)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static let unauthorized = APIError(.notSignedIn)
    static let parentLocked = APIError(.parentLocked)
    static let noChild = APIError(.noChildSelected)
    static let appHidden = APIError(.appHidden)
    static let csrf = APIError(.csrfFailed)
    static func notFound(_ what: String) -> APIError { APIError(.notFound, "No \(what) with that id in your family.") }
    static func invalid(_ field: String, _ message: String) -> APIError { APIError(.invalidField, message, details: ["field": field]) }
    /// The body is over `limit` bytes (nil: the limit is not known where this was noticed).
    static func tooLarge(limit: Int?) -> APIError {
        APIError(.bodyTooLarge, limit.map { "The request body is larger than \($0) bytes." })
    }
    static func rateLimited(retryAfter: TimeInterval) -> APIError {
        APIError(.rateLimited, retryAfter: Int(retryAfter.rounded(.up)))
    }
}

/// The JSON body of every error response.
struct ErrorBody: Codable {
    struct Inner: Codable { let code: String; let message: String; let details: [String: String]? }
    let error: Inner
}

extension APIError {
    /// The one place domain and storage errors become HTTP answers; `now` is the server's clock
    /// (a lock's Retry-After is counted from it).
    init?(_ error: any Error, now: Date) {
        switch error {
        case let error as APIError: self = error
        case let busy as FairShare.Busy:
            self = APIError(.serverBusy, busy.work == FairShare.speechWork
                ? "The server is busy hearing other recordings. Try again in a few seconds."
                : "The server is busy drawing other pictures. Try again in a few seconds.", retryAfter: busy.retryAfter)
        case is WorkOwner.Gone: self = APIError(.clientGone)
        case let error as HubError: self = APIError(hub: error, now: now)
        case let error as AudioError: self = APIError(audio: error)
        case let error as SpeechError: self = APIError(speech: error)
        case let error as SpellingError: self = APIError(spelling: error)
        case let error as ColoringError: self = APIError(coloring: error)
        case let error as CoachError: self = APIError(coach: error)
        case let error as PromptRuleError: self = APIError(prompt: error)
        case let error as SubjectRuleError: self = APIError(subject: error)
        case let error as TaskRuleError: self = APIError(task: error)
        case let error as MaterialRuleError: self = APIError(material: error)
        case let error as ReadingSettingsError: self = APIError(readingSettings: error)
        case let error as StudyLedgerError: self = APIError(ledger: error)
        case let error as StretchRuleError: self = APIError(stretch: error)
        case let error as FlashcardRuleError: self = APIError(card: error)
        case let error as MindMapRuleError: self = APIError(map: error)
        case let error as QuizRuleError: self = APIError(quiz: error)
        case StorageError.duplicatePrompt: self = APIError(.promptExists)
        case StorageError.limitReached: self = APIError(.promptLibraryFull)
        case SpotCheckError.invalidField(let field, let reason): self = .invalid(field, reason)
        case StorageError.duplicateEmail:
            self = APIError(.emailTaken)
        case StorageError.notFound: self = .notFound("item")
        case let error as NIOTooManyBytesError: self = .tooLarge(limit: error.maxBytes)
        case let error as DecodingError: self = APIError(decoding: error)
        case let error as HTTPError:
            self = APIError(Self.code(for: error.status), status: error.status, message: error.body ?? error.status.reasonPhrase)
        default: return nil
        }
    }

    private init(prompt error: PromptRuleError) {
        let reason = PromptCSV.reason(error)
        switch error {
        case .textTooShort, .textTooLong, .textHasControlCharacters: self = .invalid("text", "The prompt is not right: \(reason).")
        case .unknownCategory: self = .invalid("category", "The category is not right: \(reason).")
        case .unknownDifficulty: self = .invalid("difficulty", "The difficulty is not right: \(reason).")
        case .notText: self = APIError(.invalidCSV, "This file is not a CSV text file (UTF-8), so nothing was added.")
        case .tooManyRows(let limit): self = APIError(.invalidCSV, "The file has more than \(limit) prompts: split it into smaller files. Nothing was added.")
        case .badRows(let rows):
            let named = rows.prefix(10).map { "row \($0.row): \($0.reason)" }.joined(separator: "; ")
            let more = rows.count > 10 ? "; and \(rows.count - 10) more" : ""
            self = APIError(.invalidCSV, "Nothing was added. Fix \(rows.count == 1 ? "this row" : "these rows") and import the file again: \(named)\(more).",
                            details: ["rows": rows.map { String($0.row) }.joined(separator: ",")])
        }
    }

    private init(hub error: HubError, now: Date) {
        switch error {
        case .invalidEmail: self = .invalid("email", "Enter a valid e-mail address.")
        case .weakPassword(let minimum): self = .invalid("password", "Use a password of at least \(minimum) characters.")
        case .invalidName: self = .invalid("name", "Enter a name of 1 to 30 characters.")
        case .invalidGrade: self = .invalid("grade", "Grade must be 1 to 7, or 8 for \"8+ / adult\".")
        case .invalidAvatar: self = .invalid("avatar", "Pick one of the avatars.")
        case .unknownApp(let id): self = APIError(.unknownApp, "There is no app \"\(id)\".")
        case .appNotRequestable: self = APIError(.appAvailable)
        case .invalidRequestText(let why): self = .invalid("text", "Request text: \(why).")
        case .invalidDecision: self = .invalid("status", "Status must be \"approved\" or \"declined\".")
        case .invalidInviteCode: self = .invalid("inviteCode", "That invite code is not valid.")
        case .unknownProduct(let id): self = APIError(.unknownProduct, "There is no product \"\(id)\".")
        case .gateLocked(let until):
            self = APIError(.gateLocked, retryAfter: max(1, Int(until.timeIntervalSince(now).rounded(.up))))
        case .gateChallengeExpired: self = APIError(.gateExpired)
        case .wrongGateAnswer(let left): self = APIError(.gateWrong, details: ["attemptsLeft": String(left)])
        }
    }

    private init(audio error: AudioError) {
        switch error {
        case .notWAV, .unsupportedEncoding: self = APIError(.unsupportedAudio)
        case .truncated, .empty: self = APIError(.badAudio)
        case .tooLong(_, let limit): self = APIError(.audioTooLong, "Recordings can be at most \(Int(limit)) seconds.")
        }
    }

    private init(speech error: SpeechError) {
        switch error {
        case .invalidGrammar: self = .invalid("grammar", error.description)
        case .invalidKeywords: self = .invalid("keywords", error.description)
        case .unknownVoice: self = .invalid("voice", error.description + " See /api/speech/voices.")
        case .invalidText(let why): self = .invalid("text", why)
        case .engineUnavailable, .synthesisFailed: self = APIError(.speechUnavailable, error.description)
        case .warmingUp(let seconds): self = APIError(.speechWarmingUp, retryAfter: seconds)
        case .remote:
            // The service's own words stay in the log: they can quote keys or internal addresses.
            self = APIError(.speechServiceFailed)
        }
    }

    private init(spelling error: SpellingError) {
        switch error {
        case .invalidGrade: self = .invalid("grade", error.description)
        case .invalidLevel: self = .invalid("level", error.description)
        case .levelLocked: self = APIError(.levelLocked, error.description)
        case .sessionOver: self = APIError(.gameOver, error.description)
        case .noWords: self = APIError(.noWords, error.description)
        case .invalidWordList: self = APIError(.invalidWordList, error.description)
        }
    }

    /// A setting the coach refuses names its field; a take it cannot analyse is a broken recording.
    private init(coach error: CoachError) {
        switch error {
        case .invalidInput: self = APIError(.badAudio, error.description)
        case .targetOutOfRange: self = .invalid("targetWPM", error.description)
        case .weightOutOfRange, .weightsDoNotTotal100: self = .invalid("weights", error.description)
        case .invalidFillerEntry, .tooManyFillers, .notADefaultFiller, .conflictingFillerEntry: self = .invalid("fillers", error.description)
        case .gradeOutOfRange: self = .invalid("grade", error.description)
        case .invalidSetting(let field, _): self = .invalid(field, error.description)
        }
    }

    private init(coloring error: ColoringError) {
        switch error {
        case .tooManyPoints, .tooManyActions: self = APIError(.drawingTooLarge, error.description)
        case .tooCostly: self = APIError(.drawingTooCostly, error.description)
        case .renderStopped: self = APIError(.serverBusy, error.description, retryAfter: 10)
        case .renderTooLong: self = APIError(.drawingTooCostly, error.description)
        case .nothingToUndo: self = APIError(.nothingToUndo, error.description)
        case .nothingToRedo: self = APIError(.nothingToRedo, error.description)
        default: self = APIError(.invalidDrawing, error.description)
        }
    }

    init(decoding error: DecodingError) {
        switch error {
        case .keyNotFound(let key, _): self = .invalid(key.stringValue, "\"\(key.stringValue)\" is missing.")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            self = .invalid(field, "\"\(field)\" has the wrong type.")
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            self = .invalid(field, "\"\(field)\" is not valid.")
        default: self = APIError(.malformedJSON)
        }
    }

    /// The HTTP layer's own errors (Hummingbird's router and file middleware).
    private static func code(for status: HTTPResponse.Status) -> ErrorCode {
        switch status.code {
        case 404: .notFound
        case 405: .methodNotAllowed
        case 413: .bodyTooLarge
        case 415: .unsupportedMediaType
        case 500...: .internalError
        default: .badRequest
        }
    }
}
