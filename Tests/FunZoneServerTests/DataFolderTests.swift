import Foundation
import Testing
@testable import FunZoneServer

/// The data folder is private to the server's user: one made before that rule (0644 files in 0755
/// folders: the database, recordings, thumbnails) is tightened at start, once.
@Suite struct DataFolderTests {
    static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func anOldDataFolderIsMadePrivateOnce() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fz-data-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let recordings = "\(root)/blobs/speakup/family"
        try FileManager.default.createDirectory(atPath: recordings, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root)
        #expect(FileManager.default.createFile(atPath: "\(root)/funzone.sqlite", contents: Data("db".utf8), attributes: [.posixPermissions: 0o644]))
        #expect(FileManager.default.createFile(atPath: "\(recordings)/take.ogg", contents: Data("ogg".utf8), attributes: [.posixPermissions: 0o644]))
        let outside = "\(root)-outside"
        defer { try? FileManager.default.removeItem(atPath: outside) }
        #expect(FileManager.default.createFile(atPath: outside, contents: Data("x".utf8), attributes: [.posixPermissions: 0o644]))
        try FileManager.default.createSymbolicLink(atPath: "\(root)/elsewhere", withDestinationPath: outside)

        #expect(try DataFolder.prepare(root) == 6)  // the folder, blobs, speakup, family, the database, the take
        for folder in [root, "\(root)/blobs", "\(root)/blobs/speakup", recordings] { #expect(try Self.mode(folder) == 0o700, "\(folder)") }
        for file in ["\(root)/funzone.sqlite", "\(recordings)/take.ogg"] { #expect(try Self.mode(file) == 0o600, "\(file)") }
        #expect(try Self.mode(outside) == 0o644)  // a link's target is not the data folder's
        #expect(try DataFolder.prepare(root) == 0)
    }

    @Test func aNewDataFolderIsPrivate() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fz-data-\(UUID().uuidString)/data").path
        defer { try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent) }
        #expect(try DataFolder.prepare(root) == 0)
        #expect(try Self.mode(root) == 0o700)
    }
}
