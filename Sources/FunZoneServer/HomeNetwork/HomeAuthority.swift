import Crypto
import Foundation
import SwiftASN1
import X509

/// The family's own certificate authority and the server certificate it signs, so tablets and
/// phones reach the server over HTTPS (browsers give the microphone only to secure pages).
///
/// Made on first start and kept in `<data-dir>/tls/` (files 0600 in a 0700 folder). The authority
/// lasts ten years and is what a device installs once; the server certificate names this machine's
/// LAN names and addresses, lasts 397 days, and is issued again from the same authority when it
/// nears its end or the machine's addresses change, so devices never need to install anything again.
public struct HomeAuthority: Sendable {
    /// The authority's certificate, as a device installs it.
    public let certificate: Certificate
    /// The server's certificate (signed by the authority) and its key, in PEM.
    public let serverCertificatePEM: String
    public let serverKeyPEM: String
    public let serverCertificate: Certificate

    /// The authority's certificate in DER (`.crt` for Android and desktops, and the iOS profile's payload).
    public var certificateDER: [UInt8] {
        get throws {
            var serializer = DER.Serializer()
            try serializer.serialize(certificate)
            return serializer.serializedBytes
        }
    }

    public var certificatePEM: String { get throws { try certificate.serializeAsPEM().pemString } }

    /// SHA-256 of the authority's certificate, as iOS, Android and browsers show it ("AB:CD:…").
    public var fingerprint: String {
        get throws { SHA256.hash(data: try certificateDER).map { String(format: "%02X", $0) }.joined(separator: ":") }
    }

    static let serverLifetime: TimeInterval = 397 * 86_400
    static let authorityLifetime: TimeInterval = 10 * 365 * 86_400
    /// A server certificate with less than this left is issued again at start.
    static let renewalMargin: TimeInterval = 30 * 86_400

    /// Loads the authority from `directory`, making it on first start, and a server certificate
    /// that covers `names` (DNS names) and `addresses` (IPv4 or IPv6 text), issuing a new one
    /// when the kept one does not cover them or is close to its end.
    public static func load(directory: URL, names: [String], addresses: [String], now: Date) throws -> HomeAuthority {
        try PrivateFiles.makeDirectory(directory)
        let caKeyFile = directory.appendingPathComponent("ca-key.pem"), caFile = directory.appendingPathComponent("ca.pem")
        let keyFile = directory.appendingPathComponent("server-key.pem"), certFile = directory.appendingPathComponent("server.pem")

        let caKey: P256.Signing.PrivateKey, ca: Certificate
        if let keyPEM = try? String(contentsOf: caKeyFile, encoding: .utf8), let certPEM = try? String(contentsOf: caFile, encoding: .utf8) {
            caKey = try P256.Signing.PrivateKey(pemRepresentation: keyPEM)
            ca = try Certificate(pemEncoded: certPEM)
        } else {
            caKey = P256.Signing.PrivateKey()
            ca = try makeAuthority(key: caKey, now: now)
            try PrivateFiles.write(caKey.pemRepresentation, to: caKeyFile)
            try PrivateFiles.write(try ca.serializeAsPEM().pemString, to: caFile)
        }

        let wanted = Set(names.map { GeneralName.dnsName($0.lowercased()) } + addresses.compactMap(ipName))
        if let keyPEM = try? String(contentsOf: keyFile, encoding: .utf8), let certPEM = try? String(contentsOf: certFile, encoding: .utf8),
           let server = try? Certificate(pemEncoded: certPEM),
           server.issuer == ca.subject,
           server.notValidAfter.timeIntervalSince(now) > renewalMargin,
           let covered = try? server.extensions.subjectAlternativeNames, wanted.isSubset(of: Set(covered)) {
            return HomeAuthority(certificate: ca, serverCertificatePEM: certPEM, serverKeyPEM: keyPEM, serverCertificate: server)
        }
        let serverKey = P256.Signing.PrivateKey()
        let server = try makeServerCertificate(key: serverKey, names: Array(wanted), authority: ca, authorityKey: caKey, now: now)
        let certPEM = try server.serializeAsPEM().pemString
        try PrivateFiles.write(serverKey.pemRepresentation, to: keyFile)
        try PrivateFiles.write(certPEM, to: certFile)
        return HomeAuthority(certificate: ca, serverCertificatePEM: certPEM, serverKeyPEM: serverKey.pemRepresentation, serverCertificate: server)
    }

    private static func makeAuthority(key: P256.Signing.PrivateKey, now: Date) throws -> Certificate {
        let signingKey = Certificate.PrivateKey(key)
        // A name of its own on every machine, so two households' authorities are never confused.
        let suffix = SHA256.hash(data: key.publicKey.derRepresentation).prefix(4).map { String(format: "%02x", $0) }.joined()
        let name = try DistinguishedName {
            OrganizationName("Kids Fun Zone")
            CommonName("Kids Fun Zone home authority \(suffix)")
        }
        return try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: signingKey.publicKey,
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(authorityLifetime),
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: signingKey.publicKey)
            },
            issuerPrivateKey: signingKey)
    }

    private static func makeServerCertificate(key: P256.Signing.PrivateKey, names: [GeneralName], authority: Certificate,
                                              authorityKey: P256.Signing.PrivateKey, now: Date) throws -> Certificate {
        let publicKey = Certificate.PublicKey(key.publicKey)
        let issuerKey = Certificate.PrivateKey(authorityKey)
        // Apple requires serverAuth, names in the SAN (the common name is ignored) and at most 825 days.
        return try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: publicKey,
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(serverLifetime),
            issuer: authority.subject, subject: try DistinguishedName { CommonName("Kids Fun Zone server") },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names.sorted { "\($0)" < "\($1)" })
                SubjectKeyIdentifier(hash: publicKey)
                AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: issuerKey.publicKey).keyIdentifier)
            },
            issuerPrivateKey: issuerKey)
    }

    /// An IP address as a certificate name (4 or 16 bytes), or nil for text that is not one.
    static func ipName(_ text: String) -> GeneralName? {
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return .ipAddress(ASN1OctetString(contentBytes: withUnsafeBytes(of: &v4) { ArraySlice($0) }))
        }
        if inet_pton(AF_INET6, text, &v6) == 1 {
            return .ipAddress(ASN1OctetString(contentBytes: withUnsafeBytes(of: &v6) { ArraySlice($0) }))
        }
        return nil
    }
}
