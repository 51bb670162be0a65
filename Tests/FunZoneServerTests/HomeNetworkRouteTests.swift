import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import Testing
@testable import FunZoneServer

/// How tablets and phones reach the server: one base URL for every link, never loopback; plain
/// HTTP from the LAN sent to HTTPS; the authority downloads.
@Suite struct HomeNetworkTests {
    static let home = HomeNetwork(addresses: ["192.168.1.20", "fd00::20"], names: ["kitchen", "kitchen.local"], httpsPort: 8443, httpPort: 8080)

    @Test func everyLinkStartsFromThePublicURLElseTheLANHTTPSAddress() {
        #expect(Self.home.baseURL == "https://192.168.1.20:8443")
        #expect(Self.home.setupURL == "http://192.168.1.20:8080/setup/")
        #expect(Self.home.alternatives == ["https://192.168.1.20:8443", "https://[fd00::20]:8443", "https://kitchen:8443", "https://kitchen.local:8443"])
        let proxied = HomeNetwork(publicURL: "https://fun.example.org/", addresses: ["192.168.1.20"], names: [], httpsPort: 8443, httpPort: 8080)
        #expect(proxied.baseURL == "https://fun.example.org" && proxied.setupURL == "https://fun.example.org/setup/")
        #expect(proxied.alternatives == ["https://fun.example.org"])
        let plain = HomeNetwork(addresses: ["10.0.0.5"], names: [], httpsPort: nil, httpPort: 80)
        #expect(plain.baseURL == "http://10.0.0.5")
        let onlyName = HomeNetwork(addresses: [], names: ["kitchen", "kitchen.local"], httpsPort: 443, httpPort: 8080)
        #expect(onlyName.baseURL == "https://kitchen.local")
    }

