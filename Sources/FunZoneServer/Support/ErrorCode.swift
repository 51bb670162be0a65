import HTTPTypes

/// Every error code the API sends, each once, with its status and the message a person reads when
/// the route has nothing more precise to say. The web client reads the same list from
/// `Web/shared/error-codes.js` (written from this one by `FUNZONE_WRITE_ERROR_CODES=1 swift test
/// --filter ErrorCatalogueTests`; the same test fails while they differ),
/// and openapi.yaml's `ErrorCode` schema lists them too.
enum ErrorCode: String, CaseIterable, Sendable {
    // Who is calling
    case notSignedIn = "not_signed_in", csrfFailed = "csrf_failed", noChildSelected = "no_child_selected"
    case parentLocked = "parent_locked", appHidden = "app_hidden", gateRequired = "gate_required"
    case wrongCredentials = "wrong_credentials", wrongPassword = "wrong_password", passwordRequired = "password_required"
    case signupClosed = "signup_closed", invalidInvite = "invalid_invite", emailTaken = "email_taken", lastParent = "last_parent"
    case resetLinkInvalid = "reset_link_invalid", rateLimited = "rate_limited"
    // The parent gate
    case gateLocked = "gate_locked", gateExpired = "gate_expired", gateWrong = "gate_wrong", gateNoQuestion = "gate_no_question"
    // The request itself
    case invalidField = "invalid_field", malformedJSON = "malformed_json", bodyTooLarge = "body_too_large"
    case unsupportedMediaType = "unsupported_media_type", methodNotAllowed = "method_not_allowed", badRequest = "bad_request"
    case headersTooLarge = "headers_too_large", requestTimeout = "request_timeout", tooManyConnections = "too_many_connections"
    case serverBusy = "server_busy", clientGone = "client_gone", diskFull = "disk_full", storageQuotaFull = "storage_quota_full"
    case notFound = "not_found", internalError = "internal_error"
    // Hub and store
    case unknownApp = "unknown_app", appAvailable = "app_available", unknownProduct = "unknown_product", tooManyChildren = "too_many_children"
    // Recordings and speech
    case unsupportedAudio = "unsupported_audio", badAudio = "bad_audio", audioTooLong = "audio_too_long", noSpeech = "no_speech"
    case speechUnavailable = "speech_unavailable", speechServiceFailed = "speech_service_failed", speechWarmingUp = "speech_warming_up"
    // Spellflare
    case levelLocked = "level_locked", gameOver = "game_over", noWords = "no_words", invalidWordList = "invalid_word_list"
    case answerOutOfOrder = "answer_out_of_order"
    // Coloring Fun
    case invalidDrawing = "invalid_drawing", drawingTooLarge = "drawing_too_large", drawingTooCostly = "drawing_too_costly", nothingToUndo = "nothing_to_undo"
    case nothingToRedo = "nothing_to_redo", revisionRequired = "revision_required", drawingChanged = "drawing_changed"
    case galleryFull = "gallery_full", savingOff = "saving_off", stampsOff = "stamps_off", exportOff = "export_off"
    // SpeakUp's prompt library
    case promptExists = "prompt_exists", promptLibraryFull = "prompt_library_full", invalidCSV = "invalid_csv"
    // SpeakUp's course
    case lessonLocked = "lesson_locked", reviewNeedsTakes = "review_needs_takes", goalActive = "goal_active"
    // SpeakUp's family challenges
    case challengeOpen = "challenge_open", tooManyChallenges = "too_many_challenges"
    // SpeakUp's journal and score card
    case printBusy = "print_busy"
    // MirrorBuddy
    case subjectIsDefault = "subject_is_default", subjectHasContent = "subject_has_content", studyFull = "study_full"
    case stretchOverlaps = "stretch_overlaps", readerUnavailable = "reader_unavailable", reviewStale = "review_stale"
    case mapChanged = "map_changed", quizFinished = "quiz_finished", questionAnswered = "question_answered"
    case notEnoughToQuiz = "not_enough_to_quiz"
    // SpotCheck and the home network
    case tooManyDevices = "too_many_devices", pairingUnavailable = "pairing_unavailable", pairingCodeInvalid = "pairing_code_invalid"
    case pairingCodeExpired = "pairing_code_expired", pairingCodeUsed = "pairing_code_used", deviceUnauthorized = "device_unauthorized"
    case signatureInvalid = "signature_invalid", signatureSkewed = "signature_skewed", signatureReplayed = "signature_replayed"
    case noAuthority = "no_authority"

