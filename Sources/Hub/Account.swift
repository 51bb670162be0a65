import Foundation
import TextRules

/// Rules for the parent's e-mail address and password.
public enum Account {
    public static let minimumPasswordLength = 8
    public static let maximumPasswordLength = 72  // bcrypt reads no further than 72 bytes

    /// A trimmed, lower-cased e-mail address, or `HubError.invalidEmail`.
    public static func normalizedEmail(_ raw: String) throws(HubError) -> String {
        let email = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.count <= 254, parts.count == 2,
              !parts[0].isEmpty, parts[1].contains("."),
              !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
              !email.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" })
        else { throw .invalidEmail }
        return email
    }

    /// Accepts a password of 8–72 bytes that is not only whitespace.
    public static func validatePassword(_ password: String) throws(HubError) {
        let bytes = password.utf8.count
        guard bytes >= minimumPasswordLength, bytes <= maximumPasswordLength,
              !password.allSatisfy(\.isWhitespace)
        else { throw .weakPassword(minimumLength: minimumPasswordLength) }
    }

    /// A display name of 1–40 characters with no control characters.
    public static func validatedName(_ raw: String, maxLength: Int = 40) throws(HubError) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, TextRules.fits(name, characters: maxLength), !TextRules.hasControl(name)
        else { throw .invalidName(raw) }
        return name
    }
}
