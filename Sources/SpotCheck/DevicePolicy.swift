import Foundation

/// A parent's rules for one phone, and what they tell the Shortcut at a given moment.
public struct DevicePolicy: Equatable, Sendable {
    /// The Shortcut switches Personal Hotspot off.
    public var hotspotOff: Bool
    /// The Shortcut sets a new random hotspot password, so a friend who knew the old one is out.
    public var rotatePassword: Bool
    /// When set, the rules apply only inside this window; otherwise all day.
    public var quietHours: QuietHours?
    /// How long without a check-in before the dashboard warns of tampering.
    public var gap: TimeInterval

    /// The seed's default gap: two hours (`gap_ms = 7200000`).
    public static let defaultGap: TimeInterval = 2 * 3600
    /// Shorter than the Shortcut's automations run and every night would warn; longer and a warning comes too late to matter.
    public static let gapRange: ClosedRange<TimeInterval> = 15 * 60 ... 7 * 24 * 3600

    public init(hotspotOff: Bool = true, rotatePassword: Bool = true, quietHours: QuietHours? = nil,
                gap: TimeInterval = DevicePolicy.defaultGap) throws(SpotCheckError) {
        guard Self.gapRange.contains(gap) else {
            throw .invalidField(field: "gapMs", reason: "The check-in gap must be between 15 minutes and 7 days.")
        }
        self.hotspotOff = hotspotOff
        self.rotatePassword = rotatePassword
        self.quietHours = quietHours
        self.gap = gap
    }

    /// What the Shortcut should do now: enforce when some rule is on and, if quiet time is set, we are inside it.
    public func isEnforced(at date: Date) -> Bool {
        hotspotOff && (quietHours?.contains(date) ?? true)
    }
}
