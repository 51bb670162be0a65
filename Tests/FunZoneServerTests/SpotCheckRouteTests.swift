import Foundation
import HTTPTypes
import Hub
import Hummingbird
import HummingbirdTesting
import MailClient
import NIOCore
import SpotCheck
import Storage
import TestSupport
import Testing
@testable import FunZoneServer

private typealias ShortcutPolicy = SpotCheckDeviceController.PolicyResponse
private typealias DeviceList = SpotCheckParentController.DeviceList

/// A child's phone as the iOS Shortcut drives it: no cookies, its secret in a Bearer header, or a signature.
struct Phone {
    let client: any TestClientProtocol
    let deviceId: DeviceID
    let token: String
    let secret: String

    static func pair(_ app: TestApp, code: String, name: String? = nil) async throws -> Phone {
        var body: [String: String] = ["code": code]
        if let name { body["name"] = name }
        let response = try await app.client.execute(uri: "/pair", method: .post, headers: [.contentType: "application/json"],
                                                    body: ByteBuffer(bytes: try JSONEncoder().encode(body)))
        #expect(response.status == .ok, "\(String(buffer: response.body))")
        #expect(Set(try response.jsonObject().keys) == ["deviceId", "name", "deviceToken", "deviceSecret", "apiBaseURL"])
        let paired = try response.decoded(SpotCheckDeviceController.PairResponse.self)
        return Phone(client: app.client, deviceId: paired.deviceId, token: paired.deviceToken, secret: paired.deviceSecret)
    }

    /// A request with `Authorization: Bearer <secret>` and `X-Device-Token`, as the seed's Shortcut sends it.
    func send(_ method: HTTPRequest.Method, _ uri: String, body: String? = nil, secret: String? = nil, token: String? = nil,
              contentType: String = "application/json") async throws -> TestResponse {
        var headers: HTTPFields = [.authorization: "Bearer \(secret ?? self.secret)", HTTPField.Name("X-Device-Token")!: token ?? self.token]
        if body != nil { headers[.contentType] = contentType }
        return try await client.execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }

    /// A signed request (token, timestamp, HMAC), with no Bearer header.
    func signed(_ method: HTTPRequest.Method, _ path: String, body: String = "", at timestamp: Int64, signature: String? = nil) async throws -> TestResponse {
        let hex = signature ?? RequestSignature.sign(secret: secret, timestamp: timestamp, method: method.rawValue, path: path, body: Array(body.utf8)).hex
        var headers: HTTPFields = [HTTPField.Name("X-Device-Token")!: token, HTTPField.Name("X-TS")!: String(timestamp),
                                   HTTPField.Name("X-Signature")!: hex]
        if !body.isEmpty { headers[.contentType] = "application/json" }
        return try await client.execute(uri: path, method: method, headers: headers, body: body.isEmpty ? nil : ByteBuffer(string: body))
    }

    /// The answer decoded as the route's own response type.
    func decoded<T: Decodable>(_ type: T.Type, _ method: HTTPRequest.Method, _ uri: String, body: String? = nil,
                               expect status: HTTPResponse.Status = .ok, sourceLocation: SourceLocation = #_sourceLocation) async throws -> T {
        let response = try await send(method, uri, body: body)
        #expect(response.status == status, "\(method) \(uri): \(String(buffer: response.body))", sourceLocation: sourceLocation)
        return try response.decoded(T.self)
    }
}

/// SpotCheck over HTTP on SQLite and PostgreSQL: the Shortcut's exact requests, the parent's screens' calls, and bad input.
@Suite struct SpotCheckRouteTests {
    static let devices = "/api/parent/spotcheck/devices"
    static let shortcutRun = #"{"ts":1800000000000,"trigger":"battery_50","shortcutVersion":"1.2","actionsAttempted":["set_hotspot_off","rotate_password"],"result":{"ok":true,"errors":[]}}"#

    /// A parent's device with the parent area open, a phone enrolled and its first code.
    static func enroll(_ app: TestApp, name: String = "Mia's iPhone") async throws -> (Browser, DeviceID, String) {
        let parent = try await app.setUpFamily()
        let created = try await parent.decoded(SpotCheckParentController.CreateResponse.self, .post, devices, ["name": name], expect: .created)
        return (parent, created.device.id, created.pairing.code)
    }

