import Foundation
import NIOSSL

/// The HTTPS listener's certificate: the family's own (`--tls-cert/--tls-key`) or one from our
/// home authority covering this machine's LAN names and addresses.
public struct HTTPSSetup: Sendable {
    public let configuration: TLSConfiguration
    /// Set when the certificate comes from our authority (devices then install it).
    public let authority: HomeAuthority?

    /// With our authority kept in `directory`.
    public static func homeAuthority(directory: URL, network: HomeNetwork, now: Date) throws -> HTTPSSetup {
        let authority = try HomeAuthority.load(directory: directory, names: network.names + ["localhost"],
                                               addresses: network.addresses + ["127.0.0.1", "::1"], now: now)
        let chain = try NIOSSLCertificate.fromPEMBytes(Array(authority.serverCertificatePEM.utf8))
            + NIOSSLCertificate.fromPEMBytes(Array(try authority.certificatePEM.utf8))
        let key = try NIOSSLPrivateKey(bytes: Array(authority.serverKeyPEM.utf8), format: .pem)
        return HTTPSSetup(configuration: serverConfiguration(chain: chain, key: key), authority: authority)
    }

    /// With certificate and key files the family already has (PEM; the certificate file may hold the whole chain).
    public static func files(certificate: String, key: String) throws -> HTTPSSetup {
        let chain = try NIOSSLCertificate.fromPEMFile(certificate)
        let privateKey = try NIOSSLPrivateKey(file: key, format: .pem)
        return HTTPSSetup(configuration: serverConfiguration(chain: chain, key: privateKey), authority: nil)
    }

    private static func serverConfiguration(chain: [NIOSSLCertificate], key: NIOSSLPrivateKey) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        return configuration
    }
}
