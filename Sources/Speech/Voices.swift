import Foundation

/// A voice the server can speak with.
public struct Voice: Codable, Equatable, Sendable {
    /// "<engine>:<name>", e.g. "flite:slt", "espeak-ng:it+f3".
    public var id: String
    public var name: String
    /// BCP 47 language, e.g. "en-US", "it".
    public var language: String
    public var gender: Gender
    public var engine: Engine

    public enum Gender: String, Codable, Sendable { case female, male }
    public enum Engine: String, Codable, Sendable { case flite, espeakNG = "espeak-ng" }

    public init(id: String, name: String, language: String, gender: Gender, engine: Engine) {
        self.id = id
        self.name = name
        self.language = language
        self.gender = gender
        self.engine = engine
    }

    /// The engine's own voice name ("slt", "en-us+f3").
    public var engineVoice: String { String(id.split(separator: ":", maxSplits: 1).last ?? "") }
}

/// Voice lists as the engines print them.
enum VoiceCatalog {
    /// flite's clustergen/diphone voices; "kal" (8 kHz) and "awb_time" (speaks clock times only) are left out.
    static let fliteDetails: [String: (name: String, language: String, gender: Voice.Gender)] = [
        "slt": ("Sally (US)", "en-US", .female), "kal16": ("Kal (US)", "en-US", .male),
        "rms": ("Robert (US)", "en-US", .male), "awb": ("Alan (Scottish)", "en-GB", .male),
    ]

    /// `flite -lv` → "Voices available: kal awb_time kal16 awb rms slt".
    static func fliteVoices(_ listing: String) -> [Voice] {
        let names = listing.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        return names.compactMap { name in
            fliteDetails[name].map { Voice(id: "flite:\(name)", name: $0.name, language: $0.language, gender: $0.gender, engine: .flite) }
        }
    }

    /// `espeak-ng --voices` table rows for English and Italian; MBROLA voices need data packages and are left out.
    /// Each voice comes as itself (male) and with espeak-ng's female variant "+f3".
    static func espeakVoices(_ listing: String) -> [Voice] {
        var voices: [Voice] = []
        var seen = Set<String>()
        for line in listing.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard columns.count >= 5 else { continue }
            let language = columns[1], file = columns[4]
            guard !file.hasPrefix("mb/"), language == "en-us" || language == "en-gb" || language == "it", seen.insert(language).inserted else { continue }
            let label = language == "it" ? "Italian" : language == "en-us" ? "English (US)" : "English (UK)"
            let tag = language == "it" ? "it" : language == "en-us" ? "en-US" : "en-GB"
            voices.append(Voice(id: "espeak-ng:\(language)", name: "\(label), espeak-ng", language: tag, gender: .male, engine: .espeakNG))
            voices.append(Voice(id: "espeak-ng:\(language)+f3", name: "\(label), espeak-ng (female)", language: tag, gender: .female, engine: .espeakNG))
        }
        return voices
    }
}