    /// Opens the parent area again after the test clock moved past its 15 idle minutes.
    static func reopen(_ app: TestApp, _ parent: Browser) async throws {
        try await app.passGate(parent)
        _ = try await parent.json(.post, "/api/parent/unlock", ["password": TestApp.password], expect: .noContent)
    }

    static func device(_ parent: Browser, _ id: DeviceID) async throws -> DeviceView {
        try await listed(parent, id).view
    }

    /// The phone on the dashboard, typed and as it is on the wire (where "not yet" is an explicit null).
    static func listed(_ parent: Browser, _ id: DeviceID) async throws -> (view: DeviceView, json: [String: Any]) {
        let response = try await parent.request(.get, devices)
        #expect(response.status == .ok, "\(String(buffer: response.body))")
        let view = try #require(try response.decoded(DeviceList.self).devices.first { $0.id == id })
        let json = try #require((try response.jsonObject()["devices"] as? [[String: Any]])?.first { $0["id"] as? String == id.rawValue })
        return (view, json)
    }

    static func events(_ parent: Browser, _ id: DeviceID, query: String = "") async throws -> SpotCheckParentController.EventsPage {
        try await parent.decoded(SpotCheckParentController.EventsPage.self, .get, "\(devices)/\(id)/events\(query)")
    }

