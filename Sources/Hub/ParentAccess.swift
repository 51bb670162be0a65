import Foundation

/// When a signed-in family device may show the parent area.
public enum ParentAccess {
    /// The parent password is asked again after this long without parent activity.
    public static let idleTimeout: TimeInterval = 15 * 60
    /// After the gate is passed, the password (or a purchase) must follow within this time.
    public static let gatePassLifetime: TimeInterval = 5 * 60

    /// Whether the parent area is open, given the last parent activity on this device.
    public static func isUnlocked(lastActivity: Date?, now: Date) -> Bool {
        guard let lastActivity else { return false }
        let idle = now.timeIntervalSince(lastActivity)
        return idle >= 0 && idle < idleTimeout
    }

    /// Whether a gate pass still counts.
    public static func isGatePassValid(passedAt: Date?, now: Date) -> Bool {
        guard let passedAt else { return false }
        let age = now.timeIntervalSince(passedAt)
        return age >= 0 && age < gatePassLifetime
    }
}
