/// A child's Spellflare progress: per grade, the levels completed and the level they are on.
/// (The name and grade live on the hub's child profile.)
public struct SpellingProgress: Codable, Equatable, Sendable {
    public static let grades = 1...7
    public static let levels = 1...50

    /// grade → completed levels.
    public private(set) var completed: [Int: Set<Int>]
    /// grade → the level to play next (the highest unlocked).
    public private(set) var current: [Int: Int]

    public init(completed: [Int: Set<Int>] = [:], current: [Int: Int] = [:]) {
        self.completed = completed.filter { !$0.value.isEmpty }
        self.current = current.filter { $0.value > 1 }
    }

    public func completedLevels(grade: Int) -> Set<Int> { completed[grade] ?? [] }

    public func currentLevel(grade: Int) -> Int { current[grade] ?? 1 }

    /// As the seed: a level is open up to the current one, and any completed level stays open.
    public func isUnlocked(_ level: Int, grade: Int) -> Bool {
        level <= currentLevel(grade: grade) || isCompleted(level, grade: grade)
    }

    public func isCompleted(_ level: Int, grade: Int) -> Bool { completedLevels(grade: grade).contains(level) }

    /// Records a passed level; the next one unlocks (up to 50).
    public mutating func complete(_ level: Int, grade: Int) throws(SpellingError) {
        try Self.validate(grade: grade, level: level)
        completed[grade, default: []].insert(level)
        if level >= currentLevel(grade: grade) && level < Self.levels.upperBound {
            current[grade] = level + 1
        }
    }

    /// Progress from two devices put together without losing anything: the union of completed
    /// levels and the furthest current level, per grade. Commutative, associative and idempotent,
    /// so results sent late from an offline tablet merge in any order (the seed's last writer wins
    /// could drop a level).
    public func merged(with other: SpellingProgress) -> SpellingProgress {
        SpellingProgress(completed: completed.merging(other.completed) { $0.union($1) },
                         current: current.merging(other.current) { max($0, $1) })
    }

    /// Starts a grade over (settings' reset, behind the parent gate).
    public mutating func reset(grade: Int) {
        completed[grade] = nil
        current[grade] = nil
    }

    public static func validate(grade: Int, level: Int) throws(SpellingError) {
        guard grades.contains(grade) else { throw .invalidGrade(grade) }
        guard levels.contains(level) else { throw .invalidLevel(level) }
    }

    /// Checks values that came from outside (a device's upload).
    public func validated() throws(SpellingError) -> SpellingProgress {
        for (grade, levels) in completed {
            for level in levels { try Self.validate(grade: grade, level: level) }
        }
        for (grade, level) in current { try Self.validate(grade: grade, level: level) }
        return self
    }
}
