/// A child's Spellflare progress: per grade, the levels completed and the level they are on.
/// (The name and grade live on the hub's child profile.)
public struct SpellingProgress: Codable, Equatable, Sendable {
    public static let grades = 1...7
    public static let levels = 1...50

    /// grade → completed levels.
    public private(set) var completed: [Int: Set<Int>]
    /// grade → the level to play next (the highest unlocked).
    public private(set) var current: [Int: Int]
    /// grade → how many times a parent reset it. Progress from before a reset (an offline
    /// tablet's) must not bring the reset grade back, so merging compares epochs first.
    public private(set) var epochs: [Int: Int]

    public init(completed: [Int: Set<Int>] = [:], current: [Int: Int] = [:], epochs: [Int: Int] = [:]) {
        self.completed = completed.filter { !$0.value.isEmpty }
        self.current = current.filter { $0.value > 1 }
        self.epochs = epochs.filter { $0.value > 0 }
    }

    public func epoch(grade: Int) -> Int { epochs[grade] ?? 0 }

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

    /// Progress from two devices put together without losing anything: per grade, the union of
    /// completed levels and the furthest current level. Commutative, associative and idempotent,
    /// so results sent late from an offline tablet merge in any order (the seed's last writer wins
    /// could drop a level). The one exception is a parent's reset: a grade reset more recently on
    /// one side (a higher epoch) replaces that grade's older progress instead of merging with it.
    public func merged(with other: SpellingProgress) -> SpellingProgress {
        var result = SpellingProgress()
        for grade in Set(epochs.keys).union(other.epochs.keys).union(completed.keys).union(other.completed.keys)
            .union(current.keys).union(other.current.keys) {
            let mine = epoch(grade: grade), theirs = other.epoch(grade: grade)
            let sides = mine == theirs ? [self, other] : mine > theirs ? [self] : [other]
            result.epochs[grade] = max(mine, theirs) > 0 ? max(mine, theirs) : nil
            let levels = sides.reduce(into: Set<Int>()) { $0.formUnion($1.completedLevels(grade: grade)) }
            result.completed[grade] = levels.isEmpty ? nil : levels
            let level = sides.map { $0.currentLevel(grade: grade) }.max() ?? 1
            result.current[grade] = level > 1 ? level : nil
        }
        return result
    }

    /// Starts a grade over (settings' reset, behind the parent gate); the grade's epoch goes up.
    public mutating func reset(grade: Int) {
        completed[grade] = nil
        current[grade] = nil
        epochs[grade] = epoch(grade: grade) + 1
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
