import Testing
@testable import Study

/// The voice commands' grammar: the commands of a screen and the global ones, the student's own
/// subjects and material titles as the recogniser can say them, and the words heard back to a command.
@Suite struct VoiceGrammarTests {
    static let sayAll: @Sendable (String) -> Bool = { _ in true }
    static let materials = [
        VoiceMaterial(id: "m3", title: "La Rivoluzione francese (1789)", subjectId: "storia-geografia"),
        VoiceMaterial(id: "m2", title: "Le frazioni", subjectId: "matematica"),
        VoiceMaterial(id: "m1", title: "Equazioni di primo grado", subjectId: "matematica"),
    ]

    static func grammar(_ screen: VoiceScreen, _ language: StudyLanguage = .it, subjects: [Subject] = Subjects.defaults,
                        materials: [VoiceMaterial] = materials, canSay: (String) -> Bool = sayAll) -> VoiceGrammar {
        VoiceGrammar(language: language, screen: screen, subjects: subjects, materials: materials, canSay: canSay)
    }

    @Test func everyCommandHasPhrasesInBothLanguagesAndNoPhraseMeansTwoThings() {
        for language in StudyLanguage.allCases {
            var owner: [String: VoiceCommand] = [:]
            for command in VoiceCommand.allCases {
                let phrases = VoicePhrases.phrases(command, language)
                #expect(!phrases.isEmpty, "\(command) \(language)")
                for phrase in phrases {
                    #expect(phrase == phrase.lowercased() && !phrase.contains("  "), "\(phrase)")
                    if let other = owner[phrase] { Issue.record("\"\(phrase)\" is both \(other) and \(command)") }
                    owner[phrase] = command
                }
            }
        }
    }

    @Test func aScreenListensForItsOwnCommandsAndTheGlobalOnes() {
        let home = Self.grammar(.home)
        let material = Self.grammar(.material)
        #expect(home.meaning(of: "leggi") == nil && material.meaning(of: "leggi")?.command == .read)
        #expect(home.meaning(of: "nuovo materiale")?.command == .newMaterial && material.meaning(of: "nuovo materiale") == nil)
        for grammar in [home, material, Self.grammar(.settings)] {
            #expect(grammar.meaning(of: "aiuto")?.command == .help)
            #expect(grammar.meaning(of: "indietro")?.command == .back)
            #expect(grammar.meaning(of: "testo più grande")?.command == .biggerText)
            #expect(grammar.meaning(of: "disattiva modalità dislessia")?.command == .dyslexiaOff)
        }
        #expect(Self.grammar(.material, .en).meaning(of: "read this page")?.command == .read)
        #expect(Self.grammar(.home, .en).meaning(of: "leggi") == nil)
    }

    @Test func subjectsAreSaidByTheirNamesAndAliasesButNotWhenHidden() throws {
        var subjects = Subjects.defaults
        subjects[subjects.firstIndex { $0.id == "religione" }!].hidden = true
        subjects.append(Subject(id: "mine", names: .init(it: "Coding & Robot 2", en: "Coding & Robot 2"), colour: "#000000", emoji: "🤖", order: 11))
        let it = Self.grammar(.home, subjects: subjects)
        #expect(it.meaning(of: "apri matematica") == VoicePhrase(words: "apri matematica", command: .openSubject, subjectId: "matematica"))
        #expect(it.meaning(of: "Apri Storia e Geografia!")?.subjectId == "storia-geografia")
        #expect(it.meaning(of: "vai a storia")?.subjectId == "storia-geografia")
        #expect(it.meaning(of: "apri coding e robot")?.subjectId == "mine")
        #expect(it.meaning(of: "apri religione") == nil)
        let en = Self.grammar(.home, .en, subjects: subjects)
        #expect(en.meaning(of: "open math")?.subjectId == "matematica" && en.meaning(of: "open maths")?.subjectId == "matematica")
        #expect(en.meaning(of: "show me history and geography")?.subjectId == "storia-geografia")
        #expect(en.meaning(of: "open coding and robot")?.subjectId == "mine")
    }

