import Foundation
import SwiftASN1
import Testing
import X509
@testable import FunZoneServer

/// The family's own certificate authority and the server certificate it issues for the LAN.
@Suite struct HomeAuthorityTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("fz-tls-\(UUID().uuidString)")
    }

    static func names(_ certificate: Certificate) throws -> Set<GeneralName> {
        Set(try #require(try certificate.extensions.subjectAlternativeNames))
    }

    @Test func firstStartMakesAnAuthorityAndAServerCertificateForTheLANNamesAndAddresses() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let authority = try HomeAuthority.load(directory: folder, names: ["kitchen", "kitchen.local"], addresses: ["192.168.1.20", "fd00::20"], now: now)
        let ca = authority.certificate, server = authority.serverCertificate
        #expect(try ca.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: 0))
        #expect(try server.extensions.basicConstraints == .notCertificateAuthority)
        #expect(try server.extensions.extendedKeyUsage?.contains(.serverAuth) == true)
        #expect(server.issuer == ca.subject)
        #expect(ca.publicKey.isValidSignature(server.signature, for: server))
        let names = try Self.names(server)
        #expect(names.contains(.dnsName("kitchen.local")) && names.contains(.dnsName("kitchen")))
        #expect(names.contains(.ipAddress(ASN1OctetString(contentBytes: [192, 168, 1, 20]))))
        #expect(names.contains(try #require(HomeAuthority.ipName("fd00::20"))))
        // Apple's limit for a server certificate is 825 days; ours lasts 397.
        #expect(server.notValidAfter.timeIntervalSince(server.notValidBefore) <= 825 * 86_400)
        #expect(try authority.fingerprint.count == 32 * 3 - 1)
        // The keys are the server's alone.
        for file in ["ca-key.pem", "ca.pem", "server-key.pem", "server.pem"] {
            let mode = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(file).path)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(file)")
        }
        #expect(try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int == 0o700)
    }

    @Test func theSameAuthorityIsKeptAndTheServerCertificateIsIssuedAgainWhenTheAddressesChangeOrItNearsItsEnd() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try HomeAuthority.load(directory: folder, names: ["kitchen"], addresses: ["192.168.1.20"], now: now)
        // Same names: nothing changes (devices that trust us keep working, no new file).
        let again = try HomeAuthority.load(directory: folder, names: ["kitchen"], addresses: ["192.168.1.20"], now: now.addingTimeInterval(86_400))
        #expect(try again.fingerprint == first.fingerprint)
        #expect(again.serverCertificate == first.serverCertificate)
        // The router gave the machine a new address: a new server certificate from the same authority.
        let moved = try HomeAuthority.load(directory: folder, names: ["kitchen"], addresses: ["192.168.1.31"], now: now.addingTimeInterval(2 * 86_400))
        #expect(try moved.fingerprint == first.fingerprint)
        #expect(moved.serverCertificate != first.serverCertificate)
        #expect(try Self.names(moved.serverCertificate).contains(.ipAddress(ASN1OctetString(contentBytes: [192, 168, 1, 31]))))
        #expect(first.certificate.publicKey.isValidSignature(moved.serverCertificate.signature, for: moved.serverCertificate))
        // Thirty days before its end it is issued again.
        let late = try HomeAuthority.load(directory: folder, names: ["kitchen"], addresses: ["192.168.1.31"], now: now.addingTimeInterval(380 * 86_400))
        #expect(try late.fingerprint == first.fingerprint)
        #expect(late.serverCertificate != moved.serverCertificate)
        #expect(late.serverCertificate.notValidAfter > now.addingTimeInterval(700 * 86_400))
    }

    @Test func theHTTPSSetupLoadsWithTheChainAndKey() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let network = HomeNetwork(addresses: ["192.168.1.20"], names: ["kitchen"], httpsPort: 8443, httpPort: 8080)
        let setup = try HTTPSSetup.homeAuthority(directory: folder, network: network, now: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(setup.authority != nil)
        #expect(setup.configuration.certificateChain.count == 2)
        // This machine's own names are covered too (a parent may open https://127.0.0.1:8443 here).
        let names = try Self.names(try #require(setup.authority).serverCertificate)
        #expect(names.contains(.dnsName("localhost")) && names.contains(.ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))))
    }

    @Test func aConfigurationProfileCarriesTheAuthorityForIOS() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let authority = try HomeAuthority.load(directory: folder, names: ["kitchen"], addresses: ["192.168.1.20"], now: Date(timeIntervalSince1970: 1_800_000_000))
        let bytes = try ConfigurationProfile.make(for: authority)
        let profile = try #require(try PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: Any])
        #expect(profile["PayloadType"] as? String == "Configuration")
        let payloads = try #require(profile["PayloadContent"] as? [[String: Any]])
        #expect(payloads.count == 1 && payloads[0]["PayloadType"] as? String == "com.apple.security.root")
        #expect((payloads[0]["PayloadContent"] as? Data).map(Array.init) == (try authority.certificateDER))
        // Downloading it again gives the same identifiers, so iOS replaces the profile instead of adding one.
        let again = try #require(try PropertyListSerialization.propertyList(from: Data(try ConfigurationProfile.make(for: authority)), format: nil) as? [String: Any])
        #expect(again["PayloadUUID"] as? String == profile["PayloadUUID"] as? String)
        #expect(UUID(uuidString: try #require(profile["PayloadUUID"] as? String)) != nil)
    }
}
