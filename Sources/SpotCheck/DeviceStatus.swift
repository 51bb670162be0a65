import Foundation

/// A phone's health as the parent's dashboard shows it.
public enum DeviceStatus: String, Codable, Sendable, CaseIterable {
    /// Checked in within the gap.
    case ok
    /// No check-in within the gap: the Shortcut may be off, deleted or blocked (the tamper warning).
    case stale
    /// Never checked in: not paired yet, or the Shortcut has not run once.
    case setup

    /// The status from the last check-in; a check-in exactly `gap` ago still counts.
    public static func of(lastCheckIn: Date?, gap: TimeInterval, now: Date) -> DeviceStatus {
        guard let lastCheckIn else { return .setup }
        return now.timeIntervalSince(lastCheckIn) > gap ? .stale : .ok
    }

    /// When the tamper warning started (the last check-in plus the gap), if it has.
    public static func tamperSince(lastCheckIn: Date?, gap: TimeInterval, now: Date) -> Date? {
        guard of(lastCheckIn: lastCheckIn, gap: gap, now: now) == .stale, let lastCheckIn else { return nil }
        return lastCheckIn.addingTimeInterval(gap)
    }
}