    var status: HTTPResponse.Status {
        switch self {
        case .malformedJSON, .badRequest: .badRequest
        case .notSignedIn, .wrongCredentials, .wrongPassword, .deviceUnauthorized, .signatureInvalid, .signatureSkewed, .signatureReplayed:
            .unauthorized
        case .csrfFailed, .noChildSelected, .parentLocked, .appHidden, .gateRequired, .passwordRequired, .signupClosed, .levelLocked,
             .savingOff, .stampsOff, .exportOff:
            .forbidden
        case .notFound, .unknownApp, .unknownProduct, .pairingCodeInvalid, .noAuthority: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .emailTaken, .lastParent, .gateExpired, .gateNoQuestion, .appAvailable, .tooManyChildren, .gameOver, .noWords,
             .answerOutOfOrder, .nothingToUndo, .nothingToRedo, .galleryFull, .tooManyDevices, .pairingCodeUsed, .promptExists, .promptLibraryFull,
             .lessonLocked, .reviewNeedsTakes, .goalActive, .challengeOpen, .tooManyChallenges, .subjectIsDefault, .subjectHasContent,
             .studyFull, .stretchOverlaps, .reviewStale, .mapChanged, .quizFinished, .questionAnswered:
            .conflict
        case .resetLinkInvalid, .pairingCodeExpired: .gone
        case .drawingChanged: .preconditionFailed
        case .bodyTooLarge, .audioTooLong, .drawingTooLarge: .contentTooLarge
        case .headersTooLarge: .requestHeaderFieldsTooLarge
        case .requestTimeout: .requestTimeout
        case .tooManyConnections, .serverBusy: .serviceUnavailable
        case .clientGone: .badRequest
        case .diskFull, .storageQuotaFull: HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
        case .unsupportedMediaType, .unsupportedAudio: .unsupportedMediaType
        case .invalidInvite, .gateWrong, .invalidField, .badAudio, .noSpeech, .invalidWordList, .invalidDrawing, .drawingTooCostly, .invalidCSV, .notEnoughToQuiz: .unprocessableContent
        case .revisionRequired: .preconditionRequired
        case .rateLimited, .gateLocked: .tooManyRequests
        case .internalError: .internalServerError
        case .speechServiceFailed: .badGateway
        case .speechUnavailable, .speechWarmingUp, .pairingUnavailable, .printBusy, .readerUnavailable: .serviceUnavailable
        }
    }

