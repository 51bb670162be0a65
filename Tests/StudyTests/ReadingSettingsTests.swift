import Foundation
import Study
import Testing

/// The accessibility profiles merge their flags onto the student's settings and leave the rest;
/// a change by hand clears the profile's mark, the language alone does not; every number has its range;
/// settings stored before a field existed still read.
@Suite struct ReadingSettingsTests {
    @Test func everyProfileMergesItsFlagsAndKeepsTheRest() {
        var mine = ReadingSettings()
        (mine.theme, mine.ambient, mine.language) = (.cream, .rain, .en)
        for profile in AccessibilityProfile.allCases {
            let applied = profile.applied(to: mine)
            #expect(applied.profile == profile)
            #expect(applied.theme == .cream && applied.ambient == .rain && applied.language == .en, "\(profile) keeps what it does not set")
            #expect((try? applied.validated()) != nil, "\(profile) stays within every range")
        }
        let dyslexia = AccessibilityProfile.dislessia.applied(to: mine)
        #expect(dyslexia.font == .opendyslexic && dyslexia.letterSpacing == 0.05 && dyslexia.wordSpacing == 0.1 && dyslexia.lineSpacing == 1.8)
        let adhd = AccessibilityProfile.adhd.applied(to: mine)
        #expect(adhd.adhdMode && adhd.distractionFree && adhd.breakReminders && adhd.reducedMotion)
        let visual = AccessibilityProfile.visivo.applied(to: mine)
        #expect(visual.highContrast && visual.largeText && visual.textSize == 1.3 && visual.tts)
        // Autism turns high contrast off (sensory load), even when it was on.
        var contrast = mine
        contrast.highContrast = true
        #expect(!AccessibilityProfile.autismo.applied(to: contrast).highContrast)
        // Hearing: nothing spoken unasked.
        var speaking = mine
        (speaking.tts, speaking.autoRead) = (true, true)
        let hearing = AccessibilityProfile.uditivo.applied(to: speaking)
        #expect(!hearing.tts && !hearing.autoRead && hearing.largeText)
        #expect(AccessibilityProfile.motorioPlus.applied(to: mine).keyboardNavigation)
    }

    @Test func presetsAreTheRecommendedOneAndAResetThatKeepsTheLanguage() {
        var mine = AccessibilityProfile.adhd.applied(to: ReadingSettings())
        mine.language = .en
        let recommended = ReadingPreset.recommended.applied(to: mine)
        #expect(recommended.font == .opendyslexic && recommended.lineSpacing == 2.0 && recommended.paragraphSpacing == 24)
        #expect(recommended.textSize == 1.1 && recommended.theme == .cream && recommended.profile == nil && recommended.adhdMode)
        #expect(ReadingPreset.reset.applied(to: mine) == ReadingSettings.starting(language: .en))
        #expect(ReadingPreset("motorioPlus") == .profile(.motorioPlus) && ReadingPreset("Dislessia") == nil && ReadingPreset("") == nil)
    }

    @Test func aChangeByHandClearsTheMarkTheLanguageDoesNot() throws {
        let marked = AccessibilityProfile.dislessia.applied(to: ReadingSettings())
        var language = marked
        language.language = .en
        language.profile = nil  // a page may not send the mark back
        #expect(try ReadingSettings.saving(language, over: marked).profile == .dislessia)
        var bigger = marked
        bigger.textSize = 1.5
        #expect(try ReadingSettings.saving(bigger, over: marked).profile == nil)
        // A page cannot mark a profile it did not apply.
        var claimed = ReadingSettings()
        claimed.profile = .visivo
        #expect(try ReadingSettings.saving(claimed, over: ReadingSettings()).profile == nil)
    }

    @Test(arguments: [("textSize", 0.79), ("textSize", 2.01), ("lineSpacing", 0.9), ("lineSpacing", 3.1), ("letterSpacing", -0.01),
                      ("letterSpacing", 0.31), ("wordSpacing", 0.51), ("ttsSpeed", 0.4), ("ttsSpeed", 2.1), ("ambientVolume", 1.01),
                      ("textSize", Double.nan), ("ttsSpeed", Double.infinity)])
    func numbersOutOfTheirRangeAreRefused(_ field: String, _ value: Double) {
        var settings = ReadingSettings()
        switch field {
        case "textSize": settings.textSize = value
        case "lineSpacing": settings.lineSpacing = value
        case "letterSpacing": settings.letterSpacing = value
        case "wordSpacing": settings.wordSpacing = value
        case "ttsSpeed": settings.ttsSpeed = value
        default: settings.ambientVolume = value
        }
        #expect(throws: ReadingSettingsError.self) { try settings.validated() }
        do { _ = try settings.validated() } catch { #expect(error == .outOfRange(field: field, range: error.range)) }
    }

    @Test func paragraphSpacingAndTheEdgesOfEachRange() throws {
        var settings = ReadingSettings()
        (settings.textSize, settings.lineSpacing, settings.letterSpacing, settings.ttsSpeed, settings.paragraphSpacing) = (0.8, 3.0, 0.3, 2.0, 40)
        _ = try settings.validated()
        settings.paragraphSpacing = 41
        #expect(throws: ReadingSettingsError.outOfRange(field: "paragraphSpacing", range: "0–40")) { try settings.validated() }
    }

    @Test func storedSettingsMissingNewerFieldsStillRead() throws {
        let old = try JSONDecoder().decode(ReadingSettings.self, from: Data(#"{"language":"en","font":"opendyslexic","profile":"dislessia"}"#.utf8))
        #expect(old.language == .en && old.font == .opendyslexic && old.profile == .dislessia && old.lineSpacing == 1.5 && old.checkpoints)
        let roundTrip = try JSONDecoder().decode(ReadingSettings.self, from: try JSONEncoder().encode(old))
        #expect(roundTrip == old)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ReadingSettings.self, from: Data(#"{"theme":"neon"}"#.utf8)) }
    }
}

private extension ReadingSettingsError {
    var range: String { if case .outOfRange(_, let range) = self { range } else { "" } }
}