    @Test func thisMachinesOwnAddressesNeverBecomeLinks() {
        let network = HomeNetwork.discover(publicURL: nil, httpsPort: 8443, httpPort: 8080)
        for address in network.addresses { #expect(!HomeNetwork.isLoopback(address) && !address.hasPrefix("fe80")) }
        let host = URL(string: network.baseURL)?.host ?? ""
        #expect(!network.addresses.isEmpty || !network.names.isEmpty)
        #expect(!HomeNetwork.isLoopbackHost(host), "\(network.baseURL)")
        for loopback in ["localhost", "127.0.0.1", "127.1.2.3", "[::1]", "app.localhost"] { #expect(HomeNetwork.isLoopbackHost(loopback)) }
        #expect(!HomeNetwork.isLoopbackHost("192.168.1.20"))
        #expect(HomeNetwork.isPrivate("192.168.1.20") && HomeNetwork.isPrivate("172.20.0.1") && !HomeNetwork.isPrivate("172.32.0.1"))
    }

    static func request(_ path: String, host: String = "192.168.1.20:8080") -> Request {
        Request(head: HTTPRequest(method: .get, scheme: "http", authority: host, path: path), body: .init(buffer: .init()))
    }

    @Test func plainHTTPFromAnotherDeviceGoesToHTTPSButThisMachineAndTheSetUpPageStay() {
        let redirect = { (path: String, host: String, from: String?) in
            TransportResponder.redirect(Self.request(path, host: host), remoteAddress: from, network: Self.home)
        }
        #expect(redirect("/spellflare/?x=1", "192.168.1.20:8080", "192.168.1.33") == "https://192.168.1.20:8443/spellflare/?x=1")
        #expect(redirect("/hub/", "kitchen.local:8080", "192.168.1.33") == "https://kitchen.local:8443/hub/")
        // The front door goes to the set-up page, which moves on to HTTPS once the device trusts us.
        #expect(redirect("/", "kitchen.local:8080", "192.168.1.33") == "/setup/?from=home")
        #expect(redirect("/spellflare/", "[fd00::20]:8080", "fd00::33") == "https://[fd00::20]:8443/spellflare/")
        // A Host header that is not ours does not choose where the redirect goes.
        #expect(redirect("/parent/", "evil.example:8080", "192.168.1.33") == "https://192.168.1.20:8443/parent/")
        // This machine keeps plain HTTP; so do the pages a device needs before it trusts us.
        #expect(redirect("/", "127.0.0.1:8080", "127.0.0.1") == nil)
        #expect(redirect("/", "localhost:8080", "::1") == nil)
        for path in ["/setup/", "/setup", "/setup/setup.js", "/shared/base.css", "/ca.crt", "/ca.pem", "/kids-fun-zone.mobileconfig", "/api/connect", "/healthz"] {
            #expect(redirect(path, "192.168.1.20:8080", "192.168.1.33") == nil, "\(path)")
        }
        #expect(redirect("/ca.crt.js", "192.168.1.20:8080", "192.168.1.33") != nil)
        #expect(redirect("/setupx", "192.168.1.20:8080", "192.168.1.33") != nil)
        // No HTTPS to go to: served as it is.
        let plain = HomeNetwork(addresses: ["192.168.1.20"], names: [], httpsPort: nil, httpPort: 8080)
        #expect(TransportResponder.redirect(Self.request("/"), remoteAddress: "192.168.1.33", network: plain) == nil)
        // A public URL is where everyone goes.
        let proxied = HomeNetwork(publicURL: "https://fun.example.org", addresses: ["192.168.1.20"], names: [], httpsPort: 8443, httpPort: 8080)
        #expect(TransportResponder.redirect(Self.request("/hub/"), remoteAddress: "192.168.1.33", network: proxied) == "https://fun.example.org/hub/")
        #expect(TransportResponder.redirect(Self.request("/"), remoteAddress: "192.168.1.33", network: proxied) == "https://fun.example.org/")
    }
}

@Suite struct HomeNetworkRouteTests {
    @Test(arguments: TestDatabase.all)
    func pairingLinksAndThePhonesSettingsUseTheLANAddressNeverLoopback(_ db: TestDatabase) async throws {
        try await TestApp.run(db, network: HomeNetworkTests.home) { app in
            // The parent opened the dashboard on the server itself (the test client is loopback).
            let parent = try await app.setUpFamily()
            let created = try await parent.decoded(SpotCheckParentController.CreateResponse.self, .post, SpotCheckRouteTests.devices,
                                                   ["name": "Mia's iPhone"], expect: .created)
            let code = created.pairing.code
            #expect(created.pairing.url == "https://192.168.1.20:8443/spotcheck/#pair=\(code)")
            let id = created.device.id
            let again = try await parent.decoded(PairingView.self, .post, "\(SpotCheckRouteTests.devices)/\(id)/pairing-code", expect: .created)
            #expect(again.url.hasPrefix("https://192.168.1.20:8443/spotcheck/#pair="))
            let response = try await app.client.execute(uri: "/pair", method: .post, headers: [.contentType: "application/json"],
                                                        body: .init(bytes: try JSONEncoder().encode(["code": again.code])))
            let paired = try response.decoded(SpotCheckDeviceController.PairResponse.self)
            #expect(paired.apiBaseURL == "https://192.168.1.20:8443")
            let connect = try await app.user().decoded(HomeNetworkController.ConnectView.self, .get, "/api/connect")
            #expect(connect.url == "https://192.168.1.20:8443" && connect.setupURL == "http://192.168.1.20:8080/setup/")
            #expect(connect.https == true)
        }
    }

    @Test(arguments: TestDatabase.all)
    func theAuthorityIsDownloadedAsACertificateAndAnIOSProfile(_ db: TestDatabase) async throws {
        let folder = HomeAuthorityTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let authority = try HomeAuthority.load(directory: folder, names: ["kitchen"], addresses: ["192.168.1.20"], now: Date(timeIntervalSince1970: 1_800_000_000))
        try await TestApp.run(db, network: HomeNetworkTests.home, authority: authority) { app in
            let visitor = app.user()
            let der = try await visitor.request(.get, "/ca.crt")
            #expect(der.status == .ok && der.headers[.contentType] == "application/x-x509-ca-cert")
            #expect(Array(buffer: der.body) == (try authority.certificateDER))
            let pem = try await visitor.request(.get, "/ca.pem")
            #expect(String(buffer: pem.body).hasPrefix("-----BEGIN CERTIFICATE-----"))
            let profile = try await visitor.request(.get, "/kids-fun-zone.mobileconfig")
            #expect(profile.status == .ok && profile.headers[.contentType] == "application/x-apple-aspen-config")
            let connect = try await visitor.decoded(HomeNetworkController.ConnectView.self, .get, "/api/connect")
            #expect(connect.fingerprint == (try authority.fingerprint))
            // The authority's key is never served.
            #expect(!String(buffer: pem.body).contains("PRIVATE KEY"))
        }
        try await TestApp.run(db) { app in
            try await app.user().expectError(.get, "/ca.crt", status: .notFound, code: "no_authority")
        }
    }

    @Test(arguments: TestDatabase.all)
    func anAppHiddenForAChildRefusesEveryOneOfItsRoutes(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            // The parent's phone (parent area open) and the tablet Mia plays on.
            let parent = try await app.setUpFamily()
            let mia = try await app.addChild(parent)
            let tablet = app.user()
            _ = try await tablet.json(.post, "/api/signin", ["email": "ada@example.org", "password": TestApp.password], expect: .ok)
            _ = try await tablet.json(.post, "/api/kids/select", ["childId": mia], expect: .ok)
            _ = try await parent.json(.put, "/api/parent/children/\(mia)/apps/spellflare", ["hidden": true], expect: .ok)
            try await tablet.expectError(.get, "/api/spellflare/me", status: .forbidden, code: "app_hidden")
            try await tablet.expectError(.post, "/api/spellflare/sessions", ["grade": 2, "level": 1], status: .forbidden, code: "app_hidden")
            try await tablet.expectError(.post, "/api/spellflare/progress/sync", ["grades": [String]()], status: .forbidden, code: "app_hidden")
            #expect(try await app.services.spelling.player(childId: ChildID(mia), in: FamilyScope(familyId: try await familyId(app))) == nil)
            // Another app stays open, and the parent's own Spellflare pages are not the child's.
            _ = try await tablet.json(.get, "/api/coloring/me", expect: .ok)
            _ = try await parent.json(.get, "/api/parent/spellflare/lists", expect: .ok)
            // Shown again: it opens.
            _ = try await parent.json(.put, "/api/parent/children/\(mia)/apps/spellflare", ["hidden": false], expect: .ok)
            _ = try await tablet.json(.get, "/api/spellflare/me", expect: .ok)
            _ = try await parent.json(.put, "/api/parent/children/\(mia)/apps/coloring", ["hidden": true], expect: .ok)
            try await tablet.expectError(.get, "/api/coloring/drawings", status: .forbidden, code: "app_hidden")
        }
    }

    @Test(arguments: TestDatabase.all)
    func theParentAreaIsNeverKeptByTheBrowser(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let tablet = try await app.setUpFamily()
            for path in ["/parent/", "/parent/app.js", "/api/parent/requests"] {
                let response = try await tablet.request(.get, path)
                #expect(response.status == .ok && response.headers[.cacheControl] == "no-store", "\(path)")
            }
            #expect(try await tablet.request(.get, "/hub/").headers[.cacheControl] != "no-store")
        }
    }
}
