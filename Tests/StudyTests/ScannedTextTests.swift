import Study
import Testing

/// A page's text from pdftotext or tesseract becomes paragraphs to read.
@Suite struct ScannedTextTests {
    @Test func linesOfAParagraphJoinAndHyphenatedWordsAreWhole() {
        let raw = """
            La Rivoluzione francese cominciò nel 1789, quando il re Luigi XVI con-
            vocò gli Stati generali a Versailles per risolvere la crisi finanziaria
            del regno , che era ormai grave.

            Il 14 luglio il popolo di Parigi prese la Bastiglia, simbolo del potere
            assoluto del re.
            """
        #expect(ScannedText.clean(raw) == """
            La Rivoluzione francese cominciò nel 1789, quando il re Luigi XVI convocò gli Stati generali a Versailles per risolvere la crisi finanziaria del regno, che era ormai grave.

            Il 14 luglio il popolo di Parigi prese la Bastiglia, simbolo del potere assoluto del re.
            """)
    }

    @Test func headingsPageNumbersAndPageBreaksAreKeptApart() {
        let raw = "Capitolo 3\nLa società feudale era divisa in ordini: chi pregava, chi combatteva e\nchi lavorava la terra per tutti gli altri.\n\n12\n\u{0C}Il Comune\nNelle città nacquero nuove forme di governo, libere dal potere del signore\nfeudale, guidate dai mercanti."
        #expect(ScannedText.clean(raw) == """
            Capitolo 3

            La società feudale era divisa in ordini: chi pregava, chi combatteva e chi lavorava la terra per tutti gli altri.

            Il Comune

            Nelle città nacquero nuove forme di governo, libere dal potere del signore feudale, guidate dai mercanti.
            """)
    }

    @Test func aDashBetweenWordsOrBeforeACapitalStays() {
        #expect(ScannedText.clean("Il periodo 1789-\n1799 fu lungo e difficile per tutta la Francia intera.") ==
                "Il periodo 1789- 1799 fu lungo e difficile per tutta la Francia intera.")
        #expect(ScannedText.clean("Nord-\nAmerica e il resto del mondo conosciuto allora dagli europei.") ==
                "Nord- America e il resto del mondo conosciuto allora dagli europei.")
        #expect(ScannedText.clean("") == "")
        #expect(ScannedText.clean("\u{0C}\n\n  \n") == "")
    }
}
