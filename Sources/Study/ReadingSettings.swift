import Foundation

/// How MirrorBuddy looks and sounds for one student: the page's language, the reading settings of
/// the Swift era (font, spacing, size, theme, ruler, focus mode) and the web era's accessibility
/// flags (mirrorbuddy.md §2). Kept per profile on the server; every screen applies it.
public struct ReadingSettings: Codable, Equatable, Sendable {
    public enum Font: String, Codable, CaseIterable, Sendable { case system, opendyslexic }
    public enum Theme: String, Codable, CaseIterable, Sendable { case standard, contrast, cream, dark }
    public enum Ambient: String, Codable, CaseIterable, Sendable { case off, white, pink, brown, rain }

    public var language: StudyLanguage = .it
    /// The accessibility profile last applied, until any setting is changed by hand.
    public var profile: AccessibilityProfile? = nil
    public var font: Font = .system
    /// × the base size (0.8–2.0).
    public var textSize = 1.0
    /// CSS line height (1.0–3.0).
    public var lineSpacing = 1.5
    /// Extra space between letters and between words, in em.
    public var letterSpacing = 0.0
    public var wordSpacing = 0.0
    /// Space after a paragraph, in CSS pixels (0–40).
    public var paragraphSpacing = 16
    public var theme: Theme = .standard
    public var highContrast = false
    /// 120 % on top of `textSize`.
    public var largeText = false
    public var reducedMotion = false
    public var distractionFree = false
    public var keyboardNavigation = true
    /// The ADHD timer (Pomodoro 15/5/15) instead of 25/5/15.
    public var adhdMode = false
    public var breakReminders = false
    public var tts = true
    public var ttsSpeed = 1.0
    public var autoRead = false
    public var ruler = false
    public var focusMode = false
    /// A spoken recap every 10 minutes of study.
    public var checkpoints = true
    public var ambient: Ambient = .off
    public var ambientVolume = 0.5

    public init() {}

    /// A missing key keeps its default: settings stored before a field existed still read, and a
    /// page may send only what it knows.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = ReadingSettings.defaults
        func value<T: Decodable>(_ key: CodingKeys, _ fallback: T) throws -> T { try c.decodeIfPresent(T.self, forKey: key) ?? fallback }
        language = try value(.language, d.language)
        profile = try c.decodeIfPresent(AccessibilityProfile.self, forKey: .profile)
        font = try value(.font, d.font)
        textSize = try value(.textSize, d.textSize)
        lineSpacing = try value(.lineSpacing, d.lineSpacing)
        letterSpacing = try value(.letterSpacing, d.letterSpacing)
        wordSpacing = try value(.wordSpacing, d.wordSpacing)
        paragraphSpacing = try value(.paragraphSpacing, d.paragraphSpacing)
        theme = try value(.theme, d.theme)
        highContrast = try value(.highContrast, d.highContrast)
        largeText = try value(.largeText, d.largeText)
        reducedMotion = try value(.reducedMotion, d.reducedMotion)
        distractionFree = try value(.distractionFree, d.distractionFree)
        keyboardNavigation = try value(.keyboardNavigation, d.keyboardNavigation)
        adhdMode = try value(.adhdMode, d.adhdMode)
        breakReminders = try value(.breakReminders, d.breakReminders)
        tts = try value(.tts, d.tts)
        ttsSpeed = try value(.ttsSpeed, d.ttsSpeed)
        autoRead = try value(.autoRead, d.autoRead)
        ruler = try value(.ruler, d.ruler)
        focusMode = try value(.focusMode, d.focusMode)
        checkpoints = try value(.checkpoints, d.checkpoints)
        ambient = try value(.ambient, d.ambient)
        ambientVolume = try value(.ambientVolume, d.ambientVolume)
    }

    public static let defaults = ReadingSettings()

    /// Settings for a new student: the page's language from the family's (Italian unless said otherwise).
    public static func starting(language: StudyLanguage) -> ReadingSettings {
        var settings = ReadingSettings()
        settings.language = language
        return settings
    }

    /// Each number's range and step, as the settings screen offers them.
    public static let textSizes = 0.8...2.0
    public static let lineSpacings = 1.0...3.0
    public static let letterSpacings = 0.0...0.3
    public static let wordSpacings = 0.0...0.5
    public static let paragraphSpacings = 0...40
    public static let ttsSpeeds = 0.5...2.0
    public static let ambientVolumes = 0.0...1.0

    /// Refuses a number out of its range (or not a number): the field named.
    public func validated() throws(ReadingSettingsError) -> ReadingSettings {
        func check(_ value: Double, _ range: ClosedRange<Double>, _ field: String) throws(ReadingSettingsError) {
            guard value.isFinite, range.contains(value) else { throw .outOfRange(field: field, range: "\(range.lowerBound)–\(range.upperBound)") }
        }
        try check(textSize, Self.textSizes, "textSize")
        try check(lineSpacing, Self.lineSpacings, "lineSpacing")
        try check(letterSpacing, Self.letterSpacings, "letterSpacing")
        try check(wordSpacing, Self.wordSpacings, "wordSpacing")
        try check(ttsSpeed, Self.ttsSpeeds, "ttsSpeed")
        try check(ambientVolume, Self.ambientVolumes, "ambientVolume")
        guard Self.paragraphSpacings.contains(paragraphSpacing) else { throw .outOfRange(field: "paragraphSpacing", range: "0–40") }
        return self
    }

    /// `new` as kept: a change by hand (anything but the language and the profile mark) clears the mark.
    public static func saving(_ new: ReadingSettings, over old: ReadingSettings) throws(ReadingSettingsError) -> ReadingSettings {
        var kept = try new.validated()
        var unmarked = kept, before = old
        (unmarked.profile, unmarked.language, before.profile, before.language) = (nil, .it, nil, .it)
        if unmarked != before { kept.profile = nil }
        else { kept.profile = old.profile }
        return kept
    }
}

