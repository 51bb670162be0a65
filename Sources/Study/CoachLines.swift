import Foundation

/// Everything the coach says that is not from the student's materials, in Italian and English:
/// the fixed replies to the safety concerns (the distress one sends the child to a trusted adult and
/// an emergency number), small talk, and the offline encouragement, idle and break prompts the
/// original kept on the device (mirrorbuddy.md §1.14). Written for this project. A kind with several
/// lines takes the one `variant` picks, so the page does not repeat itself.
public enum CoachLines {
    public enum Kind: Equatable, Sendable, Hashable {
        case concern(CoachSafety.Concern)
        case greeting, thanks, unclear, notFound, noMore, simpler
        case welcome(TimeOfDay)
        case success, struggle, breakTime, idle, streak
    }

    public enum TimeOfDay: String, Codable, Sendable, CaseIterable {
        case morning, afternoon, evening
        /// 5-12 morning, 12-18 afternoon, else evening.
        public init(hour: Int) { self = (5..<12).contains(hour) ? .morning : (12..<18).contains(hour) ? .afternoon : .evening }
    }

    public static func text(_ kind: Kind, language: StudyLanguage, variant: Int = 0) -> String {
        let choices = lines(kind, language)
        return choices[((variant % choices.count) + choices.count) % choices.count]
    }

    /// The prompts the page shows by itself, by name: the page asks for them once.
    public static let prompts: [(name: String, kind: Kind)] = [
        ("success", .success), ("struggle", .struggle), ("breakTime", .breakTime), ("idle", .idle), ("streak", .streak),
    ]

    public static func lines(_ kind: Kind, _ language: StudyLanguage) -> [String] {
        let it = language == .it
        switch kind {
        case .concern(.distress):
            return [it
                ? "Mi dispiace tanto che tu ti senta così. Non sei solo. Parlane adesso con un adulto di cui ti fidi: un genitore, un insegnante. Se sei in pericolo, chiama il 112. Puoi chiamare anche Telefono Azzurro al 19696: è gratis, giorno e notte."
                : "I am so sorry you feel this way. You are not alone. Please talk to an adult you trust right now: a parent or a teacher. If you are in danger, call your local emergency number (112 in Europe, 911 in the US, 999 in the UK)."]
        case .concern(.personalData):
            return [it
                ? "Fermo un attimo: indirizzo, numero di telefono, password e cognome non si scrivono qui, né in nessuna chat. Io non ne ho bisogno. Torniamo a studiare?"
                : "Hold on: your address, phone number, password and surname are not for typing here or in any chat. I don't need them. Shall we get back to studying?"]
        case .concern(.jailbreak):
            return [it
                ? "Io sono il tuo coach di studio e resto così. Chiedimi qualcosa dei tuoi materiali!"
                : "I am your study coach and I stay that way. Ask me something about your materials!"]
        case .concern(.unsafeTopic):
            return [it
                ? "Di questo è meglio parlare con un adulto di cui ti fidi. Io ti aiuto con lo studio: cosa stai studiando oggi?"
                : "That is something to talk about with an adult you trust. I help with studying: what are you studying today?"]
        case .concern(.homework):
            return [it
                ? "I compiti li fai tu, ma ti aiuto a farli! 1. Leggi la consegna e sottolinea cosa chiede. 2. Chiedimi le parole che non conosci: le cerco nei tuoi materiali. 3. Prova una risposta e controllala con i tuoi appunti."
                : "You do the homework, but I help you do it! 1. Read the task and underline what it asks. 2. Ask me about the words you don't know: I'll look in your materials. 3. Try an answer and check it against your notes."]
        case .greeting:
            return it ? ["Ciao! Chiedimi qualcosa dei tuoi materiali, per esempio: cos'è la fotosintesi?", "Eccomi! Su cosa vuoi ripassare?"]
                : ["Hi! Ask me something about your materials, for example: what is photosynthesis?", "Here I am! What shall we go over?"]
        case .thanks:
            return it ? ["Prego! Vuoi chiedermi altro?", "Bravo, continua così!"] : ["You're welcome! Anything else?", "Well done, keep going!"]
        case .unclear:
            return [it ? "Non ho capito la domanda. Prova con le parole dei tuoi appunti, per esempio: chi era Giulio Cesare?"
                : "I didn't get the question. Try the words of your notes, for example: who was Julius Caesar?"]
        case .notFound:
            return [it ? "Nei tuoi materiali non l'ho trovato. Prova con altre parole, oppure aggiungi un materiale su questo argomento."
                : "I couldn't find that in your materials. Try other words, or add a material about it."]
        case .noMore:
            return [it ? "Su questo il materiale non dice altro. Vuoi chiedermi qualcos'altro?"
                : "The material says nothing more about this. Want to ask something else?"]
        case .simpler:
            return it ? ["Nessun problema, andiamo piano. Ecco la frase più importante:", "Tranquillo, ci arriviamo insieme. In breve:"]
                : ["No problem, let's go slowly. Here is the key sentence:", "That's fine, we'll get there together. In short:"]
        case .welcome(.morning):
            return it ? ["Buongiorno! Pronto per studiare?"] : ["Good morning! Ready to study?"]
        case .welcome(.afternoon):
            return it ? ["Buon pomeriggio! Cosa ripassiamo oggi?"] : ["Good afternoon! What shall we go over today?"]
        case .welcome(.evening):
            return it ? ["Buonasera! Un ripasso breve e poi riposo."] : ["Good evening! A short review, then rest."]
        case .success:
            return it ? ["Ottimo lavoro!", "Bravissimo, ce l'hai fatta!", "Un passo alla volta, e guarda quanta strada!"]
                : ["Great work!", "Brilliant, you did it!", "One step at a time, and look how far you've come!"]
        case .struggle:
            return it ? ["Sbagliare fa parte dell'imparare. Riproviamo insieme?", "È difficile, e tu ci stai provando: questo conta."]
                : ["Mistakes are part of learning. Shall we try again together?", "It's hard, and you are trying: that's what counts."]
        case .breakTime:
            return it ? ["Hai studiato tanto: fai una pausa di 5 minuti. Bevi un po' d'acqua e muoviti un po'."]
                : ["You've studied a lot: take a 5-minute break. Drink some water and move around."]
        case .idle:
            return it ? ["Sei ancora qui? Se vuoi, chiedimi qualcosa o fai una pausa.", "Ti sei bloccato? Prova a leggere ad alta voce."]
                : ["Still there? Ask me something, or take a break.", "Stuck? Try reading it out loud."]
        case .streak:
            return it ? ["Un altro giorno di studio: la tua serie continua!"] : ["Another day of study: your streak goes on!"]
        }
    }
}