    /// What the person reads unless the route says something more precise (which limit, which field).
    var message: String {
        switch self {
        case .notSignedIn: "Please sign in first."
        case .csrfFailed: "This request is missing its security token. Reload the page and try again."
        case .noChildSelected: "Pick who is playing first."
        case .parentLocked: "The parent area is locked. Pass the parent gate and enter the parent password."
        case .appHidden: "A grown-up has turned this app off for you. Ask them!"
        case .gateRequired: "A grown-up needs to answer the parent question first."
        case .wrongCredentials: "That e-mail and password don't match."
        case .wrongPassword: "That password isn't right."
        case .passwordRequired: "A parent's password is needed for this."
        case .signupClosed: "This server already has its family. Ask a parent for an invite code."
        case .invalidInvite: "That invite code is unknown, used or expired."
        case .emailTaken: "That e-mail address already has an account."
        case .lastParent: "A family needs at least one parent."
        case .resetLinkInvalid: "That reset link has expired or was already used. Ask for a new one."
        case .rateLimited: "Too many tries. Wait a little and try again."
        case .gateLocked: "Too many wrong answers. Try again in a minute."
        case .gateExpired: "That question has expired. Here is a new one."
        case .gateWrong: "That's not right."
        case .gateNoQuestion: "There is no open question. Ask for a new one."
        case .invalidField: "A field of the request is not valid."
        case .malformedJSON: "The request body is not valid JSON."
        case .bodyTooLarge: "The request body is too large."
        case .unsupportedMediaType: "Send JSON (Content-Type: application/json)."
        case .methodNotAllowed: "This address does not take that method."
        case .badRequest: "The request could not be read."
        case .headersTooLarge: "The request's address and headers are longer than 80 KB."
        case .requestTimeout: "The request's address and headers did not arrive in time."
        case .serverBusy: "The server is busy with other work just now. Try again in a few seconds."
        case .diskFull: "The server's disk is nearly full, so nothing new can be saved just now. What is already saved is safe: a grown-up can free some space."
        case .storageQuotaFull: "Your family's storage is full, so this was not saved. A grown-up can make room in the parent area: Family → Storage."
        case .clientGone: "The request's connection closed before its answer was ready."
        case .tooManyConnections: "Too many connections are open from this address or to this server. Try again in a few seconds."
        case .notFound: "Nothing with that id in your family."
        case .internalError: "Something went wrong on our side."
        case .unknownApp: "There is no such app."
        case .appAvailable: "This app is already here: just open it."
        case .unknownProduct: "There is no such product."
        case .tooManyChildren: "This family has as many children as it can have."
        case .unsupportedAudio: "Send the recording as a PCM WAV file (Content-Type: audio/wav)."
        case .badAudio: "The recording is empty or cut short."
        case .audioTooLong: "The recording is too long."
        case .noSpeech: "Nothing was heard in the recording. Speak a little closer to the microphone and try again."
        case .speechUnavailable: "The speech engine is not available."
        case .speechServiceFailed: "The recognition service did not answer properly. Try again in a moment."
        case .challengeOpen: "That challenge is already waiting for them."
        case .tooManyChallenges: "You have as many challenges waiting as you can send. Wait for an answer first."
        case .printBusy: "The journal or card is still being made. Try again in a few seconds."
        case .subjectIsDefault: "This subject is one of MirrorBuddy's own: hide it instead."
        case .subjectHasContent: "This subject still has materials or tasks: move or delete them first, or hide it."
        case .studyFull: "MirrorBuddy holds as many of these as it can for this student. Delete some first."
        case .stretchOverlaps: "This study time overlaps time already counted."
        case .reviewStale: "This card was answered meanwhile, on another device or in another tab."
        case .mapChanged: "This mind map was saved meanwhile, on another device or in another tab: load it again."
        case .quizFinished: "This quiz is over: start a new one to play again."
        case .questionAnswered: "This question was answered already (on another device or in another tab)."
        case .notEnoughToQuiz: "There is not enough here for a quiz yet: add some text or some flashcards first."
        case .readerUnavailable: "The server cannot read PDFs or photos now (poppler or tesseract is missing)."
        case .speechWarmingUp: "Spelling by voice is still getting ready. Type this word, or try again in a moment."
        case .levelLocked: "This level is still locked."
        case .gameOver: "This game is over."
        case .noWords: "There are no words to play."
        case .invalidWordList: "The word list is not valid."
        case .answerOutOfOrder: "Answers arrived out of order. Reload the game."
        case .invalidDrawing: "The drawing is not valid."
        case .drawingTooLarge: "The drawing is too large."
        case .drawingTooCostly: "The drawing has too much in it to draw again."
        case .nothingToUndo: "There is nothing to undo."
        case .nothingToRedo: "There is nothing to redo."
        case .revisionRequired: "Send If-Match with the revision these changes are based on."
        case .drawingChanged: "This picture was changed somewhere else. Your drawing was not lost: save it as a copy."
        case .galleryFull: "The gallery is full. Delete some pictures to save new ones."
        case .savingOff: "A grown-up has turned off saving pictures."
        case .stampsOff: "A grown-up has turned off stamps."
        case .exportOff: "A grown-up has turned off saving pictures to this device."
        case .promptExists: "You already have this prompt."
        case .promptLibraryFull: "Your prompt library is full. Delete some of your own prompts to add new ones."
        case .invalidCSV: "The file has rows that are not right, so nothing was added."
        case .lessonLocked: "This week opens when everything in the week before is done."
        case .reviewNeedsTakes: "A review needs takes to look back on: record a few more first."
        case .goalActive: "A goal of this kind is already running."
        case .tooManyDevices: "This family manages as many phones as it can."
        case .pairingUnavailable: "No pairing code could be made. Try again."
        case .pairingCodeInvalid: "That pairing code is not right. Check the code on the parent's phone."
        case .pairingCodeExpired: "That pairing code has expired. Ask for a new one on the parent's phone."
        case .pairingCodeUsed: "That pairing code was already used. Ask for a new one on the parent's phone."
        case .deviceUnauthorized: "This phone is not paired, or it was removed. Pair it again with a new code."
        case .signatureInvalid: "The request's signature does not match."
        case .signatureSkewed: "The phone's clock is more than 5 minutes from the server's. Set the date and time automatically."
        case .signatureReplayed: "This signed request was already received."
        case .noAuthority: "This server uses a certificate of its own (--tls-cert) or no HTTPS: there is nothing to install."
        }
    }

    /// `Web/shared/error-codes.js`: the same codes for the web client, by name.
    static var javaScriptModule: String {
        var lines = [
            "// Written from Sources/FunZoneServer/Support/ErrorCode.swift by",
            "// `FUNZONE_WRITE_ERROR_CODES=1 swift test --filter ErrorCatalogueTests`; do not edit.",
            "// Every error code the API sends: compare `error.code` with these, never with a string.",
            "export const ErrorCode = Object.freeze({",
        ]
        lines += allCases.map { "  \(String(describing: $0)): \"\($0.rawValue)\"," }
        lines.append("});")
        return lines.joined(separator: "\n") + "\n"
    }
}
