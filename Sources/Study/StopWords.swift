/// Function words of Italian and English (written for this module, no list copied), for telling a
/// material's key terms from the words every text has.
enum StopWords {
    static let all: [StudyLanguage: Set<String>] = [.it: italian, .en: english]

    /// Words a sentence opens with that never begin a term being defined ("Oggi è…", "It is…").
    static let openers: [StudyLanguage: Set<String>] = [
        .it: ["questo", "questa", "questi", "queste", "quello", "quella", "quelli", "quelle", "ciò", "esso", "essa", "essi", "esse", "egli",
              "ella", "lui", "lei", "loro", "io", "tu", "noi", "voi", "oggi", "ieri", "domani", "qui", "qua", "lì", "là", "ora", "adesso",
              "poi", "allora", "quindi", "dunque", "così", "anche", "ma", "però", "e", "o", "se", "non", "ci", "c'", "c’", "vi", "ne", "si",
              "quando", "dove", "come", "perché", "chi", "che", "cosa", "tutto", "tutti", "molto", "molti", "sempre", "mai", "già", "ancora",
              "infatti", "inoltre", "invece", "tuttavia", "spesso", "qualcuno", "nessuno", "ognuno", "uno"],
        .en: ["it", "this", "that", "these", "those", "there", "here", "he", "she", "they", "we", "i", "you", "today", "yesterday",
              "tomorrow", "now", "then", "so", "and", "but", "or", "if", "not", "when", "where", "how", "why", "who", "what", "which",
              "all", "everything", "everyone", "someone", "nobody", "one", "also", "still", "always", "never", "often", "however",
              "therefore", "thus", "also", "later", "soon", "each", "every", "many", "much", "some", "such"],
    ]

    static let italian: Set<String> = [
        "il", "lo", "la", "i", "gli", "le", "l", "un", "uno", "una", "di", "a", "da", "in", "con", "su", "per", "tra", "fra", "del",
        "dello", "della", "dei", "degli", "delle", "al", "allo", "alla", "ai", "agli", "alle", "dal", "dallo", "dalla", "dai", "dagli",
        "dalle", "nel", "nello", "nella", "nei", "negli", "nelle", "sul", "sullo", "sulla", "sui", "sugli", "sulle", "col", "coi", "e",
        "ed", "o", "od", "ma", "però", "anche", "se", "che", "chi", "cui", "non", "più", "meno", "molto", "molta", "molti", "molte",
        "poco", "pochi", "tanto", "tanti", "tutto", "tutta", "tutti", "tutte", "ogni", "ciascuno", "altro", "altra", "altri", "altre",
        "stesso", "stessa", "stessi", "stesse", "questo", "questa", "questi", "queste", "quello", "quella", "quelli", "quelle", "quel",
        "quei", "quegli", "suo", "sua", "suoi", "sue", "loro", "mio", "mia", "miei", "mie", "tuo", "tua", "nostro", "nostra", "vostro",
        "è", "e'", "sono", "era", "erano", "fu", "furono", "essere", "stato", "stata", "stati", "state", "ha", "hanno", "aveva",
        "avevano", "ebbe", "ebbero", "avere", "avuto", "fa", "fanno", "fare", "fatto", "fece", "può", "possono", "poteva", "deve",
        "devono", "viene", "vengono", "venne", "vennero", "si", "ci", "vi", "ne", "lo", "come", "dove", "quando", "perché", "poi",
        "già", "ancora", "sempre", "mai", "così", "quindi", "dunque", "infatti", "inoltre", "invece", "mentre", "anche", "oppure",
        "circa", "dopo", "prima", "durante", "verso", "senza", "sotto", "sopra", "dentro", "fuori", "presso", "contro", "attraverso",
        "secondo", "quale", "quali", "qualche", "alcuni", "alcune", "nessun", "nessuna", "tale", "tali", "essa", "esso", "essi", "esse",
        "egli", "lui", "lei", "noi", "voi", "io", "tu", "me", "te", "sé", "grande", "grandi", "piccolo", "primo", "prima", "secondo",
        "parte", "parti", "modo", "tempo", "volta", "volte", "anni", "anno", "giorno", "giorni", "cosa", "cose", "esempio", "tipo",
        "attraverso", "sempre", "ossia", "cioè", "ovvero", "oltre", "tuttavia", "spesso", "quasi", "soltanto", "solo", "sola", "soli",
        "molto", "troppo", "bene", "male", "stesso", "proprio", "propria", "propri", "proprie", "chiamato", "chiamata", "detto", "detta",
    ]

    static let english: Set<String> = [
        "the", "a", "an", "of", "to", "in", "on", "at", "by", "for", "with", "from", "into", "onto", "over", "under", "about", "after",
        "before", "between", "through", "during", "without", "within", "against", "among", "around", "and", "or", "but", "nor", "so",
        "yet", "if", "then", "than", "that", "this", "these", "those", "which", "who", "whom", "whose", "what", "when", "where", "why",
        "how", "is", "are", "was", "were", "be", "been", "being", "am", "has", "have", "had", "having", "do", "does", "did", "can",
        "could", "will", "would", "shall", "should", "may", "might", "must", "it", "its", "he", "him", "his", "she", "her", "hers",
        "they", "them", "their", "theirs", "we", "us", "our", "you", "your", "i", "me", "my", "not", "no", "yes", "all", "any", "each",
        "every", "some", "many", "much", "more", "most", "less", "least", "few", "other", "others", "another", "such", "same", "own",
        "only", "also", "very", "too", "just", "still", "even", "ever", "never", "always", "often", "sometimes", "usually", "there",
        "here", "now", "because", "while", "although", "though", "however", "therefore", "thus", "called", "known", "made", "make",
        "makes", "used", "uses", "use", "using", "called", "first", "second", "one", "two", "three", "part", "parts", "way", "ways",
        "time", "times", "year", "years", "thing", "things", "example", "kind", "kinds", "type", "types", "another", "become",
        "becomes", "became", "around", "across", "because", "before", "something", "someone", "everything", "everyone", "nothing",
        "people", "different", "important", "several", "usually", "mostly", "almost", "whole", "great", "large", "small", "called",
    ]
}
