import CStemmer
import Foundation

/// Snowball's English stemmer (Debian's libstemmer), so "running", "runs" and "run" meet as "run".
/// A libstemmer object is not thread-safe: each analysis makes its own and drops it at the end, and stems
/// are cached for the take's repeated words.
final class Stemmer {
    private let stemmer: OpaquePointer?
    private var cache: [String: String] = [:]

    init() {
        stemmer = sb_stemmer_new("english", nil)
    }

    deinit {
        sb_stemmer_delete(stemmer)
    }

    /// The word's stem, after British spellings are folded into the recogniser's American ones; the word
    /// itself if the library is missing or fails.
    func stem(_ word: String) -> String {
        if let cached = cache[word] { return cached }
        guard let stemmer else { return word }
        var bytes = Array(Self.american(word).utf8)
        let result: String = bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, let out = sb_stemmer_stem(stemmer, base, Int32(buffer.count)) else { return word }
            let length = Int(sb_stemmer_length(stemmer))
            return String(decoding: UnsafeBufferPointer(start: out, count: length), as: UTF8.self)
        }
        cache[word] = result
        return result
    }

    /// Pocketsphinx spells the American way (cmudict), prompts may not: "favourite" → "favorite", "colour" →
    /// "color", "organise" → "organize", "centre" → "center". Applied to both sides of every comparison, so a
    /// word folded that had no British form ("detour" → "detor") still meets itself.
    static func american(_ word: String) -> String {
        var letters = Array(word)
        if let our = word.range(of: "our", options: .backwards), word.distance(from: word.startIndex, to: our.lowerBound) >= 3 {
            let offset = word.distance(from: word.startIndex, to: our.lowerBound)
            letters.remove(at: offset + 1)
        }
        var text = String(letters)
        for (british, american) in [("isation", "ization"), ("ising", "izing"), ("ised", "ized"), ("ise", "ize"), ("tre", "ter")]
        where text.hasSuffix(british) && text.count - british.count >= 3 {
            text = String(text.dropLast(british.count)) + american
            break
        }
        return text
    }
}
