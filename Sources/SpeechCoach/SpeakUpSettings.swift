/// One speaker's SpeakUp settings: the coach's (pace target, filler lists, weights) and the
/// session's (countdown, default length, what happens when the timer ends).
public struct SpeakUpSettings: Codable, Equatable, Sendable {
    public enum TimerEnd: String, Codable, Sendable, CaseIterable {
        /// Save and stop when the time is up (the original's default).
        case stop
        /// Keep going into overtime until the speaker taps Stop.
        case keepGoing
    }

    /// The countdown lengths offered (seconds); a fresh profile gets 10 (the original's fresh value, not its "reset" 15).
    public static let countdowns = [5, 10, 15, 20, 30]
    /// The take lengths offered (seconds), up to the 10-minute limit.
    public static let durations = [30, 45, 60, 90, 120, 180, 300, 600]

    public var coach: CoachSettings
    public var countdown: Int
    public var defaultSeconds: Int
    public var timerEnd: TimerEnd

    public init(coach: CoachSettings = CoachSettings(), countdown: Int = 10, defaultSeconds: Int = 60, timerEnd: TimerEnd = .stop) {
        self.coach = coach
        self.countdown = countdown
        self.defaultSeconds = defaultSeconds
        self.timerEnd = timerEnd
    }

    public static let standard = SpeakUpSettings()

    /// Stored settings stay readable when fields are added: a missing key takes its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = SpeakUpSettings()
        coach = try container.decodeIfPresent(CoachSettings.self, forKey: .coach) ?? defaults.coach
        countdown = try container.decodeIfPresent(Int.self, forKey: .countdown) ?? defaults.countdown
        defaultSeconds = try container.decodeIfPresent(Int.self, forKey: .defaultSeconds) ?? defaults.defaultSeconds
        timerEnd = try container.decodeIfPresent(TimerEnd.self, forKey: .timerEnd) ?? defaults.timerEnd
    }

    /// The settings unchanged, or the first rule they break.
    public func validated() throws(CoachError) -> SpeakUpSettings {
        guard Self.countdowns.contains(countdown) else { throw .invalidSetting("countdown", "The countdown must be 5, 10, 15, 20 or 30 seconds.") }
        guard Self.durations.contains(defaultSeconds) else {
            throw .invalidSetting("defaultSeconds", "The default length must be one of 30, 45, 60, 90, 120, 180, 300 or 600 seconds.")
        }
        var copy = self
        copy.coach = try coach.validated()
        copy.coach.fillers = try coach.fillers.validated()
        return copy
    }
}
