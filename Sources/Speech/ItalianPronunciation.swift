/// Italian words written in the en-us acoustic model's phones, so pocketsphinx can hear short
/// Italian commands through a grammar although no Italian model exists here. Italian spelling is
/// regular: soft and hard c/g, sc, gn, gli, qu, z, silent h and doubled consonants follow rules;
/// e and o map to the English diphthongs EY and OW, which measured best (96.7 % of 240 command
/// recordings by espeak-ng and Festival voices; docs/research/italian-commands/).
public enum ItalianPronunciation {
    private static let accented: [Character: Character] = [
        "à": "a", "á": "a", "è": "e", "é": "e", "ì": "i", "í": "i", "î": "i", "ò": "o", "ó": "o", "ù": "u", "ú": "u",
    ]
    private static let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
    private static let vowelPhones: [Character: String] = ["a": "AA", "e": "EY", "i": "IY", "o": "OW", "u": "UW"]
    private static let plain: [Character: String] = [
        "b": "B", "d": "D", "f": "F", "l": "L", "m": "M", "n": "N", "p": "P", "r": "R", "t": "T", "v": "V", "k": "K", "w": "W", "j": "Y",
    ]

    /// Whether `word` can be said by these rules: Italian letters (accents included) and apostrophes.
    public static func isPronounceable(_ word: String) -> Bool {
        let letters = word.lowercased()
        return !letters.isEmpty && letters.count <= 40 && letters.contains { $0 != "'" }
            && letters.allSatisfy { ("a"..."z").contains($0) || accented[$0] != nil || $0 == "'" }
    }

    /// The phones of one word ("leggi" → L EY JH IY).
    public static func phones(_ word: String) -> [String] {
        let lowered = Array(word.lowercased())
        let letters = lowered.map { accented[$0] ?? $0 }
        let stressed = lowered.map { accented[$0] != nil }
        func letter(_ index: Int) -> Character? { letters.indices.contains(index) ? letters[index] : nil }
        func isVowel(_ index: Int) -> Bool { letter(index).map(vowels.contains) ?? false }
        /// i or u that only marks softness or glides: unstressed and before a vowel.
        func glides(_ index: Int) -> Bool { !stressed[index] && isVowel(index + 1) }
        var out: [String] = []
        var index = 0
        while index < letters.count {
            let current = letters[index], next = letter(index + 1)
            if !vowels.contains(current) && current == next {  // a doubled consonant is one phone
                index += 1
                continue
            }
            switch current {
            case "h":
                index += 1
            case "c", "g":
                if next == "h" {  // che, ghi: hard
                    out.append(current == "c" ? "K" : "G")
                    index += 2
                } else if current == "g" && next == "n" {  // gn
                    out += ["N", "Y"]
                    index += 2
                } else if current == "g" && next == "l" && letter(index + 2) == "i" {  // gli
                    out += ["L", "Y"]
                    index += glides(index + 2) ? 3 : 2
                } else if next == "e" || next == "i" {  // soft; the i of cia, gio is silent
                    out.append(current == "c" ? "CH" : "JH")
                    index += next == "i" && glides(index + 1) ? 2 : 1
                } else {
                    out.append(current == "c" ? "K" : "G")
                    index += 1
                }
            case "s" where next == "c" && (letter(index + 2) == "e" || letter(index + 2) == "i"):  // sce, sci
                out.append("SH")
                index += letter(index + 2) == "i" && glides(index + 2) ? 3 : 2
            case "s":
                let voiced = next.map { "bdgvlmnr".contains($0) } ?? false || (isVowel(index - 1) && isVowel(index + 1))
                out.append(voiced ? "Z" : "S")
                index += 1
            case "q":
                out.append("K")
                if next == "u" { out.append("W"); index += 1 }
                index += 1
            case "z":
                out += index == 0 ? ["D", "Z"] : ["T", "S"]
                index += 1
            case "x":
                out += ["K", "S"]
                index += 1
            case "y":
                out.append("IY")
                index += 1
            case "i" where glides(index):
                out.append("Y")
                index += 1
            case "u" where glides(index):
                out.append("W")
                index += 1
            default:
                if let phone = vowelPhones[current] ?? plain[current] { out.append(phone) }  // apostrophes and the like are silent
                index += 1
            }
        }
        return out
    }
}