    @Test func materialsOpenByTitleAndTheLatestOneByItsSubject() {
        let it = Self.grammar(.home)
        #expect(it.meaning(of: "apri materiale la rivoluzione francese")?.materialId == "m3")
        #expect(it.meaning(of: "mostra materiale equazioni di primo grado")?.materialId == "m1")
        #expect(it.meaning(of: "apri ultimo materiale")?.materialId == "m3")
        #expect(it.meaning(of: "apri ultimo materiale di matematica")?.materialId == "m2")
        let none = it.meaning(of: "apri ultimo materiale di fisica")
        #expect(none?.command == .openLatestMaterial && none?.subjectId == "fisica" && none?.materialId == nil)
        #expect(Self.grammar(.home, materials: []).meaning(of: "apri ultimo materiale")?.materialId == nil)
        // A title is cut before the first word the recogniser cannot say; it is said by four words or whole (up to eight).
        let some = Self.grammar(.home, canSay: { $0 != "francese" })
        #expect(some.meaning(of: "apri materiale la rivoluzione")?.materialId == "m3")
        #expect(some.meaning(of: "apri materiale la rivoluzione francese") == nil)
        #expect(VoiceGrammar.spokenTitles("Uno due tre quattro cinque", canSay: Self.sayAll) == ["uno due tre quattro", "uno due tre quattro cinque"])
        #expect(VoiceGrammar.spokenTitles("a b c d e f g h i j", canSay: Self.sayAll).last == "a b c d e f g h")
        #expect(VoiceGrammar.spokenTitles("1789: la rivoluzione", canSay: { $0.allSatisfy(\.isLetter) }) == ["la rivoluzione"])
        #expect(VoiceGrammar.spokenTitles("???", canSay: Self.sayAll).isEmpty)
        // One accent written two ways (é, or e and a combining accent) is one word.
        #expect(VoiceGrammar.words("Perche\u{301}") == ["perché"] && VoiceGrammar.words("Perch\u{e9}").first!.unicodeScalars.count == 6)
        // Two materials with the same spoken title: the newest is opened.
        let twins = [VoiceMaterial(id: "new", title: "Verbi", subjectId: nil), VoiceMaterial(id: "old", title: "verbi!", subjectId: nil)]
        #expect(Self.grammar(.home, materials: twins).meaning(of: "apri materiale verbi")?.materialId == "new")
    }

    @Test func aTaskIsAddedAloneForASubjectOrForADay() {
        let it = Self.grammar(.tasks)
        #expect(it.meaning(of: "aggiungi compito") == VoicePhrase(words: "aggiungi compito", command: .addTask))
        #expect(it.meaning(of: "aggiungi compito di storia")?.subjectId == "storia-geografia")
        #expect(it.meaning(of: "aggiungi compito per venerdì") == VoicePhrase(words: "aggiungi compito per venerdì", command: .addTask, day: .friday))
        #expect(it.meaning(of: "aggiungi compito per dopodomani")?.day == .dayAfterTomorrow)
        let en = Self.grammar(.home, .en)
        #expect(en.meaning(of: "add task for the day after tomorrow")?.day == .dayAfterTomorrow)
        #expect(en.meaning(of: "add task for math")?.subjectId == "matematica" && en.meaning(of: "add task for math")?.day == nil)
        for language in StudyLanguage.allCases {
            #expect(VoiceDay.allCases.allSatisfy { !VoicePhrases.days($0, language).isEmpty })
        }
    }

    @Test func onlyPhrasesTheRecogniserCanSayAreInTheGrammar() {
        let grammar = Self.grammar(.home, .en, canSay: { $0 != "maths" && $0 != "dyslexia" })
        #expect(grammar.meaning(of: "open maths") == nil && grammar.meaning(of: "open math")?.subjectId == "matematica")
        #expect(grammar.meaning(of: "dyslexia mode on") == nil)
        #expect(!grammar.jsgf.contains("maths") && !grammar.jsgf.contains("dyslexia"))
        #expect(Self.grammar(.home, canSay: { _ in false }).phrases.isEmpty)
    }

    @Test func theGrammarIsJSGFWithEveryPhraseOnce() {
        let grammar = Self.grammar(.material)
        let lines = grammar.jsgf.split(separator: "\n")
        #expect(lines.count == 3 && lines[0] == "#JSGF V1.0;" && lines[1] == "grammar mirrorbuddy;")
        #expect(lines[2].hasPrefix("public <command> = ") && lines[2].hasSuffix(" ;"))
        let alternatives = lines[2].dropFirst("public <command> = ".count).dropLast(2).components(separatedBy: " | ")
        #expect(alternatives.count == grammar.phrases.count && Set(alternatives).count == alternatives.count)
        #expect(alternatives.allSatisfy { $0.allSatisfy { $0.isLetter || $0 == " " || $0 == "'" } })
    }

    @Test func helpListsUpToThreeExamplesPerCommandOfTheScreen() {
        let examples = Self.grammar(.material).examples()
        #expect(examples.first?.0 == .back && examples.allSatisfy { (1...3).contains($0.1.count) })
        #expect(examples.contains { $0.0 == .read } && !Self.grammar(.home).examples().contains { $0.0 == .read })
        #expect(examples.first { $0.0 == .openSubject }?.1.first == "apri educazione civica")
    }
}
