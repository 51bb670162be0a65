import Foundation

/// What a message to the coach is, before any search: the child-safety cases (mirrorbuddy.md §1.14)
/// first, then small talk and the follow-ups that steer an answer. Phrases are matched on the
/// message's unaccented lower-case words, so "perche" and "PERCHÉ" are the same, and a phrase is
/// whole words ("dan" is not "danno"). The lists are ours, in Italian and English.
public enum CoachSafety {
    public enum Concern: String, Codable, Sendable, CaseIterable {
        /// The child is in distress or in danger: a fixed caring reply and a note to the parent (never the words).
        case distress
        /// The message gives or asks for personal data (an address, a phone, a password, an e-mail).
        case personalData
        /// "Ignore your instructions", "pretend you are…": a fixed redirect to studying.
        case jailbreak
        /// Sex, drugs, weapons, hurting someone: not for the coach; a trusted adult.
        case unsafeTopic
        /// "Do my homework", "just give me the answer": the coach helps think, it never hands in.
        case homework
    }

    /// The first concern the message raises, most serious first; nil for an ordinary message.
    public static func concern(in message: String) -> Concern? {
        let words = StudyTerms.phrase(message)
        if contains(words, distress) || contains(words, hurtBy) { return .distress }
        if contains(words, unsafe) { return .unsafeTopic }
        if contains(words, jailbreak) { return .jailbreak }
        if contains(words, personal) || hasContactDetails(message) { return .personalData }
        if contains(words, homework) { return .homework }
        return nil
    }

    static func contains(_ words: String, _ phrases: [String]) -> Bool {
        phrases.contains { words.contains(" \($0) ") }
    }

