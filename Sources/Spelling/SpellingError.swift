/// Why a Spellflare request cannot be done.
public enum SpellingError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidGrade(Int)
    case invalidLevel(Int)
    case levelLocked(Int)
    case sessionOver
    case noWords
    case invalidWordList(String)

    public var description: String {
        switch self {
        case .invalidGrade(let grade): "Grade \(grade) does not exist: grades are 1 to 7."
        case .invalidLevel(let level): "Level \(level) does not exist: levels are 1 to 50."
        case .levelLocked(let level): "Level \(level) is still locked: finish the levels before it first."
        case .sessionOver: "This game is over: start the level again."
        case .noWords: "There are no words to practise for this level."
        case .invalidWordList(let why): why
        }
    }
}
