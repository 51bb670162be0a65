import Foundation
import SpotCheck
import Testing

@Suite struct RequestSignatureTests {
    let secret = "device-secret-123"
    let body = Array(#"{"ts":1,"trigger":"manual"}"#.utf8)
    let sentAt: Int64 = 1_763_719_200_000
    var now: Date { Date(timeIntervalSince1970: Double(sentAt) / 1000) }

    @Test func matchesTheOriginalBackendsFormat() {
        // HMAC-SHA256(secret, "ts\nPOST\n/events\nbody") computed independently with Python's hmac module.
        let signature = RequestSignature.sign(secret: secret, timestamp: sentAt, method: "post", path: "/events", body: body)
        #expect(signature.hex == "fba3a7973b000bcbda3b91d9dcb31521f9fc689518767ad2235b19d545cdfa30")
        #expect(signature.failure(secret: secret, method: "POST", path: "/events", body: body, now: now) == nil)
    }

    @Test func anyChangedPartFailsTheCheck() {
        let signature = RequestSignature.sign(secret: secret, timestamp: sentAt, method: "POST", path: "/events", body: body)
        #expect(signature.failure(secret: "other", method: "POST", path: "/events", body: body, now: now) == .mismatch)
        #expect(signature.failure(secret: secret, method: "GET", path: "/events", body: body, now: now) == .mismatch)
        #expect(signature.failure(secret: secret, method: "POST", path: "/policy", body: body, now: now) == .mismatch)
        #expect(signature.failure(secret: secret, method: "POST", path: "/events", body: body + [32], now: now) == .mismatch)
        let shifted = RequestSignature(timestamp: sentAt + 1, hex: signature.hex)
        #expect(shifted.failure(secret: secret, method: "POST", path: "/events", body: body, now: now) == .mismatch)
    }

    @Test("five minutes of clock difference either way are allowed", arguments: [(300.0, true), (-300.0, true), (301.0, false), (-301.0, false), (86_400.0, false)])
    func skew(_ offset: TimeInterval, _ allowed: Bool) {
        let signature = RequestSignature.sign(secret: secret, timestamp: sentAt, method: "GET", path: "/policy", body: [])
        let result = signature.failure(secret: secret, method: "GET", path: "/policy", body: [], now: now.addingTimeInterval(offset))
        #expect(result == (allowed ? nil : .skewed))
    }

    @Test func headersThatAreNotASignatureAreRefused() {
        #expect(RequestSignature(timestampHeader: nil, signatureHeader: String(repeating: "a", count: 64)) == nil)
        #expect(RequestSignature(timestampHeader: "soon", signatureHeader: String(repeating: "a", count: 64)) == nil)
        #expect(RequestSignature(timestampHeader: "1", signatureHeader: "abc") == nil)
        #expect(RequestSignature(timestampHeader: "1", signatureHeader: String(repeating: "g", count: 64)) == nil)
        #expect(RequestSignature(timestampHeader: " 1 ", signatureHeader: String(repeating: "A", count: 64))?.hex == String(repeating: "a", count: 64))
    }
}

@Suite struct ShortcutReportTests {
    @Test func aTypicalRunIsKept() throws {
        let report = try ShortcutReport(ts: 1_763_719_200_000, trigger: "battery_50", shortcutVersion: "1.2",
                                        actionsAttempted: ["set_hotspot_off", "rotate_password"],
                                        result: .init(ok: false, errors: ["Could not set the password"])).validated()
        #expect(!report.succeeded)
        #expect(try ShortcutReport(ts: 0, trigger: "manual").validated().succeeded)
    }

    @Test("what no Shortcut sends is refused, naming the field", arguments: [
        (ShortcutReport(ts: -1, trigger: "manual"), "ts"),
        (ShortcutReport(ts: 40_000_000_000_000, trigger: "manual"), "ts"),
        (ShortcutReport(ts: 1, trigger: "  "), "trigger"),
        (ShortcutReport(ts: 1, trigger: String(repeating: "x", count: 101)), "trigger"),
        (ShortcutReport(ts: 1, trigger: "a\u{0}b"), "trigger"),
        (ShortcutReport(ts: 1, trigger: "manual", shortcutVersion: String(repeating: "1", count: 51)), "shortcutVersion"),
        (ShortcutReport(ts: 1, trigger: "manual", actionsAttempted: Array(repeating: "x", count: 21)), "actionsAttempted"),
        (ShortcutReport(ts: 1, trigger: "manual", actionsAttempted: [""]), "actionsAttempted"),
        (ShortcutReport(ts: 1, trigger: "manual", result: .init(ok: true, errors: [String(repeating: "e", count: 501)])), "result.errors"),
    ])
    func refused(_ report: ShortcutReport, _ field: String) {
        #expect {
            _ = try report.validated()
        } throws: { error in
            guard case SpotCheckError.invalidField(let named, _) = error else { return false }
            return named == field
        }
    }
}
