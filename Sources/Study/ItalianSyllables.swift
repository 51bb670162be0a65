import Foundation

/// Italian words cut into syllables by the school rules (a reading aid: "ca-sa", "gat-to", "pa-sta"):
/// - a single consonant goes with the vowel after it (a-mo-re);
/// - double consonants, and c before q, split (gat-to, ac-qua);
/// - of a group of consonants, the longest end that can begin an Italian word goes with the next
///   vowel: s with the consonants after it (pa-sta, in-stal-la-re), b c d f g p t v with l or r
///   (ca-pre, am-bra), the digraphs ch gh gl gn sc (an-che, fi-glio, ba-gno, pe-sce); the rest stays
///   behind (par-te, al-to, tec-ni-ca, at-lan-te);
/// - vowels stay together unless two of a, e, o meet (pa-e-se, po-e-ta) or an i or u sits between two
///   vowels (a-iuo-la, gua-io); an accented ì or ù is a vowel of its own (mì-o is written mio, but
///   pa-ù-ra with its accent).
/// Stress is not written in Italian, so an unmarked hiatus on i or u (zi-o, pa-u-ra) is read as a
/// diphthong (zio, pau-ra): the one ambiguity the rules cannot settle without a dictionary.
public enum ItalianSyllables {
    static let strong: Set<Character> = ["a", "e", "o", "à", "è", "é", "ò", "ó", "ì", "í", "ù", "ú"]
    static let weak: Set<Character> = ["i", "u"]
    static let liquidsFollow: Set<Character> = ["b", "c", "d", "f", "g", "p", "t", "v"]
    static let digraphs: Set<String> = ["ch", "gh", "gl", "gn", "sc"]

    static func isVowel(_ c: Character) -> Bool { strong.contains(c) || weak.contains(c) }

    /// The syllables of one word (its letters' case kept); anything not a letter stays with its neighbour.
    public static func syllables(_ word: String) -> [String] {
        let original = Array(word)
        let lower = original.map { Character($0.lowercased()) }
        guard lower.contains(where: isVowel) else { return word.isEmpty ? [] : [word] }
        var cuts: [Int] = []  // a new syllable starts at each index here
        var index = 0
        // Skip the onset of the first syllable.
        while index < lower.count, !isVowel(lower[index]) { index += 1 }
        while index < lower.count {
            // A run of vowels: cut inside it where the rules say.
            var end = index
            while end < lower.count, isVowel(lower[end]) { end += 1 }
            for position in (index + 1)..<max(index + 1, end) where cutsVowels(lower, at: position, runStart: index, runEnd: end) {
                cuts.append(position)
            }
            // The consonants up to the next vowel.
            var next = end
            while next < lower.count, !isVowel(lower[next]) { next += 1 }
            guard next < lower.count else { break }  // the word's last consonants stay with its last syllable
            // Where its letters are (an apostrophe stays with the consonant before it: del-l'al-be-ro).
            let letters = Array(end..<next).filter { lower[$0].isLetter }
            if letters.isEmpty {
                cuts.append(next)
            } else {
                let keep = onsetLength(letters.map { lower[$0] })  // how many go with the next vowel
                cuts.append(letters[letters.count - keep])
            }
            index = next
        }
        var result: [String] = [], start = 0
        for cut in cuts.sorted() where cut > start && cut < original.count {
            result.append(String(original[start..<cut]))
            start = cut
        }
        result.append(String(original[start...]))
        return result
    }

    /// Whether a new syllable starts at `position` inside the vowel run [runStart, runEnd).
    static func cutsVowels(_ lower: [Character], at position: Int, runStart: Int, runEnd: Int) -> Bool {
        let (before, here) = (lower[position - 1], lower[position])
        if strong.contains(before) && strong.contains(here) { return true }  // pa-e-se, le-o-ne
        // An accented ì or ù is stressed: it stands alone against a neighbouring a, e or o (pa-ù-ra, mì-o),
        // but stays with an i or u before it (più, giù).
        if "ìíùú".contains(here) && !weak.contains(before) { return true }
        if "ìíùú".contains(before) && !weak.contains(here) && !"ìíùú".contains(here) { return true }
        // i or u between two vowels starts the next syllable (a-iuo-la, gua-io, no-ia).
        if weak.contains(here), position + 1 < runEnd, position - 1 >= runStart, strong.contains(before) { return true }
        return false
    }

    /// How many of a consonant group's last letters begin the next syllable (at least 1).
    static func onsetLength(_ cluster: [Character]) -> Int {
        guard cluster.count > 1 else { return cluster.count }
        // Doubles and c-q split after the first.
        if cluster[0] == cluster[1] || (cluster[0] == "c" && cluster[1] == "q") { return cluster.count - 1 }
        for length in stride(from: cluster.count, through: 2, by: -1) where canBegin(Array(cluster.suffix(length))) { return length }
        return 1
    }

    /// Whether Italian words begin with these consonants.
    static func canBegin(_ onset: [Character]) -> Bool {
        let text = String(onset)
        if onset.first == "s", onset.count >= 2, onset[1] != "s" { return canBegin(Array(onset.dropFirst())) || onset.count == 2 }
        if digraphs.contains(text) { return true }
        if onset.count == 2, liquidsFollow.contains(onset[0]), "lr".contains(onset[1]) { return text != "tl" && text != "dl" }
        if onset.count == 3, digraphs.contains(String(onset.prefix(2))), "lr".contains(onset[2]) { return text == "chr" || text == "sch" }
        return false
    }

    /// "casa" → "ca-sa"; every word of a text, with the text's spaces and punctuation as they were.
    public static func hyphenated(_ text: String, separator: String = "-") -> String {
        var result = ""
        var word = ""
        func flush() {
            result += syllables(word).joined(separator: separator)
            word = ""
        }
        for character in text {
            if character.isLetter { word.append(character) } else { flush(); result.append(character) }
        }
        flush()
        return result
    }
}
