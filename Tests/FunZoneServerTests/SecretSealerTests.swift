import Foundation
import Testing
@testable import FunZoneServer

/// The server's key for phones' secrets: made once, private, and the same for instances that start together.
@Suite struct SecretSealerTests {
    @Test func theKeyFileIsMadeOncePrivateAndReadAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sealer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("secret.key")
        let first = try SecretSealer.load(environment: [:], file: file)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let sealed = try first.seal("phone secret")
        #expect(try SecretSealer.load(environment: [:], file: file).open(sealed) == "phone secret")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["secret.key"])  // no temporary file left
    }

    @Test func instancesStartingTogetherAgreeOnOneKey() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sealer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("secret.key")
        let sealers = try await withThrowingTaskGroup(of: SecretSealer.self) { group in
            for _ in 0..<16 { group.addTask { try SecretSealer.load(environment: [:], file: file) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let sealed = try sealers[0].seal("phone secret")
        #expect(sealers.allSatisfy { $0.open(sealed) == "phone secret" })
    }

    @Test func aDamagedKeyFileIsAClearError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sealer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("secret.key")
        try Data("not a key".utf8).write(to: file)
        #expect(throws: SecretSealer.SealerError.self) { try SecretSealer.load(environment: [:], file: file) }
    }
}