    @Test(arguments: TestDatabase.all)
    func aPhoneIsEnrolledPairedAndChecksInExactlyAsTheShortcutDoes(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let (parent, id, code) = try await Self.enroll(app)
            #expect(code.count == 8 && PairingCode(typed: code) != nil)
            var listed = try await Self.device(parent, id)
            #expect(listed.status == .setup && listed.paired == false)
            #expect(listed.policy.hotspotOff == true && listed.policy.gapMs == 7_200_000 && listed.policy.enforce == true)

            // The child's phone types the code the way people do.
            let typed = code.prefix(4).lowercased() + " " + code.suffix(4).lowercased()
            let phone = try await Phone.pair(app, code: typed, name: "Mia's phone")
            #expect(phone.deviceId == id)
            app.clock.advance(by: 1)
            listed = try await Self.device(parent, id)
            #expect(listed.paired == true && listed.status == .setup && listed.name == "Mia's phone")
            // Neither the token nor the secret ever reaches the parent's side.
            let everything = String(buffer: try await parent.request(.get, Self.devices).body)
            #expect(!everything.contains(phone.secret) && !everything.contains(phone.token))

            // GET /policy: the seed's shape, exactly.
            let policy = try await phone.send(.get, "/policy")
            #expect(policy.status == .ok)
            let policyJSON = try policy.jsonObject()
            #expect(Set(policyJSON.keys) == ["enforce", "actions", "quietHours"])
            #expect(try policy.decoded(ShortcutPolicy.self).enforce == true && policyJSON["quietHours"] is NSNull)
            #expect(policyJSON["actions"] as? [String: Bool] == ["setHotspotOff": true, "rotatePassword": true])
            // The Shortcut may send just the Bearer secret.
            let bare = try await app.client.execute(uri: "/policy", method: .get, headers: [.authorization: "Bearer \(phone.secret)"], body: nil)
            #expect(bare.status == .ok)

            // POST /events: a run's report.
            let posted = try await phone.decoded(SpotCheckDeviceController.Received.self, .post, "/events", body: Self.shortcutRun, expect: .created)
            #expect(posted.ok == true)
            let me = try await phone.decoded(SpotCheckDeviceController.DeviceResponse.self, .get, "/device")
            #expect(me.runs == 1 && me.status == .ok && me.deviceId == id)
            let checkedIn = try await Self.listed(parent, id)
            #expect(checkedIn.view.status == .ok && checkedIn.view.runs == 1 && checkedIn.json["tamper"] is NSNull)
            let events = try await Self.events(parent, id).events
            #expect(events.map(\.kind) == [.shortcut, .paired])
            #expect(events[0].trigger == "battery_50" && events[0].actionsAttempted == ["set_hotspot_off", "rotate_password"])
            #expect(events[0].ts == isoDate("2027-01-15T08:00:00Z") && events[0].ok == true)

            // Quiet time 22:00–07:00 in Rome: the test clock reads 09:00 there, so nothing is enforced until 22:00.
            let saved = try await parent.decoded(PolicyView.self, .patch, "\(Self.devices)/\(id)/policy",
                                                 ["quietHours": ["start": "22:00", "end": "07:00", "timeZone": "Europe/Rome"]])
            #expect(saved.enforce == false && saved.inQuietHours == false && saved.hotspotOff == true)
            let quiet = try await phone.send(.get, "/policy")
            #expect(quiet.status == .ok)
            #expect(try quiet.decoded(ShortcutPolicy.self).enforce == false)
            #expect(try quiet.jsonObject()["quietHours"] as? [String: String] == ["start": "22:00", "end": "07:00", "tz": "Europe/Rome"])
            app.clock.advance(by: 13.5 * 3600)
            var fetched = try await phone.decoded(ShortcutPolicy.self, .get, "/policy")
            #expect(fetched.enforce == true)
            try await Self.reopen(app, parent)
            // Hotspot allowed: nothing to enforce even in quiet time; a field left out keeps its value.
            _ = try await parent.json(.patch, "\(Self.devices)/\(id)/policy", ["hotspotOff": false, "rotatePassword": false], expect: .ok)
            fetched = try await phone.decoded(ShortcutPolicy.self, .get, "/policy")
            #expect(fetched.enforce == false && fetched.actions.setHotspotOff == false && fetched.actions.rotatePassword == false)
            #expect(fetched.quietHours?.start == "22:00")
            // Quiet time off again.
            let cleared = try await parent.request(.patch, "\(Self.devices)/\(id)/policy", json: ["quietHours": nil as String?])
            #expect(cleared.status == .ok)
            #expect(try cleared.jsonObject()["quietHours"] is NSNull)

            // Rename; remove: the phone's credentials stop working at once.
            let renamed = try await parent.decoded(DeviceView.self, .patch, "\(Self.devices)/\(id)", ["name": "Mia's old phone"])
            #expect(renamed.name == "Mia's old phone")
            _ = try await parent.json(.delete, "\(Self.devices)/\(id)", expect: .noContent)
            try expectErrorShape(try await phone.send(.get, "/policy"), status: .unauthorized, code: "device_unauthorized")
            #expect(try await parent.decoded(DeviceList.self, .get, Self.devices).devices.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.all)
    func pairingCodesAreSingleUseShortLivedAndRateLimited(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let (parent, id, code) = try await Self.enroll(app)
            func pair(_ code: String) async throws -> TestResponse {
                try await app.client.execute(uri: "/pair", method: .post, headers: [.contentType: "application/json"],
                                             body: ByteBuffer(string: #"{"code":"\#(code)"}"#))
            }
            func newCode() async throws -> String {
                try await parent.decoded(PairingView.self, .post, "\(Self.devices)/\(id)/pairing-code", expect: .created).code
            }
            // A regenerated code replaces the first one.
            let second = try await newCode()
            try expectErrorShape(try await pair(code), status: .notFound, code: "pairing_code_invalid")
            _ = try await Phone.pair(app, code: second)
            try expectErrorShape(try await pair(second), status: .conflict, code: "pairing_code_used")
            // Pairing again (a new phone): the old phone's credentials stop working.
            let third = try await newCode()
            app.clock.advance(by: 10 * 60 + 1)
            try expectErrorShape(try await pair(third), status: .gone, code: "pairing_code_expired")
            let fourth = try await newCode()
            let old = try await Phone.pair(app, code: fourth)
            let fifth = try await newCode()
            let new = try await Phone.pair(app, code: fifth)
            try expectErrorShape(try await old.send(.get, "/policy"), status: .unauthorized, code: "device_unauthorized")
            #expect(try await new.send(.get, "/policy").status == .ok)

            // Bad bodies.
            try expectErrorShape(try await app.client.execute(uri: "/pair", method: .post, headers: [.contentType: "application/json"],
                                                              body: ByteBuffer(string: "{code")), status: .badRequest, code: "malformed_json")
            try expectErrorShape(try await pair("NOT-A-CODE"), status: .notFound, code: "pairing_code_invalid")
            // Ten tries in ten minutes from one address; the eleventh waits (the test client has no address: one bucket).
            app.clock.advance(by: 10 * 60)
            for _ in 0..<10 { #expect(try await pair("AAAAAAAA").status == .notFound) }
            let limited = try await pair("AAAAAAAA")
            try expectErrorShape(limited, status: .tooManyRequests, code: "rate_limited")
            #expect(limited.headers[.retryAfter] != nil)
        }
    }

    @Test(arguments: TestDatabase.all)
    func signedRequestsAreCheckedForSkewTamperingAndReplay(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let (_, _, code) = try await Self.enroll(app)
            let phone = try await Phone.pair(app, code: code)
            let now = app.clock.now.millis
            #expect(try await phone.signed(.get, "/policy", at: now).status == .ok)
            try expectErrorShape(try await phone.signed(.get, "/policy", at: now), status: .unauthorized, code: "signature_replayed")
            #expect(try await phone.signed(.post, "/events", body: Self.shortcutRun, at: now + 1).status == .created)
            try expectErrorShape(try await phone.signed(.get, "/policy", at: now - 301_000), status: .unauthorized, code: "signature_skewed")
            try expectErrorShape(try await phone.signed(.get, "/policy", at: now + 301_000), status: .unauthorized, code: "signature_skewed")
            #expect(try await phone.signed(.get, "/policy", at: now - 299_000).status == .ok)
            let forged = RequestSignature.sign(secret: "not the secret", timestamp: now + 2, method: "GET", path: "/policy", body: []).hex
            try expectErrorShape(try await phone.signed(.get, "/policy", at: now + 2, signature: forged), status: .unauthorized, code: "signature_invalid")
            // The body is part of what is signed.
            let signedFor = RequestSignature.sign(secret: phone.secret, timestamp: now + 3, method: "POST", path: "/events", body: Array(Self.shortcutRun.utf8)).hex
            let altered = Self.shortcutRun.replacingOccurrences(of: "battery_50", with: "battery_20")
            try expectErrorShape(try await phone.signed(.post, "/events", body: altered, at: now + 3, signature: signedFor),
                                 status: .unauthorized, code: "signature_invalid")
            try expectErrorShape(try await phone.signed(.get, "/policy", at: now + 4, signature: "xyz"), status: .unauthorized, code: "signature_invalid")
            // A token alone, without a signature, is not enough.
            let tokenOnly = try await app.client.execute(uri: "/policy", method: .get, headers: [HTTPField.Name("X-Device-Token")!: phone.token], body: nil)
            try expectErrorShape(tokenOnly, status: .unauthorized, code: "device_unauthorized")
            #expect(try await app.services.spotcheck.eventCount(deviceId: phone.deviceId) == 2)
        }
    }

    @Test(arguments: TestDatabase.all)
    func badReportsAreRefusedAndNothingIsRecorded(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let (_, _, code) = try await Self.enroll(app)
            let phone = try await Phone.pair(app, code: code)
            try expectErrorShape(try await phone.send(.post, "/events", body: "{\"ts\":"), status: .badRequest, code: "malformed_json")
            try expectErrorShape(try await phone.send(.post, "/events", body: #"{"ts":1}"#), status: .unprocessableContent, code: "invalid_field")
            try expectErrorShape(try await phone.send(.post, "/events", body: #"{"ts":"yesterday","trigger":"manual"}"#),
                                 status: .unprocessableContent, code: "invalid_field")
            try expectErrorShape(try await phone.send(.post, "/events", body: #"{"ts":-5,"trigger":"manual"}"#), status: .unprocessableContent, code: "invalid_field")
            let many = (0..<30).map { "\"a\($0)\"" }.joined(separator: ",")
            try expectErrorShape(try await phone.send(.post, "/events", body: #"{"ts":1,"trigger":"manual","actionsAttempted":[\#(many)]}"#),
                                 status: .unprocessableContent, code: "invalid_field")
            let megabyte = #"{"ts":1,"trigger":"manual","shortcutVersion":""# + String(repeating: "x", count: 1_048_576) + "\"}"
            try expectErrorShape(try await phone.send(.post, "/events", body: megabyte), status: .contentTooLarge, code: "body_too_large")
            try expectErrorShape(try await phone.send(.post, "/events", body: Self.shortcutRun, contentType: "text/plain"),
                                 status: .unsupportedMediaType, code: "unsupported_media_type")
            try expectErrorShape(try await phone.send(.post, "/events", body: Self.shortcutRun, secret: "wrong"), status: .unauthorized, code: "device_unauthorized")
            try expectErrorShape(try await phone.send(.post, "/events", body: Self.shortcutRun, token: "wrong"), status: .unauthorized, code: "device_unauthorized")
            let anonymous = try await app.client.execute(uri: "/events", method: .post, headers: [.contentType: "application/json"],
                                                         body: ByteBuffer(string: Self.shortcutRun))
            try expectErrorShape(anonymous, status: .unauthorized, code: "device_unauthorized")
            // Only the "paired" line exists; no run was counted.
            #expect(try await app.services.spotcheck.eventCount(deviceId: phone.deviceId) == 1)
            #expect(try await phone.decoded(SpotCheckDeviceController.DeviceResponse.self, .get, "/device").runs == 0)
        }
    }

    @Test(arguments: TestDatabase.all)
    func rulesAreValidatedWholeAndFamiliesAreSeparate(_ db: TestDatabase) async throws {
        try await TestApp.run(db, openSignup: true) { app in
            let (parent, id, code) = try await Self.enroll(app)
            let phone = try await Phone.pair(app, code: code)
            let url = "\(Self.devices)/\(id)/policy"
            try await parent.expectError(.patch, url, ["quietHours": ["start": "22:00", "end": "22:00", "timeZone": "Europe/Rome"]],
                                         status: .unprocessableContent, code: "invalid_field")
            try await parent.expectError(.patch, url, ["quietHours": ["start": "25:00", "end": "07:00", "timeZone": "Europe/Rome"]],
                                         status: .unprocessableContent, code: "invalid_field")
            try await parent.expectError(.patch, url, ["quietHours": ["start": "22:00", "end": "07:00", "timeZone": "Mars/Olympus"]],
                                         status: .unprocessableContent, code: "invalid_field")
            // One bad field and nothing changes, not even the good one sent with it.
            struct Mixed: Encodable { let hotspotOff: Bool; let gapMs: Int }
            try await parent.expectError(.patch, url, Mixed(hotspotOff: false, gapMs: 60_000), status: .unprocessableContent, code: "invalid_field")
            try await parent.expectError(.patch, url, ["hotspotOff": "yes"], status: .unprocessableContent, code: "invalid_field")
            try await parent.expectError(.post, Self.devices, ["name": "  "], status: .unprocessableContent, code: "invalid_field")
            try await parent.expectError(.post, Self.devices, ["name": String(repeating: "a", count: 41)], status: .unprocessableContent, code: "invalid_field")
            let unchanged = try await parent.request(.get, url)
            #expect(unchanged.status == .ok)
            let kept = try unchanged.decoded(PolicyView.self)
            #expect(kept.hotspotOff == true && kept.gapMs == 7_200_000)
            #expect(try unchanged.jsonObject()["quietHours"] is NSNull)
            try await parent.expectError(.get, "\(Self.devices)/\(id)/events?limit=0", status: .unprocessableContent, code: "invalid_field")
            try await parent.expectError(.get, "\(Self.devices)/\(id)/events?before=garbage", status: .unprocessableContent, code: "invalid_field")

            // Another family sees nothing and can change nothing.
            let stranger = try await app.setUpStrangerFamily()
            #expect(try await stranger.decoded(DeviceList.self, .get, Self.devices).devices.isEmpty)
            for (method, uri) in [(HTTPRequest.Method.get, url), (.patch, url), (.get, "\(Self.devices)/\(id)/events"),
                                  (.post, "\(Self.devices)/\(id)/pairing-code"), (.patch, "\(Self.devices)/\(id)"), (.delete, "\(Self.devices)/\(id)")] {
                try await stranger.expectError(method, uri, method == .patch ? ["name": "Mine now"] : nil, status: .notFound, code: "not_found")
            }
            #expect(try await Self.device(parent, id).name == "Mia's iPhone")
            // A locked parent area refuses the parent's calls.
            let kid = try await app.addChild(parent)
            _ = try await parent.json(.post, "/api/kids/select", ["childId": kid], expect: .ok)
            try await parent.expectError(.get, Self.devices, status: .forbidden, code: "parent_locked")

            // The locked setup screen on the phone opens for this family's parent only.
            func unlock(_ email: String, _ password: String) async throws -> TestResponse {
                try await phone.send(.post, "/device/unlock", body: String(decoding: try JSONEncoder().encode(["email": email, "password": password]), as: UTF8.self))
            }
            try expectErrorShape(try await unlock("bo@example.org", TestApp.password), status: .unauthorized, code: "wrong_credentials")
            try expectErrorShape(try await unlock("ada@example.org", "wrong password"), status: .unauthorized, code: "wrong_credentials")
            try expectErrorShape(try await unlock("nobody@example.org", "wrong password"), status: .unauthorized, code: "wrong_credentials")
            #expect(try await unlock("ada@example.org", TestApp.password).status == .noContent)
            try expectErrorShape(try await unlock("ada@example.org", "guess"), status: .unauthorized, code: "wrong_credentials")
            // Five tries in fifteen minutes per phone.
            try expectErrorShape(try await unlock("ada@example.org", TestApp.password), status: .tooManyRequests, code: "rate_limited")
        }
    }

    @Test(arguments: TestDatabase.all)
    func aPhoneThatStopsCheckingInShowsTheTamperWarningOnce(_ db: TestDatabase) async throws {
        let mailer = RecordingMailer()
        try await TestApp.run(db, mailer: mailer) { app in
            let (parent, id, code) = try await Self.enroll(app)
            let phone = try await Phone.pair(app, code: code)
            app.clock.advance(by: 1)
            _ = try await phone.decoded(SpotCheckDeviceController.Received.self, .post, "/events", body: Self.shortcutRun, expect: .created)
            // Within the gap: nothing to see.
            app.clock.advance(by: 7200)
            #expect(await app.services.watchForSilentDevices().isEmpty)
            try await Self.reopen(app, parent)
            #expect(try await Self.device(parent, id).status == .ok)

            // Past the gap: the dashboard shows it at once, the watch writes it down once, even with two instances watching.
            app.clock.advance(by: 1)
            let stale = try await Self.device(parent, id)
            #expect(stale.status == .stale)
            #expect(stale.tamper?.since == isoDate("2027-01-15T10:00:01Z"))
            async let first = app.services.watchForSilentDevices()
            async let second = app.services.watchForSilentDevices()
            let found = await first + second
            #expect(found.map(\.deviceId) == [id])
            #expect(await app.services.watchForSilentDevices().isEmpty)
            var kinds = try await Self.events(parent, id).events.map(\.kind)
            #expect(kinds == [.tamper, .shortcut, .paired])
            let mail = await mailer.sent
            #expect(mail.count == 1 && mail.first?.to == ["ada@example.org"] && mail.first?.subject.contains("Mia's iPhone") == true)

            // The next check-in ends it, with a "back" line.
            app.clock.advance(by: 3600)
            _ = try await phone.decoded(ShortcutPolicy.self, .get, "/policy")
            try await Self.reopen(app, parent)
            kinds = try await Self.events(parent, id).events.map(\.kind)
            #expect(kinds == [.back, .tamper, .shortcut, .paired])
            let back = try await Self.listed(parent, id)
            #expect(back.view.status == .ok && back.json["tamper"] is NSNull)
        }
    }

    @Test(arguments: TestDatabase.all)
    func activityComesInPagesWithoutGapsOrRepeats(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let (parent, id, code) = try await Self.enroll(app)
            let phone = try await Phone.pair(app, code: code)
            for run in 0..<24 {
                if run % 3 == 0 { app.clock.advance(by: 1) }  // several runs share a millisecond: the cursor's id breaks ties
                _ = try await phone.decoded(SpotCheckDeviceController.Received.self, .post, "/events",
                                            body: #"{"ts":\#(run),"trigger":"run \#(run)"}"#, expect: .created)
            }
            var seen: [String] = []
            var next: String? = nil
            repeat {
                let page = try await Self.events(parent, id, query: "?limit=10" + (next.map { "&before=\($0)" } ?? ""))
                seen += page.events.map(\.id)
                next = page.next
            } while next != nil
            #expect(seen.count == 25 && Set(seen).count == 25)
            let firstPage = try await Self.events(parent, id, query: "?limit=3").events
            #expect(Set(firstPage.map(\.trigger)) == ["run 23", "run 22", "run 21"])
        }
    }

    @Test(arguments: TestDatabase.all)
    func theDashboardsTimerDoesNotKeepTheParentAreaOpen(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let parent = try await app.setUpFamily()
            let background: HTTPFields = [HTTPField.Name("X-Background-Refresh")!: "1"]
            app.clock.advance(by: 10 * 60)
            #expect(try await parent.request(.get, Self.devices, headers: background).status == .ok)
            app.clock.advance(by: 6 * 60)
            try await parent.expectError(.get, Self.devices, status: .forbidden, code: "parent_locked")
            // The parent's own reads do keep it open.
            try await Self.reopen(app, parent)
            app.clock.advance(by: 10 * 60)
            #expect(try await parent.request(.get, Self.devices).status == .ok)
            app.clock.advance(by: 6 * 60)
            #expect(try await parent.request(.get, Self.devices).status == .ok)
        }
    }
}
