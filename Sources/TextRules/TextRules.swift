import Foundation

/// What every text a person types must keep to, in every app: a length in characters as a person
/// counts them (a 👩‍🚀 is one) and also in bytes, since one "character" can hold any number of
/// combining marks (a 10 KB name was one character); and no control characters, where the
/// characters that join are not control characters in their place: U+200D after an emoji (👩‍🚀) or
/// a letter or mark (Sinhala ශ්‍රී, Bengali র‍্যাব), U+200C after a letter or mark (Persian, Indian
/// scripts), the tag characters of a subdivision flag after 🏴 (🏴󠁧󠁢󠁳󠁣󠁴󠁿). Anywhere else they hide
/// text ("Ada" and "Ada" with invisible tags after it look the same).
public enum TextRules {
    /// Bytes a text may take per character of its limit: four is the most one ordinary character
    /// (one Unicode scalar) takes in UTF-8, so a text of ordinary characters is never refused for
    /// its bytes; a family emoji (25 bytes) fits, many of them in a short name do not.
    public static let bytesPerCharacter = 4

    /// Whether `text` is at most `characters` long, counted as a person does and in bytes.
    public static func fits(_ text: some StringProtocol, characters: Int) -> Bool {
        text.utf8.count <= characters * bytesPerCharacter && text.count <= characters
    }

    /// Whether `scalar`, standing after `previous`, is a control character: categories Cc and Cf,
    /// but for the joiners and tags emoji and scripts are written with, where they belong.
    public static func isControl(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> Bool {
        switch scalar.value {
        case 0x200D:
            guard let previous else { return true }
            return !(previous.properties.isEmojiPresentation || previous.properties.isEmojiModifier || previous.value == 0xFE0F
                     || joinsScript(previous))
        case 0x200C:
            guard let previous else { return true }
            return !joinsScript(previous)
        case 0xE0030...0xE0039, 0xE0061...0xE007A, 0xE007F:
            // A flag's tags: letters and digits after 🏴 (or another tag), ended by U+E007F.
            guard let previous else { return true }
            return !(previous.value == 0x1F3F4 || (0xE0030...0xE0039).contains(previous.value) || (0xE0061...0xE007A).contains(previous.value))
        default:
            let category = scalar.properties.generalCategory
            return category == .control || category == .format
        }
    }

    /// A letter or a mark a joiner may follow in a script that writes with joiners (Arabic and
    /// Persian from U+0600, the Indian scripts, Sinhala…); not Latin, Greek or Cyrillic, where a
    /// joiner only hides itself ("A‍da" and "Ada").
    private static func joinsScript(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x0600 && (scalar.properties.isAlphabetic || scalar.properties.generalCategory == .nonspacingMark
                                   || scalar.properties.generalCategory == .spacingMark)
    }

    /// Whether `text` holds a control character; line breaks and tabs count unless `allowingLines`.
    public static func hasControl(_ text: some StringProtocol, allowingLines: Bool = false) -> Bool {
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            let line = scalar == "\n" || scalar == "\r" || scalar == "\t"
            if !(allowingLines && line), isControl(scalar, after: previous) { return true }
            previous = scalar
        }
        return false
    }

    /// `text` with each control character replaced by `replacement` (nothing by default), but for
    /// the scalars `keep` accepts (line breaks, say).
    public static func replacingControls(in text: some StringProtocol, with replacement: String = "",
                                         keep: (Unicode.Scalar) -> Bool = { _ in false }) -> String {
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if keep(scalar) || !isControl(scalar, after: previous) {
                result.append(scalar)
                previous = scalar
            } else {
                result.append(contentsOf: replacement.unicodeScalars)
                previous = nil  // what follows a control character is judged as if at the start: a run of tags goes whole
            }
        }
        return String(result)
    }
}
