import Foundation

/// Which words a grammar may use: English ones must be in the recogniser's dictionary (cmudict,
/// read once), Italian ones are spelled by `ItalianPronunciation` and so need only be letters.
/// A grammar made from a student's own names (subjects, titles) keeps to these words, so that a
/// word the recogniser cannot say leaves out a phrase instead of failing the whole grammar.
public enum GrammarVocabulary {
    public static func canSay(_ word: String, language: GrammarLanguage) -> Bool {
        switch language {
        // A letter with no sound of its own ("h") would be a word of no phones, which the dictionary skips.
        case .italian: ItalianPronunciation.isPronounceable(word) && !ItalianPronunciation.phones(word).isEmpty
        case .english: english.contains(word.lowercased())
        }
    }

    /// The English dictionary's words ("read(2)" is "read"); empty when the model is not installed.
    private static let english: Set<String> = {
        guard let text = try? String(contentsOfFile: PocketSphinxDecoder.Model.debian.dictionary, encoding: .utf8) else { return [] }
        var words = Set<String>()
        words.reserveCapacity(140_000)
        for line in text.split(separator: "\n") {
            guard let first = line.split(separator: " ", maxSplits: 1).first else { continue }
            let word = first.split(separator: "(").first.map(String.init) ?? String(first)
            words.insert(word)
        }
        return words
    }()
}
