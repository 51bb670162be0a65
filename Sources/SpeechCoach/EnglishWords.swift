/// Small English word lists written for this module (no third-party list copied). Spellings follow the
/// recogniser's output: lowercase, apostrophes kept ("don't", "it's").
enum EnglishWords {
    /// Function words and very general verbs: left out of content words (relevance, coherence, substance).
    static let stopwords: Set<String> = [
        "a", "an", "the", "and", "or", "but", "nor", "so", "yet", "if", "then", "than", "that", "this", "these", "those",
        "there", "here", "what", "which", "who", "whom", "whose", "when", "where", "why", "how", "i", "me", "my", "mine",
        "myself", "you", "your", "yours", "yourself", "he", "him", "his", "himself", "she", "her", "hers", "herself", "it",
        "its", "itself", "we", "us", "our", "ours", "ourselves", "they", "them", "their", "theirs", "themselves", "am", "is",
        "are", "was", "were", "be", "been", "being", "have", "has", "had", "having", "do", "does", "did", "doing", "done",
        "will", "would", "shall", "should", "can", "could", "may", "might", "must", "of", "to", "in", "on", "at", "by",
        "for", "with", "about", "against", "between", "into", "through", "during", "before", "after", "above", "below",
        "from", "up", "down", "out", "off", "over", "under", "again", "further", "once", "all", "any", "both", "each",
        "few", "more", "most", "other", "some", "such", "no", "not", "only", "own", "same", "too", "very", "just", "also",
        "now", "as", "until", "while", "because", "though", "although", "get", "got", "gets", "getting", "go", "goes",
        "going", "went", "gone", "make", "made", "makes", "say", "said", "says", "thing", "things", "stuff", "really",
        "actually", "basically", "like", "well", "yeah", "yes", "okay", "ok", "oh", "um", "uh", "lot", "lots", "kind",
        "sort", "way", "much", "many", "even", "still", "back", "let", "let's", "i'm", "i've", "i'll", "i'd", "you're",
        "you've", "you'll", "you'd", "he's", "she's", "it's", "we're", "we've", "we'll", "they're", "they've", "they'll",
        "that's", "there's", "what's", "don't", "doesn't", "didn't", "isn't", "aren't", "wasn't", "weren't", "can't",
        "couldn't", "won't", "wouldn't", "shouldn't", "haven't", "hasn't", "hadn't", "gonna", "wanna", "gotta", "maybe",
        "something", "anything", "everything", "nothing", "someone", "anyone", "everyone", "one", "ever", "never",
        "always", "often", "quite", "pretty", "right", "sure", "want", "wants", "wanted", "know", "knew", "known",
        "think", "thought", "mean", "means", "put", "take", "took", "come", "came", "see", "saw", "seen", "look",
        "looked", "use", "used", "whether", "either", "neither", "since", "per", "via", "onto", "upon", "within",
        "without", "toward", "towards", "among", "around", "across", "along", "behind", "beyond", "next", "another",
        "every", "enough", "else", "perhaps", "probably", "literally", "honestly", "seriously", "huh", "hmm", "er", "ah",
    ]

