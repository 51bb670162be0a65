/// What a student may say for each voice command, in Italian and in English: the triggers of
/// mirrorbuddy.md §1.13 (the original's registry), the seed's phrases ("inizia a studiare", "leggi
/// questa pagina", "mostra mappa") and a few a child says naturally. `{subject}` and `{title}` are
/// filled from the student's own subjects and materials when the grammar is made.
public enum VoicePhrases {
    public static func phrases(_ command: VoiceCommand, _ language: StudyLanguage) -> [String] {
        switch language {
        case .it: italian(command)
        case .en: english(command)
        }
    }

    static func italian(_ command: VoiceCommand) -> [String] {
        switch command {
        case .back: ["indietro", "torna indietro", "vai indietro"]
        case .home: ["home", "vai alla home", "vai a casa", "torna a casa", "pagina iniziale"]
        case .settings: ["impostazioni", "apri impostazioni", "vai alle impostazioni"]
        case .profile: ["profilo", "apri profilo", "il mio profilo", "i miei progressi"]
        case .materials: ["materiali", "apri materiali", "vai ai materiali", "i miei materiali"]
        case .tasks: ["compiti", "apri compiti", "i miei compiti"]
        case .newMaterial: ["crea materiale", "nuovo materiale", "aggiungi materiale"]
        case .search: ["cerca", "cerca materiali", "trova"]
        case .startStudy: ["inizia studio", "studia", "comincia", "inizia a studiare"]
        case .flashcards: ["flashcard", "ripassa flashcard", "rivedi flashcard"]
        case .mindMap: ["mappa mentale", "mostra mappa", "visualizza mappa"]
        case .dyslexiaOn: ["attiva modalità dislessia", "abilita dislessia", "modalità dislessia on", "attiva dislessia"]
        case .dyslexiaOff: ["disattiva modalità dislessia", "disabilita dislessia", "modalità dislessia off", "disattiva dislessia"]
        case .biggerText: ["aumenta font", "testo più grande", "ingrandisci testo", "più grande"]
        case .smallerText: ["riduci font", "testo più piccolo", "rimpicciolisci testo", "più piccolo"]
        case .read: ["leggi", "leggi testo", "ascolta", "leggi questa pagina"]
        case .stopReading: ["stop", "ferma lettura", "basta"]
        case .pause: ["pausa", "metti in pausa"]
        case .resume: ["riprendi", "continua"]
        case .refresh: ["aggiorna", "ricarica"]
        case .close: ["chiudi", "esci"]
        case .help: ["aiuto", "comandi", "cosa posso dire"]
        case .openLatestMaterial: ["apri ultimo materiale", "materiale più recente", "apri ultimo materiale di {subject}"]
        case .openMaterial: ["apri materiale {title}", "mostra materiale {title}"]
        case .openSubject: ["apri {subject}", "mostrami {subject}", "vai a {subject}"]
        case .addTask: ["aggiungi compito", "nuovo compito", "aggiungi compito di {subject}", "aggiungi compito per {day}"]
        case .expandNode: ["espandi", "espandi {node}", "apri nodo {node}", "mostra {node}"]
        case .collapseNode: ["comprimi", "comprimi {node}", "chiudi nodo {node}", "nascondi {node}"]
        case .parentNode: ["torna su", "vai su"]
        case .readNode: ["leggi nodo", "leggi {node}"]
        }
    }

    static func english(_ command: VoiceCommand) -> [String] {
        switch command {
        case .back: ["back", "go back"]
        case .home: ["home", "go home"]
        case .settings: ["settings", "open settings"]
        case .profile: ["profile", "my profile", "my progress"]
        case .materials: ["materials", "open materials", "my materials"]
        case .tasks: ["tasks", "open tasks", "my tasks"]
        case .newMaterial: ["create material", "new material", "add material"]
        case .search: ["search", "find"]
        case .startStudy: ["start study", "study", "start studying"]
        case .flashcards: ["review flashcards", "flashcards"]
        case .mindMap: ["mind map", "show map", "show mind map"]
        case .dyslexiaOn: ["dyslexia mode on", "turn on dyslexia mode", "dyslexia on"]
        case .dyslexiaOff: ["dyslexia mode off", "turn off dyslexia mode", "dyslexia off"]
        case .biggerText: ["increase font", "bigger text", "bigger"]
        case .smallerText: ["decrease font", "smaller text", "smaller"]
        case .read: ["read", "read text", "listen", "read this page"]
        case .stopReading: ["stop reading", "stop"]
        case .pause: ["pause"]
        case .resume: ["resume", "continue"]
        case .refresh: ["refresh", "reload"]
        case .close: ["close", "exit"]
        case .help: ["help", "commands", "what can i say"]
        case .openLatestMaterial: ["last material", "newest material", "open last material", "last material of {subject}"]
        case .openMaterial: ["open material {title}", "show material {title}"]
        case .openSubject: ["open {subject}", "show me {subject}", "go to {subject}"]
        case .addTask: ["add task", "new task", "add task for {subject}", "add task for {day}"]
        case .expandNode: ["expand", "expand {node}", "open node {node}", "show {node}"]
        case .collapseNode: ["collapse", "collapse {node}", "close node {node}", "hide {node}"]
        case .parentNode: ["go up", "back up"]
        case .readNode: ["read node", "read {node}"]
        }
    }

    /// How a day is said.
    static func days(_ day: VoiceDay, _ language: StudyLanguage) -> [String] {
        switch (day, language) {
        case (.today, .it): ["oggi"]
        case (.tomorrow, .it): ["domani"]
        case (.dayAfterTomorrow, .it): ["dopodomani"]
        case (.monday, .it): ["lunedì"]
        case (.tuesday, .it): ["martedì"]
        case (.wednesday, .it): ["mercoledì"]
        case (.thursday, .it): ["giovedì"]
        case (.friday, .it): ["venerdì"]
        case (.saturday, .it): ["sabato"]
        case (.sunday, .it): ["domenica"]
        case (.today, .en): ["today"]
        case (.tomorrow, .en): ["tomorrow"]
        case (.dayAfterTomorrow, .en): ["the day after tomorrow"]
        case (.monday, .en): ["monday"]
        case (.tuesday, .en): ["tuesday"]
        case (.wednesday, .en): ["wednesday"]
        case (.thursday, .en): ["thursday"]
        case (.friday, .en): ["friday"]
        case (.saturday, .en): ["saturday"]
        case (.sunday, .en): ["sunday"]
        }
    }

    /// Other names a default subject answers to (the names themselves are always said): "maths"
    /// is not in the English recogniser's dictionary, and a child says "storia" for "Storia e Geografia".
    static func subjectAliases(_ id: String, _ language: StudyLanguage) -> [String] {
        switch (id, language) {
        case ("matematica", .it): ["mate"]
        case ("matematica", .en): ["math", "mathematics"]
        case ("storia-geografia", .it): ["storia", "geografia"]
        case ("storia-geografia", .en): ["history", "geography"]
        case ("scienze-motorie", .it): ["educazione fisica", "ginnastica"]
        case ("scienze-motorie", .en): ["physical education", "p e"]
        case ("scienze-naturali", .it): ["scienze"]
        case ("scienze-naturali", .en): ["science"]
        case ("educazione-civica", .it): ["civica"]
        case ("sostegno", .en): ["support"]
        default: []
        }
    }
}
