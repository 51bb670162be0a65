/// The seed's 12-tier word bank and how a grade and level pick a difficulty from it.
public enum WordBank {
    /// Difficulty 1 (first-grade words) to 12, as the original ships them.
    public static let tiers: [Int: [String]] = [
        1: ["cat", "dog", "sun", "run", "big", "red", "hat", "sit", "cup", "bed",
            "mom", "dad", "pet", "fun", "hot", "top", "box", "fox", "yes", "bus"],
        2: ["ball", "tree", "book", "fish", "bird", "cake", "play", "jump", "swim", "blue",
            "green", "happy", "water", "apple", "house", "mouse", "sleep", "dream", "smile", "light"],
        3: ["friend", "school", "write", "plant", "cloud", "train", "beach", "clean", "bring", "thing",
            "laugh", "watch", "catch", "match", "patch", "lunch", "bench", "branch", "crunch", "french"],
        4: ["beautiful", "different", "important", "together", "remember", "between", "another", "through", "thought", "brought",
            "daughter", "neighbor", "weight", "height", "straight", "caught", "taught", "bought", "fought", "sought"],
        5: ["character", "paragraph", "adventure", "attention", "celebrate", "community", "continue", "describe", "discover", "education",
            "especially", "experience", "favorite", "government", "important", "interested", "knowledge", "literature", "necessary", "particular"],
        6: ["accomplish", "throughout", "appreciate", "atmosphere", "boundaries", "challenge", "commercial", "competition", "concentrate", "conscience",
            "consequence", "consistent", "demonstrate", "development", "environment", "essentially", "exaggerate", "explanation", "extraordinary", "fascinating"],
        7: ["accommodate", "achievement", "acknowledge", "acquaintance", "advertisement", "anniversary", "anticipation", "appreciation", "approximately", "archaeological",
            "argumentative", "autobiography", "bibliography", "characteristic", "chronological", "circumstances", "classification", "collaboration", "commemorate", "communication"],
        8: ["abbreviation", "acceleration", "accessibility", "accomplishment", "accountability", "acknowledgement", "administration", "alphabetically", "announcements", "archaeological",
            "assassination", "authentication", "autobiography", "biodegradable", "characteristics", "circumference", "classification", "commercialize", "communication", "comprehensive"],
        9: ["accommodation", "accomplishment", "acknowledgment", "administration", "alphabetically", "announcements", "approximately", "archaeological", "authentication", "autobiography",
            "biodegradable", "characteristics", "chronological", "circumference", "classification", "collaboration", "commercialize", "communication", "comprehensive", "confederation"],
        10: ["conscientious", "correspondence", "discrimination", "electromagnetic", "entrepreneurial", "environmental", "fundamentalism", "hallucination", "hospitalization", "hypothetically",
             "identification", "implementation", "impressionable", "incomprehensible", "individualism", "industrialization", "infrastructure", "institutionalize", "instrumentation", "intellectualism"],
        11: ["acknowledgeable", "characterization", "circumstantial", "commercialization", "compartmentalize", "comprehensibility", "conceptualization", "confidentiality", "congratulations", "conscientiously",
             "constitutionality", "contemporaneous", "conventionalize", "correspondence", "counterproductive", "crystallization", "decentralization", "demilitarization", "democratization", "departmentalize"],
        12: ["autobiographical", "characteristically", "compartmentalization", "comprehensively", "conceptualization", "confidentiality", "congratulatory", "conscientiously", "constitutionally", "contemporaneously",
             "conventionally", "correspondingly", "counterproductively", "crystallographic", "decentralization", "demilitarization", "democratization", "departmentalization", "deterministically", "developmentally"],
    ]

    public static let difficulties = 1...12

    /// The seed's rule: min(grade + (level − 1) / 10, 12).
    public static func difficulty(grade: Int, level: Int) -> Int {
        min(grade + (level - 1) / 10, difficulties.upperBound)
    }

    /// Words of difficulty ±1 around the level's difficulty, each once, in tier order.
    public static func candidates(grade: Int, level: Int) -> [String] {
        let difficulty = difficulty(grade: grade, level: level)
        var seen = Set<String>()
        return (max(difficulties.lowerBound, difficulty - 1)...min(difficulty + 1, difficulties.upperBound))
            .flatMap { tiers[$0] ?? [] }
            .filter { seen.insert($0).inserted }
    }
}
