import Foundation
import SpotCheck
import Testing

@Suite struct PolicyAndStatusTests {
    @Test func hotspotOffWithoutQuietTimeIsEnforcedAllDay() throws {
        let policy = try DevicePolicy()
        #expect(policy.gap == 7200)
        #expect(policy.isEnforced(at: utc(2026, 1, 1, 12)))
        #expect(policy.isEnforced(at: utc(2026, 1, 1, 3)))
    }

    @Test func quietTimeLimitsEnforcementToItsWindow() throws {
        let policy = try DevicePolicy(quietHours: try QuietHours(start: "22:00", end: "07:00", timeZone: "UTC"))
        #expect(policy.isEnforced(at: utc(2026, 1, 1, 23)))
        #expect(!policy.isEnforced(at: utc(2026, 1, 1, 12)))
    }

    @Test func withHotspotAllowedNothingIsEnforced() throws {
        let policy = try DevicePolicy(hotspotOff: false, quietHours: try QuietHours(start: "22:00", end: "07:00", timeZone: "UTC"))
        #expect(!policy.isEnforced(at: utc(2026, 1, 1, 23)))
        #expect(!policy.isEnforced(at: utc(2026, 1, 1, 12)))
    }

    @Test("the gap is 15 minutes to 7 days", arguments: [(899.0, false), (900.0, true), (7200.0, true), (604_800.0, true), (604_801.0, false), (-1.0, false)])
    func gapBounds(_ gap: TimeInterval, _ valid: Bool) {
        #expect(((try? DevicePolicy(gap: gap)) != nil) == valid)
    }

    @Test func statusMovesFromSetupToOkToStale() {
        let seen = utc(2026, 2, 1, 10)
        #expect(DeviceStatus.of(lastCheckIn: nil, gap: 7200, now: seen) == .setup)
        #expect(DeviceStatus.of(lastCheckIn: seen, gap: 7200, now: seen) == .ok)
        #expect(DeviceStatus.of(lastCheckIn: seen, gap: 7200, now: seen.addingTimeInterval(7200)) == .ok)
        #expect(DeviceStatus.of(lastCheckIn: seen, gap: 7200, now: seen.addingTimeInterval(7200.001)) == .stale)
        // A new check-in brings it back.
        let later = seen.addingTimeInterval(4 * 3600)
        #expect(DeviceStatus.of(lastCheckIn: later, gap: 7200, now: later.addingTimeInterval(60)) == .ok)
    }

    @Test func theTamperWarningStartsAtTheLastCheckInPlusTheGap() {
        let seen = utc(2026, 2, 1, 10)
        #expect(DeviceStatus.tamperSince(lastCheckIn: seen, gap: 3600, now: seen.addingTimeInterval(3599)) == nil)
        #expect(DeviceStatus.tamperSince(lastCheckIn: seen, gap: 3600, now: seen.addingTimeInterval(5000)) == seen.addingTimeInterval(3600))
        #expect(DeviceStatus.tamperSince(lastCheckIn: nil, gap: 3600, now: seen) == nil)
    }
}
