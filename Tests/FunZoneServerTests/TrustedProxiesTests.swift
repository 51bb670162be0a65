import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import FunZoneServer

/// Behind a reverse proxy the client is who the proxy saw, never who the client says it is.
@Suite struct TrustedProxiesTests {
    static let proxies = try! TrustedProxies(parsing: "10.0.0.0/8, 127.0.0.1,fd00::/8")

    @Test("addresses and ranges, IPv4, IPv6 and IPv4 mapped into IPv6")
    func rangesContainTheirAddresses() throws {
        #expect(Self.proxies.contains("10.200.3.4") && Self.proxies.contains("127.0.0.1") && Self.proxies.contains("::ffff:10.1.2.3"))
        #expect(Self.proxies.contains("fd12:3456::1") && Self.proxies.contains("[fd00::1]"))
        #expect(!Self.proxies.contains("11.0.0.1") && !Self.proxies.contains("127.0.0.2") && !Self.proxies.contains("fe80::1"))
        #expect(!Self.proxies.contains(nil) && !Self.proxies.contains("proxy.local") && !TrustedProxies.none.contains("127.0.0.1"))
        let odd = try TrustedProxies(parsing: "192.168.1.128/25")
        #expect(odd.contains("192.168.1.200") && !odd.contains("192.168.1.127"))
        #expect(try TrustedProxies(parsing: "0.0.0.0/0").contains("203.0.113.9"))
    }

    @Test("a bad list is refused with what a range looks like", arguments: ["", " , ", "10.0.0.0/33", "fd00::/129", "proxy.local", "10.0.0.0/x", "10.0.0/8"])
    func badListsAreRefused(_ list: String) {
        #expect(throws: TrustedProxies.Invalid.self) { try TrustedProxies(parsing: list) }
    }

    @Test("the client is the rightmost X-Forwarded-For entry no trusted proxy wrote; a stranger's header is ignored")
    func theClientIsTheRightmostUntrustedHop() {
        let proxies = Self.proxies
        // Straight from a device: its own address, whatever it writes.
        #expect(proxies.client(peer: "203.0.113.9", forwardedFor: "1.1.1.1") == "203.0.113.9")
        // Through our proxy: what the proxy saw, not what the client put in front of it.
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: "6.6.6.6, 203.0.113.9") == "203.0.113.9")
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: "6.6.6.6,203.0.113.9, 10.0.0.5") == "203.0.113.9")
        #expect(proxies.client(peer: "10.0.0.7", forwardedFor: "2001:db8::5") == "2001:db8::5")
        // Only proxies in the chain: the first of them; no header: the proxy itself.
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: "10.0.0.9, 10.0.0.5") == "10.0.0.9")
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: nil) == "127.0.0.1")
        // Garbage where the proxy writes an address: the proxy's own key, not one the client can vary.
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: "whatever-\(UUID())") == "127.0.0.1")
        #expect(TrustedProxies.none.client(peer: "127.0.0.1", forwardedFor: "6.6.6.6") == "127.0.0.1")
        #expect(TrustedProxies.none.client(peer: nil, forwardedFor: nil) == "unknown")
    }

    @Test("rate limits count an IPv6 client by its /64, an IPv4 one as it is")
    func limitKeys() {
        #expect(TrustedProxies.limitKey("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64")
        #expect(TrustedProxies.limitKey("2001:db8:1:2:ffff:ffff:ffff:fff0") == "2001:db8:1:2::/64")
        #expect(TrustedProxies.limitKey("::ffff:198.51.100.7") == "198.51.100.7")
        #expect(TrustedProxies.limitKey("198.51.100.7") == "198.51.100.7" && TrustedProxies.limitKey("unknown") == "unknown")
    }
}

/// The same, through a live server and its rate limits.
@Suite struct TrustedProxyRouteTests {
    static func pair(_ app: TestApp, forwardedFor: String, code: String = "AAAAAAAA") async throws -> TestResponse {
        try await app.client.execute(uri: "/pair", method: .post, headers: [.contentType: "application/json", HTTPField.Name("X-Forwarded-For")!: forwardedFor],
                                     body: ByteBuffer(string: #"{"code":"\#(code)"}"#))
    }

    @Test("behind a trusted proxy, a guesser who writes a new X-Forwarded-For each time is still one address; another client is not held up")
    func forgedForwardedForSkipsNoLimit() async throws {
        try await TestApp.run(.sqlite, webSockets: true, trustedProxies: try TrustedProxies(parsing: "127.0.0.1")) { app in
            for index in 0..<10 {
                #expect(try await Self.pair(app, forwardedFor: "6.6.\(index).1, 203.0.113.9").status == .notFound)
            }
            try expectErrorShape(try await Self.pair(app, forwardedFor: "6.6.99.1, 203.0.113.9"), status: .tooManyRequests, code: "rate_limited")
            #expect(try await Self.pair(app, forwardedFor: "203.0.113.10").status == .notFound)
        }
    }

    @Test("wrong codes from 400 addresses lock out no one: each address has its own budget, and a family's right code pairs",
          arguments: TestDatabase.all)
    func guessesFromManyAddressesLockNoFamilyOut(_ db: TestDatabase) async throws {
        try await TestApp.run(db, webSockets: true, trustedProxies: try TrustedProxies(parsing: "127.0.0.1")) { app in
            for index in 0..<400 {
                #expect(try await Self.pair(app, forwardedFor: "6.6.\(index / 200).\(index % 200)").status == .notFound)
            }
            let (_, id, code) = try await SpotCheckRouteTests.enroll(app)
            let paired = try await Self.pair(app, forwardedFor: "203.0.113.10", code: code)
            #expect(paired.status == .ok)
            #expect(try JSONDecoder().decode(SpotCheckDeviceController.PairResponse.self, from: Data(buffer: paired.body)).deviceId == id)
        }
    }

    @Test("from a connection that is not a listed proxy, X-Forwarded-For is the client's own words and changes nothing")
    func strangersHeadersAreIgnored() async throws {
        try await TestApp.run(.sqlite, webSockets: true, trustedProxies: try TrustedProxies(parsing: "10.0.0.0/8")) { app in
            for index in 0..<10 {
                #expect(try await Self.pair(app, forwardedFor: "6.6.\(index).1").status == .notFound)
            }
            try expectErrorShape(try await Self.pair(app, forwardedFor: "203.0.113.10"), status: .tooManyRequests, code: "rate_limited")
        }
    }
}