    /// About 300 of the most frequent English words (our own selection): a word outside it counts as less
    /// common for the vocabulary's rarity, standing in for the original's word embeddings.
    static let common: Set<String> = stopwords.union([
        "time", "year", "years", "people", "day", "days", "man", "men", "woman", "women", "child", "children", "world",
        "life", "hand", "part", "place", "case", "week", "company", "system", "program", "question", "work", "government",
        "number", "night", "point", "home", "water", "room", "mother", "father", "area", "money", "story", "fact", "month",
        "book", "eye", "eyes", "job", "word", "words", "business", "issue", "side", "head", "house", "service", "friend",
        "friends", "family", "power", "hour", "hours", "game", "line", "end", "member", "law", "car", "city", "name",
        "school", "idea", "body", "face", "others", "level", "office", "door", "health", "person", "art", "war", "history",
        "party", "result", "change", "morning", "reason", "research", "girl", "guy", "moment", "air", "teacher", "force",
        "food", "kids", "dog", "cat", "good", "new", "first", "last", "long", "great", "little", "old", "big", "high",
        "different", "small", "large", "young", "important", "few", "public", "bad", "able", "best", "better", "nice",
        "happy", "hard", "easy", "fun", "free", "real", "full", "whole", "true", "late", "early", "second", "third", "two",
        "three", "four", "five", "six", "ten", "hundred", "today", "tomorrow", "yesterday", "tell", "told", "ask", "asked",
        "work", "worked", "seem", "seems", "feel", "felt", "try", "tried", "leave", "left", "call", "called", "need",
        "needed", "become", "became", "keep", "kept", "begin", "began", "help", "helped", "talk", "talked", "turn", "start",
        "started", "show", "showed", "hear", "heard", "play", "played", "run", "ran", "move", "live", "lived", "believe",
        "bring", "brought", "happen", "happened", "write", "wrote", "sit", "stand", "lose", "lost", "pay", "paid", "meet",
        "include", "continue", "set", "learn", "learned", "lead", "understand", "watch", "follow", "stop", "create", "speak",
        "read", "spend", "spent", "grow", "open", "walk", "win", "offer", "remember", "love", "loved", "consider", "appear",
        "buy", "bought", "wait", "serve", "die", "send", "expect", "build", "stay", "fall", "cut", "reach", "kill",
        "remain", "find", "found", "give", "gave", "given", "like", "liked", "likes", "made", "thank", "thanks", "please",
        "hello", "hi", "bye", "yes", "music", "movie", "phone", "today's", "weekend", "summer", "winter", "minute",
        "minutes", "half", "mom", "dad", "brother", "sister", "baby", "boy", "team", "class", "country", "state",
    ])

    /// Words a clause cannot end on: articles, prepositions, conjunctions, "to", possessives, subject pronouns
    /// and contractions that need a continuation. A long pause right after one of these is a hesitation.
    static let cannotEndClause: Set<String> = [
        "a", "an", "the", "of", "to", "in", "on", "at", "for", "with", "from", "by", "into", "onto", "through", "between",
        "without", "among", "toward", "towards", "upon", "via", "per", "and", "but", "or", "nor", "because", "although",
        "though", "if", "unless", "whereas", "while", "than", "as", "my", "your", "his", "its", "our", "their", "whose",
        "i", "we", "they", "he", "she", "i'm", "it's", "that's", "there's", "you're", "we're", "they're", "i've", "i'd",
        "i'll", "we'll", "they'll", "you'll", "let's", "what's", "he's", "she's", "every", "each", "such", "very", "quite",
        "so", "am", "is", "are", "was", "were", "be", "been", "being",
    ]

    /// Forms of "be" and the copular verbs that make "like" or "kind of" a filler right after them.
    static let beForms: Set<String> = [
        "am", "is", "are", "was", "were", "be", "been", "being", "it's", "that's", "he's", "she's", "i'm", "you're", "we're",
        "they're", "there's",
    ]

    /// Determiners and possessives: before "kind of" / "sort of" they make a noun phrase ("a kind of car").
    static let determiners: Set<String> = [
        "a", "an", "the", "this", "that", "these", "those", "what", "which", "some", "any", "every", "each", "no", "one",
        "same", "another", "my", "your", "his", "her", "its", "our", "their", "whatever", "certain", "different", "other",
    ]

    /// Object pronouns: a determiner-like continuation after "like" ("is like him").
    static let objectPronouns: Set<String> = ["me", "him", "her", "us", "them", "it", "you", "this", "that"]

    /// True for a content word: at least 3 letters and not a stopword.
    static func isContent(_ word: String) -> Bool {
        word.count >= 3 && !stopwords.contains(word) && word.contains(where: \.isLetter) && !word.contains(where: \.isNumber)
    }
}
