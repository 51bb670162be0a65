import Foundation
import HTTPTypes
import Hub
import HummingbirdTesting
import Testing
@testable import FunZoneServer

/// Wrong passwords slow the guesser, never lock the parent out: limits count per address and
/// account, and a device the parent signed in on before keeps its own count.
@Suite struct SignInThrottleTests {
    static func from(_ address: String) -> HTTPFields { [HTTPField.Name("X-Forwarded-For")!: address] }

    static func signIn(_ device: Browser, from address: String, password: String) async throws -> TestResponse {
        try await device.request(.post, "/api/signin", json: ["email": "ada@example.org", "password": password], headers: from(address))
    }

    @Test(arguments: TestDatabase.all)
    func aGuesserLocksOutOnlyTheirOwnAddressAndTheParentsKnownDevicesAlwaysGetIn(_ db: TestDatabase) async throws {
        try await TestApp.run(db, webSockets: true, trustedProxies: try TrustedProxies(parsing: "127.0.0.1,::1")) { app in
            try await app.setUpFamily()
            // The parent's phone signs in at home: it is known from now on.
            let phone = app.user()
            #expect(try await Self.signIn(phone, from: "198.51.100.7", password: TestApp.password).status == .ok)
            #expect(phone.cookies[KnownDevice.cookie] != nil)

            // A stranger's five wrong guesses lock the stranger's address out of this account, right password or not.
            let stranger = app.user()
            for _ in 0..<5 {
                try expectErrorShape(try await Self.signIn(stranger, from: "203.0.113.66", password: "wrong password"),
                                     status: .unauthorized, code: "wrong_credentials")
            }
            try expectErrorShape(try await Self.signIn(stranger, from: "203.0.113.66", password: TestApp.password),
                                 status: .tooManyRequests, code: "rate_limited")
            // The parent on a new laptop elsewhere, and on the phone, still get in.
            #expect(try await Self.signIn(app.user(), from: "192.0.2.10", password: TestApp.password).status == .ok)
            #expect(try await Self.signIn(phone, from: "203.0.113.66", password: TestApp.password).status == .ok)

            // A child guessing on the home address: the home's new devices wait; the known phone does not.
            let child = app.user()
            for _ in 0..<5 { _ = try await Self.signIn(child, from: "198.51.100.7", password: "guess") }
            try expectErrorShape(try await Self.signIn(app.user(), from: "198.51.100.7", password: TestApp.password),
                                 status: .tooManyRequests, code: "rate_limited")
            #expect(try await Self.signIn(phone, from: "198.51.100.7", password: TestApp.password).status == .ok)

            // A cookie made up, or copied from another account, is no known device.
            let forger = app.user()
            forger.cookies[KnownDevice.cookie] = "bm90IGEgc2VhbGVkIHZhbHVl"
            try expectErrorShape(try await Self.signIn(forger, from: "203.0.113.66", password: TestApp.password),
                                 status: .tooManyRequests, code: "rate_limited")
            let borrower = app.user()
            borrower.cookies[KnownDevice.cookie] = try app.services.sealer.seal("known:v1:someone-else@example.org")
            try expectErrorShape(try await Self.signIn(borrower, from: "203.0.113.66", password: TestApp.password),
                                 status: .tooManyRequests, code: "rate_limited")
        }
    }

    @Test(arguments: TestDatabase.all)
    func anAccountGuessedAtFromManyAddressesTakesOnlyItsKnownDevicesUntilItCalmsDown(_ db: TestDatabase) async throws {
        try await TestApp.run(db, webSockets: true, trustedProxies: try TrustedProxies(parsing: "127.0.0.1,::1")) { app in
            try await app.setUpFamily()
            let phone = app.user()
            #expect(try await Self.signIn(phone, from: "198.51.100.7", password: TestApp.password).status == .ok)
            // 50 wrong passwords from ten addresses, five each.
            for index in 0..<RateLimit.accountUnderAttack.limit {
                let address = "203.0.113.\(index / RateLimit.signInPerAccount.limit + 1)"
                try expectErrorShape(try await Self.signIn(app.user(), from: address, password: "guess \(index)"),
                                     status: .unauthorized, code: "wrong_credentials")
            }
            let waiting = try await Self.signIn(app.user(), from: "192.0.2.10", password: TestApp.password)
            try expectErrorShape(waiting, status: .tooManyRequests, code: "rate_limited")
            #expect((1...900).contains(Int(waiting.headers[.retryAfter] ?? "") ?? 0))
            #expect(try await Self.signIn(phone, from: "192.0.2.99", password: TestApp.password).status == .ok)
            app.clock.advance(by: RateLimit.accountUnderAttack.window + 1)
            #expect(try await Self.signIn(app.user(), from: "192.0.2.10", password: TestApp.password).status == .ok)
        }
    }
}
