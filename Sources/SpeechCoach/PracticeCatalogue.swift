/// SpeakUp's practice between talks, in our own words: timed warm-ups in four categories (breathing,
/// tongue twisters, voice, articulation), each a list of steps the page times and animates, and
/// step-by-step calm exercises for nerves. The server keeps which were done (`PracticeKind`).
public struct WarmUp: Codable, Equatable, Sendable, Identifiable {
    public enum Category: String, Codable, Sendable, CaseIterable { case breathing, tongueTwister, vocal, articulation }
    /// What the breathing circle does during a step.
    public enum Motion: String, Codable, Sendable { case expand, hold, contract, still }
    /// The sound that starts a step (the page plays it with Web Audio unless sound is off).
    public enum Cue: String, Codable, Sendable { case inhale, hold, exhale, go, rest }

    public struct Step: Codable, Equatable, Sendable {
        public let label: String
        public let detail: String
        public let seconds: Int
        public let motion: Motion
        public let cue: Cue
    }

    public let id: String
    public let title: String
    public let emoji: String
    public let category: Category
    public let summary: String
    public let steps: [Step]
    /// Breathing: how many times its pattern repeats in `steps` (the page lets the speaker choose 1–10).
    public var rounds: Int? = nil

    public var seconds: Int { steps.reduce(0) { $0 + $1.seconds } }
}

/// A confidence exercise: steps read (or heard) one after another, no timer.
public struct CalmExercise: Codable, Equatable, Sendable, Identifiable {
    public enum Category: String, Codable, Sendable, CaseIterable { case calming, visualization, progressive, affirmation }

    public let id: String
    public let title: String
    public let emoji: String
    public let category: Category
    public let minutes: Int
    public let steps: [String]
}

/// What a practice record is of.
public enum PracticeKind: String, Codable, Sendable, CaseIterable {
    case warmUp, calm
    /// Judged by the server on the recording (`Drills`, `ReadAloud`), never reported by the page.
    case drill, readAloud
}

public enum PracticeCatalogue {
    public static func warmUp(id: String) -> WarmUp? { warmUps.first { $0.id == id } }
    public static func calm(id: String) -> CalmExercise? { calm.first { $0.id == id } }

    /// Whether `id` names an exercise of `kind`.
    public static func contains(_ kind: PracticeKind, id: String) -> Bool {
        switch kind {
        case .warmUp: warmUp(id: id) != nil
        case .calm: calm(id: id) != nil
        case .drill: Drill.Kind(rawValue: id) != nil
        case .readAloud: ReadAloud.passage(id: id) != nil
        }
    }

    private static func breathe(_ rounds: Int, _ pattern: [(WarmUp.Cue, Int)]) -> [WarmUp.Step] {
        (1...rounds).flatMap { round in
            pattern.map { cue, seconds in
                let (label, motion): (String, WarmUp.Motion) = switch cue {
                case .inhale: ("Breathe in", .expand)
                case .exhale: ("Breathe out", .contract)
                default: ("Hold", .hold)
                }
                return WarmUp.Step(label: label, detail: "Round \(round) of \(rounds): \(label.lowercased()) for \(seconds).",
                                   seconds: seconds, motion: motion, cue: cue)
            }
        }
    }

    private static func step(_ label: String, _ detail: String, _ seconds: Int, _ cue: WarmUp.Cue = .go) -> WarmUp.Step {
        WarmUp.Step(label: label, detail: detail, seconds: seconds, motion: .still, cue: cue)
    }

    private static func twister(_ line: String) -> [WarmUp.Step] {
        [step("Slowly", "Say it slowly, every sound clear: “\(line)”", 8),
         step("Rest", "Breathe.", 3, .rest),
         step("Faster", "Again, a little faster: “\(line)”", 7),
         step("Rest", "Breathe.", 3, .rest),
         step("Fastest", "As fast as you can while staying clear: “\(line)”", 9)]
    }