public enum ReadingSettingsError: Error, Equatable, Sendable {
    case outOfRange(field: String, range: String)
}

/// The original's seven profiles (conditions, not settings: mirrorbuddy.md §0, §2), each a set of
/// settings merged onto the student's own; the others are left as they were.
public enum AccessibilityProfile: String, Codable, CaseIterable, Sendable {
    case dislessia, adhd, visivo, motorio, autismo, uditivo, motorioPlus

    public var icon: String {
        switch self {
        case .dislessia: "📖"
        case .adhd: "🎯"
        case .visivo: "👁️"
        case .motorio: "✋"
        case .autismo: "🧩"
        case .uditivo: "👂"
        case .motorioPlus: "♿"
        }
    }

    /// `settings` with this profile's flags on top, marked as this profile.
    public func applied(to settings: ReadingSettings) -> ReadingSettings {
        var s = settings
        switch self {
        case .dislessia:
            // OpenDyslexic with extra letter and word spacing (0.05 / 0.1 em) and taller lines.
            (s.font, s.letterSpacing, s.wordSpacing, s.lineSpacing, s.textSize) = (.opendyslexic, 0.05, 0.1, 1.8, 1.1)
        case .adhd:
            (s.adhdMode, s.distractionFree, s.breakReminders, s.reducedMotion) = (true, true, true, true)
        case .visivo:
            (s.highContrast, s.largeText, s.textSize, s.tts) = (true, true, 1.3, true)
        case .motorio:
            (s.keyboardNavigation, s.reducedMotion) = (true, true)
        case .autismo:
            // High contrast off on purpose (sensory load).
            (s.reducedMotion, s.distractionFree, s.highContrast, s.lineSpacing, s.textSize) = (true, true, false, 1.4, 1.1)
        case .uditivo:
            // Visual cues first: nothing spoken unasked.
            (s.tts, s.autoRead, s.largeText, s.lineSpacing) = (false, false, true, 1.3)
        case .motorioPlus:
            (s.keyboardNavigation, s.reducedMotion, s.tts, s.largeText, s.textSize, s.lineSpacing, s.letterSpacing) =
                (true, true, true, true, 1.2, 1.4, 0.05)
        }
        s.profile = self
        return s
    }
}

public enum ReadingPreset: Sendable, Equatable {
    case profile(AccessibilityProfile)
    /// The Swift era's recommended reading preset: OpenDyslexic, wider letters, double lines, 24 px
    /// paragraphs, 110 %, cream paper.
    case recommended
    /// Every setting back to its default, the language kept.
    case reset

    public init?(_ raw: String) {
        switch raw {
        case "recommended": self = .recommended
        case "reset": self = .reset
        default:
            guard let profile = AccessibilityProfile(rawValue: raw) else { return nil }
            self = .profile(profile)
        }
    }

    public func applied(to settings: ReadingSettings) -> ReadingSettings {
        switch self {
        case .profile(let profile): return profile.applied(to: settings)
        case .recommended:
            var s = settings
            (s.font, s.letterSpacing, s.wordSpacing, s.lineSpacing, s.paragraphSpacing, s.textSize, s.theme) =
                (.opendyslexic, 0.1, 0.1, 2.0, 24, 1.1, .cream)
            s.profile = nil
            return s
        case .reset:
            var s = ReadingSettings()
            s.language = settings.language
            return s
        }
    }
}
