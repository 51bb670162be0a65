import Audio
import Foundation
import Programs
import PropertyBased
import Testing

@testable import Speech

@Suite("Italian pronunciations in the English model's phones")
struct ItalianPronunciationTests {
    /// The research's examples (docs/research/italian-commands/g2p.py) and a few more.
    @Test("the spelling rules", arguments: [
        ("leggi", "L EY JH IY"),
        ("ripeti", "R IY P EY T IY"),
        ("più", "P Y UW"),
        ("lento", "L EY N T OW"),
        ("veloce", "V EY L OW CH EY"),
        ("fermati", "F EY R M AA T IY"),
        ("continua", "K OW N T IY N W AA"),
        ("avanti", "AA V AA N T IY"),
        ("indietro", "IY N D Y EY T R OW"),
        ("aiuto", "AA Y UW T OW"),
        ("sì", "S IY"),
        ("no", "N OW"),
        ("pausa", "P AA UW Z AA"),
        ("ricomincia", "R IY K OW M IY N CH AA"),
        ("spiega", "S P Y EY G AA"),
        ("che", "K EY"),
        ("cosa", "K OW Z AA"),
        ("significa", "S IY N Y IY F IY K AA"),
        ("ancora", "AA N K OW R AA"),
        ("basta", "B AA S T AA"),
        ("apri", "AA P R IY"),
        ("il", "IY L"),
        ("quaderno", "K W AA D EY R N OW"),
        ("nuova", "N W OW V AA"),
        ("parola", "P AA R OW L AA"),
        ("ho", "OW"),
        ("finito", "F IY N IY T OW"),
        ("gli", "L Y IY"),
        ("figlio", "F IY L Y OW"),
        ("ogni", "OW N Y IY"),
        ("pesce", "P EY SH EY"),
        ("scienza", "SH EY N T S AA"),
        ("lasciare", "L AA SH AA R EY"),
        ("ghiaccio", "G Y AA CH OW"),
        ("giallo", "JH AA L OW"),
        ("chiesa", "K Y EY Z AA"),
        ("schiena", "S K Y EY N AA"),
        ("sbaglio", "Z B AA L Y OW"),
        ("qualche", "K W AA L K EY"),
        ("buongiorno", "B W OW N JH OW R N OW"),
        ("piace", "P Y AA CH EY"),
        ("zaino", "D Z AA IY N OW"),
        ("pizza", "P IY T S AA"),
        ("grazie", "G R AA T S Y EY"),
        ("perché", "P EY R K EY"),
        ("città", "CH IY T AA"),
        ("rosso", "R OW S OW"),
        ("taxi", "T AA K S IY"),
        ("gnocchi", "N Y OW K IY"),
        ("ciao", "CH AA OW"),
        ("casa", "K AA Z AA"),
        ("zero", "D Z EY R OW"),
        ("ghiro", "G IY R OW"),
        ("l'acqua", "L AA K K W AA"),
    ])
    func rules(word: String, phones: String) {
        #expect(ItalianPronunciation.phones(word).joined(separator: " ") == phones)
    }

    @Test func onlyWordsCanBeSaid() {
        #expect(ItalianPronunciation.isPronounceable("perché"))
        #expect(ItalianPronunciation.isPronounceable("l'acqua"))
        #expect(!ItalianPronunciation.isPronounceable(""))
        #expect(!ItalianPronunciation.isPronounceable("'"))
        #expect(!ItalianPronunciation.isPronounceable("r2d2"))
        #expect(!ItalianPronunciation.isPronounceable("ciao!"))
        #expect(!ItalianPronunciation.isPronounceable(String(repeating: "a", count: 41)))
    }
}

@Suite("the words of a JSGF grammar")
struct JSGFWordsTests {
    @Test func wordsWithoutTheSyntax() {
        let grammar = """
            #JSGF V1.0;
            /* the commands */
            grammar comandi;
            public <comando> = leggi | ripeti // again
                | più ( lento | veloce ) {slower} | [ per favore ] aiuto /2/ | <altro>;
            <altro> = basta;
            """
        #expect(JSGFWords.words(in: grammar) == ["leggi", "ripeti", "più", "lento", "veloce", "per", "favore", "aiuto", "basta"])
        #expect(JSGFWords.words(in: "#JSGF V1.0; grammar g; public <g> = sì | no | sì;") == ["sì", "no"])
        // "public" is a word of the grammar unless a rule name follows it.
        #expect(JSGFWords.words(in: "#JSGF V1.0;\ngrammar g;\npublic <g> = apri public transport | public;") == ["apri", "public", "transport"])
    }
}