    public static let warmUps: [WarmUp] = [
        WarmUp(id: "box-breathing", title: "Box Breathing", emoji: "🟦", category: .breathing,
               summary: "Four even sides: in, hold, out, hold, four seconds each. Calms the body before you speak.",
               steps: breathe(3, [(.inhale, 4), (.hold, 4), (.exhale, 4), (.hold, 4)]), rounds: 3),
        WarmUp(id: "four-seven-eight", title: "4-7-8 Breathing", emoji: "🌙", category: .breathing,
               summary: "In for 4, hold for 7, out slowly for 8. The long breath out slows a racing heart.",
               steps: breathe(3, [(.inhale, 4), (.hold, 7), (.exhale, 8)]), rounds: 3),
        WarmUp(id: "belly-breathing", title: "Belly Breathing", emoji: "🎈", category: .breathing,
               summary: "A hand on your belly: fill it like a balloon, then let it go. Deep breath means a steady voice.",
               steps: breathe(3, [(.inhale, 5), (.exhale, 5)]), rounds: 3),
        WarmUp(id: "sea-shells", title: "Sea Shells", emoji: "🐚", category: .tongueTwister,
               summary: "A tongue twister at three speeds, with a rest between.", steps: twister("She sells sea shells by the sea shore.")),
        WarmUp(id: "peter-piper", title: "Peter Piper", emoji: "🫑", category: .tongueTwister,
               summary: "P after P after P: lips awake and crisp.", steps: twister("Peter Piper picked a peck of pickled peppers.")),
        WarmUp(id: "humming-ladder", title: "Humming Ladder", emoji: "🎶", category: .vocal,
               summary: "Hum low, middle and high, lips together, feeling the buzz.",
               steps: [step("Low hum", "Hum as low as is comfortable. Feel it in your chest.", 10),
                       step("Middle hum", "Hum in your talking voice. Feel it in your face.", 10),
                       step("High hum", "Hum higher, gently, no squeezing.", 10)]),
        WarmUp(id: "lip-trills", title: "Lip Trills", emoji: "🐴", category: .vocal,
               summary: "Blow through loose lips like a horse: it relaxes the lips and the breath.",
               steps: (1...3).flatMap { round in
                   [step("Trill", "Round \(round) of 3: brrrr through loose lips, as long as the breath lasts.", 8),
                    step("Rest", "Breathe in.", 2, .rest)]
               }),
        WarmUp(id: "siren", title: "Siren", emoji: "🚨", category: .vocal,
               summary: "Slide on an “ooo” from low to high and back, like a siren, smooth and soft.",
               steps: (1...2).flatMap { round in
                   [step("Slide up", "Round \(round) of 2: ooo from your lowest note to your highest.", 8),
                    step("Slide down", "And back down, smoothly.", 8)]
               }),
        WarmUp(id: "vowel-stretches", title: "Vowel Stretches", emoji: "👄", category: .articulation,
               summary: "Stretch each vowel with a big mouth shape.",
               steps: [("A", "Ahhh: mouth wide open."), ("E", "Eeee: a big smile."), ("I", "Eye: open, then smile."),
                       ("O", "Ohhh: round lips."), ("U", "Oooo: lips forward.")].map { step($0.0, $0.1, 5) }),
        WarmUp(id: "consonant-drills", title: "Consonant Drills", emoji: "🥁", category: .articulation,
               summary: "Quick sound patterns that wake up lips, tongue and the back of the mouth.",
               steps: [step("Pa-ta-ka", "Pa-ta-ka, pa-ta-ka… crisp and even.", 10),
                       step("Ba-da-ga", "Ba-da-ga, ba-da-ga… the same with your voice on.", 10),
                       step("Ma-na-nga", "Ma-na-nga, ma-na-nga… feel the hum in your nose.", 10)]),
        WarmUp(id: "jaw-loosener", title: "Jaw Loosener", emoji: "🦁", category: .articulation,
               summary: "A loose jaw makes clear words.",
               steps: [step("Lion yawn", "Open your mouth wide like a yawning lion.", 5),
                       step("Side to side", "Move your jaw gently left and right.", 10),
                       step("Cheek rub", "Rub your cheeks in small circles, just in front of your ears.", 10)]),
    ]

    public static let calm: [CalmExercise] = [
        CalmExercise(id: "grounding-54321", title: "5-4-3-2-1 Grounding", emoji: "🌳", category: .calming, minutes: 3, steps: [
            "Look around and name five things you can see.",
            "Notice four things you can feel: your feet on the floor, your clothes, the air.",
            "Listen for three things you can hear.",
            "Find two things you can smell, or remember two smells you like.",
            "Name one thing you can taste, or one thing you are thankful for today.",
        ]),
        CalmExercise(id: "muscle-relax", title: "Squeeze and Let Go", emoji: "💪", category: .calming, minutes: 4, steps: [
            "Sit comfortably. Breathe in slowly, and out slowly.",
            "Curl your toes tight for five seconds… then let them go.",
            "Squeeze your legs and bottom… then let them go.",
            "Make tight fists and pull your arms in… then let them go.",
            "Lift your shoulders up to your ears… then drop them.",
            "Scrunch up your face… then let it go soft. Notice how loose you feel.",
        ]),
        CalmExercise(id: "picture-success", title: "Picture It Going Well", emoji: "🎬", category: .visualization, minutes: 3, steps: [
            "Close your eyes and breathe slowly.",
            "Picture the place where you will speak: the room, the light, the people.",
            "See yourself walk up calmly and stand tall.",
            "Hear your first sentence come out clear and steady.",
            "See the listeners nod and smile as you go on.",
            "Picture the end: you finish, you smile, and you feel proud. Open your eyes.",
        ]),
        CalmExercise(id: "safe-place", title: "My Calm Place", emoji: "🏝️", category: .visualization, minutes: 3, steps: [
            "Close your eyes and think of a place where you feel safe and happy.",
            "What can you see there? Notice the colours.",
            "What can you hear there?",
            "How does it feel: warm sun, soft grass, a cosy blanket?",
            "Take one more slow breath there. You can come back whenever you like.",
        ]),
        CalmExercise(id: "small-steps", title: "One Step at a Time", emoji: "🪜", category: .progressive, minutes: 5, steps: [
            "Say one sentence about your topic out loud, alone.",
            "Say it again to a pet, a toy or a mirror.",
            "Tell it to one person you trust.",
            "Tell a small group, or record a take here. Each step makes the next one easier.",
        ]),
        CalmExercise(id: "power-words", title: "Power Words", emoji: "🦸", category: .affirmation, minutes: 3, steps: [
            "I am ready.",
            "My ideas are worth sharing.",
            "I can speak slowly and clearly.",
            "It is fine to pause and breathe.",
            "Mistakes are how I learn.",
            "People want me to do well.",
            "I have practised, and it shows.",
            "My voice matters.",
            "I can do hard things.",
            "I am proud of trying.",
        ]),
    ]
}