    /// An e-mail address or a phone number: 10 digits or more in one run (spaces and dashes between),
    /// or 7 or more after a "+" or next to "numero", "telefono", "cellulare", "phone", "call". Dates
    /// ("1914-1918"), a decimal or a speed ("299 792 458 m/s") are not phone numbers.
    static func hasContactDetails(_ message: String) -> Bool {
        if message.range(of: #"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}"#, options: .regularExpression) != nil { return true }
        let words = " " + StudyTerms.tokens(message).joined(separator: " ") + " "
        let phoneWord = contains(words, ["numero", "telefono", "cellulare", "cell", "chiamami", "phone", "call me", "mobile", "whatsapp"])
        var start = message.startIndex
        while let range = message.range(of: #"\+?\d[\d \-]{5,}\d"#, options: .regularExpression, range: start..<message.endIndex) {
            let run = message[range]
            let digits = run.filter(\.isNumber).count
            // A phone number has a group of three digits or more: "2 4 6 8 10 12 14" is a sequence.
            let grouped = run.split { !$0.isNumber }.contains { $0.count >= 3 }
            if grouped && (digits >= 10 || (digits >= 7 && (run.hasPrefix("+") || phoneWord))) { return true }
            start = range.upperBound
        }
        return false
    }

    // Each phrase: unaccented lower-case words separated by one space, apostrophes as spaces.
    /// First-person words of harm and danger: "suicidio" alone is a history lesson, "mi taglio" a haircut.
    static let distress = [
        "voglio morire", "vorrei morire", "vorrei essere morto", "vorrei essere morta", "voglio uccidermi", "mi voglio uccidere",
        "uccidermi", "ammazzarmi", "mi ammazzo", "mi voglio ammazzare", "farla finita", "suicidarmi", "mi voglio suicidare",
        "voglio suicidarmi", "mi faccio del male", "farmi del male", "tagliarmi le braccia", "tagliarmi i polsi", "mi taglio le braccia",
        "non voglio piu vivere", "non voglio vivere", "nessuno mi vuole bene", "mi odio", "tutti mi odiano", "odio la mia vita",
        "mi picchia", "mi picchiano", "mi ha picchiato", "mi ha picchiata", "mi hanno picchiato", "mi hanno picchiata", "mi picchiava",
        "mi fa del male", "mi fanno del male", "ho paura di tornare a casa", "abusa di me", "mi bullizzano", "sono vittima di bullismo",
        "mi minacciano", "sono disperato", "sono disperata", "mi taglio i polsi", "mi sono tagliato", "mi sono tagliata",
        "penso al suicidio", "pensieri di suicidio", "mi uccido", "voglio sparire", "mi ha toccato", "mi ha toccata",
        "want to die", "wanna die", "wish i was dead", "wish i were dead", "kill myself", "killing myself", "end my life",
        "want to commit suicide", "suicidal", "hurt myself", "hurting myself", "harm myself", "self harm", "cut myself", "cutting myself",
        "don t want to live", "dont want to live", "nobody loves me", "no one loves me", "everyone hates me", "i hate myself",
        "i hate my life", "beat me up", "beats me up", "abuses me", "touches me", "touched me", "scared to go home",
        "think about suicide", "thinking about suicide", "thoughts of suicide", "better off dead", "want to disappear",
        "afraid to go home", "being bullied", "they bully me", "threaten me", "threatening me",
    ]
    /// Someone hurting the child, said with who: "my dad hits me", "he hurt me" (not "my knee hurts me",
    /// not "beats me!", not "hit me with a fun fact").
    static let hurtBy: [String] = {
        let who = ["he", "she", "they", "dad", "daddy", "mum", "mom", "mummy", "mommy", "father", "mother", "brother", "sister",
                   "stepdad", "stepmum", "stepmom", "uncle", "aunt", "teacher", "grandpa", "grandma", "boyfriend", "someone"]
        let does = ["hits me", "hit me", "beats me", "beat me", "hurts me", "hurt me", "kicks me", "kicked me", "slaps me", "slapped me",
                    "touches me", "touched me", "punches me", "punched me"]
        return who.flatMap { person in does.map { "\(person) \($0)" } }
    }()

    /// Asked for, not studied: a science or history material may name drugs, bodies or wars, and the
    /// student may ask about them; these are the forms that ask how to do harm or for adult content.
    static let unsafe = [
        "porno", "pornografia", "porn", "sexy", "foto nude", "nude pics", "send nudes",
        "come drogarsi", "drogarmi", "comprare droga", "comprare la droga", "buy drugs", "take drugs", "ubriacarmi", "get drunk",
        "come costruire una bomba", "costruire una bomba", "fare una bomba", "make a bomb", "build a bomb", "costruire una pistola",
        "make a gun", "come uccidere qualcuno", "come uccidere una persona", "come ammazzare qualcuno", "uccidere mio", "uccidere mia",
        "how to kill someone", "how to kill a person", "how do i kill someone", "how can i kill someone", "kill my brother",
        "kill my sister", "kill my dad", "kill my mum", "kill my mom", "kill my father", "kill my mother", "kill my friend",
        "kill my teacher", "avvelenare qualcuno",
        "poison someone",
    ]
    static let jailbreak = [
        "ignora le istruzioni", "ignora tutte le istruzioni", "ignora le tue istruzioni", "ignora le regole", "ignora tutte le regole",
        "ignora le istruzioni precedenti", "dimentica le regole", "dimentica le istruzioni", "fai finta di essere", "fingi di essere",
        "non hai regole", "modalita sviluppatore", "prompt di sistema", "istruzioni di sistema", "da ora in poi sei",
        "ignore previous instructions", "ignore all previous instructions", "ignore the previous instructions",
        "ignore all the previous instructions", "ignore your instructions", "ignore the instructions", "ignore all instructions",
        "ignore the rules", "ignore your rules", "forget your rules", "forget the rules", "forget your instructions",
        "disregard your instructions", "pretend you are", "pretend you re", "pretend that you are", "from now on you are",
        "roleplay", "role play", "do anything now", "dan mode", "you are dan", "you re dan", "jailbreak", "developer mode",
        "system prompt", "you have no rules", "no restrictions",
    ]
    static let personal = [
        "il mio indirizzo", "abito in via", "vivo in via", "il mio numero di", "mio numero di telefono", "la mia password",
        "la mia email", "la mia mail", "il mio cognome", "qual e il tuo indirizzo", "dove abiti", "dammi il tuo numero",
        "my address", "i live at", "my phone number", "my number is", "my password", "my email", "my e mail",
        "my surname", "my last name", "my full name", "where do you live", "your phone number",
    ]
    static let homework = [
        "fammi i compiti", "fai i compiti per me", "fai i miei compiti", "fammi l esercizio", "fai l esercizio per me",
        "risolvilo tu", "risolvi tu", "risolvimi", "dammi la soluzione", "dammi la risposta", "dimmi la soluzione",
        "dimmi solo la risposta", "dammi solo la risposta", "scrivimi il tema", "scrivi il tema per me", "fammi il tema",
        "fammi il riassunto", "copiare la risposta", "do my homework", "do the homework for me", "do this for me",
        "give me the answer", "give me the answers", "just tell me the answer", "tell me the answer", "solve it for me",
        "solve this for me", "write my essay", "write the essay for me", "write my homework", "answer this for me",
    ]
}
