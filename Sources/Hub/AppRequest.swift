import Foundation
import TextRules

/// A child's wish for an app that isn't built yet, sent to the parents' inbox.
public enum AppRequest {
    public enum Status: String, Codable, Sendable, CaseIterable {
        case pending, approved, declined
    }

    public static let maximumTextLength = 500

    /// Trimmed request text. It may be empty only when audio comes with the request.
    public static func validatedText(_ raw: String, hasAudio: Bool) throws(HubError) -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard TextRules.fits(text, characters: maximumTextLength) else { throw .invalidRequestText("at most \(maximumTextLength) characters") }
        guard !text.isEmpty || hasAudio else { throw .invalidRequestText("say or type what you would like") }
        return text
    }

    /// Only a placeholder tile can be asked for.
    public static func checkRequestable(_ app: MiniApp) throws(HubError) {
        guard !app.isAvailable else { throw .appNotRequestable(app.id) }
    }

    /// A parent's answer: approved or declined, never back to pending.
    public static let maximumNoteLength = 200

    /// A parent's note with the answer ("We'll look for a music app this weekend"), read aloud to
    /// the child; nil when empty.
    public static func validatedNote(_ raw: String?) throws(HubError) -> String? {
        let note = (raw ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard TextRules.fits(note, characters: maximumNoteLength) else {
            throw .invalidRequestText("a note of at most \(maximumNoteLength) characters")
        }
        return note.isEmpty ? nil : note
    }

    public static func decision(_ raw: String) throws(HubError) -> Status {
        guard let status = Status(rawValue: raw), status != .pending else { throw .invalidDecision(raw) }
        return status
    }
}