/// espeak-ng's Italian voice as 16 kHz samples, 0.3 s of pause each side, over a quiet noise
/// floor (−54 dBFS) as a microphone has.
func italianSamples(_ text: String, voice: String = "it") throws -> [Int16] {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("it-\(UUID().uuidString).wav")
    defer { try? FileManager.default.removeItem(at: file) }
    _ = try ProcessRunner.runBlocking("espeak-ng", ["-v", voice, "-s", "150", "-w", file.path, "--stdin"], input: Data(text.utf8), timeout: 30)
    let data = try Data(contentsOf: file)
    let quiet = [Int16](repeating: 0, count: 4800)
    var noise = Xoshiro(seed: (3, 5, 7, UInt64(text.count)))
    return (quiet + PCMConversion.speechSamples(data, info: try WAVFile.parse(data)) + quiet).map { $0 &+ Int16(Int(noise.next() % 131) - 65) }
}

@Suite("Italian voice commands (real engine)", .serialized)
struct ItalianCommandEngineTests {
    static let commands = """
        #JSGF V1.0;
        grammar comandi;
        public <comando> = leggi | ripeti | più lento | più veloce | fermati | continua | avanti | indietro | aiuto | basta;
        """

    @Test("Italian commands are heard through the grammar", arguments: ["leggi", "più lento", "avanti", "aiuto"])
    func commands(said: String) async throws {
        let transcript = try await sharedRecognizer.transcribe(try italianSamples(said), mode: .grammar(Self.commands, language: .italian))
        #expect(transcript.text == said)
    }

    /// Phrases far from every command. About one Italian phrase in seven still comes back as a
    /// command ("mi piace la pizza" sits right at the gap threshold; Benchmarks/speech-italian.py counts them).
    @Test("speech that is none of the commands comes back with no words, in Italian and in English")
    func notACommand() async throws {
        // The last two fit a command well enough on their last syllables ("basta", "ho finito");
        // their words cover too little of the speech.
        for said in ["domani vado al mare", "buongiorno a tutti", "facciamo merenda insieme", "questo disegno è bellissimo"] {
            let heard = try await sharedRecognizer.transcribe(try italianSamples(said), mode: .grammar(Self.commands, language: .italian))
            #expect(heard.words.isEmpty, "\(said) was heard as \(heard.text)")
        }
        let english = "#JSGF V1.0; grammar commands; public <command> = read | repeat | slower | faster | stop | continue | next | go back | help | enough;"
        let heard = try await sharedRecognizer.transcribe(try fliteSamples("good morning everyone, i like pizza", voice: "slt"), mode: .grammar(english))
        #expect(heard.words.isEmpty, "heard as \(heard.text)")
        #expect(try await sharedRecognizer.transcribe(try fliteSamples("go back", voice: "slt"), mode: .grammar(english)).text == "go back")
    }

    @Test("the same Italian recording gets the same words, times and confidences whatever was decoded before")
    func deterministic() async throws {
        let recognizer = PocketSphinxRecognizer(poolSize: 1)
        let said = try italianSamples("più veloce")
        let mode = RecognitionMode.grammar(Self.commands, language: .italian)
        let first = try await recognizer.transcribe(said, mode: mode)
        for other in ["avanti", "domani vado al mare", "aiuto"] {
            _ = try await recognizer.transcribe(try italianSamples(other), mode: mode)
        }
        let again = try await recognizer.transcribe(said, mode: mode)
        #expect(first.text == "più veloce")
        #expect(again.words == first.words)
    }

    @Test("English and Italian grammars share no words: Italian 'no' and English 'no' each use their own sounds")
    func languagesStayApart() async throws {
        let italian = "#JSGF V1.0; grammar g; public <g> = sì | no;"
        #expect(try await sharedRecognizer.transcribe(try italianSamples("sì"), mode: .grammar(italian, language: .italian)).text == "sì")
        let english = "#JSGF V1.0; grammar g; public <g> = yes | no;"
        #expect(try await sharedRecognizer.transcribe(try fliteSamples("yes"), mode: .grammar(english)).text == "yes")
    }

    @Test("a word that is not Italian letters is a clear grammar error")
    func notAWord() async throws {
        await #expect(throws: SpeechError.self) {
            try await sharedRecognizer.transcribe([0, 0, 0], mode: .grammar("#JSGF V1.0; grammar g; public <g> = r2d2;", language: .italian))
        }
    }
}
