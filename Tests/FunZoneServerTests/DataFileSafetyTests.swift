import Foundation
import Logging
import Storage
import Testing
@testable import FunZoneServer

/// What a crash, a power cut or a damaged disk can do to the data folder: blobs are whole or
/// absent, and a damaged, emptied or missing database is refused at start with what to do.
@Suite struct DataFileSafetyTests {
    static func freshFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fz-safety-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func entries(_ folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }

    @Test("a blob is written whole, private, with no temporary file left; a write that fails keeps the old one")
    func blobsAreWrittenWholeOrNotAtAll() async throws {
        let folder = try Self.freshFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blobs = try FileBlobStore(root: folder)
        let take = Data((0..<300_000).map { UInt8($0 % 251) })
        try await blobs.put(take, key: "takes/a.wav")
        try await blobs.put(Data(), key: "takes/empty.wav")
        #expect(try await blobs.get(key: "takes/a.wav") == take)
        #expect(try await blobs.get(key: "takes/empty.wav") == Data())
        #expect(Self.entries(folder) == ["takes", "takes/a.wav", "takes/empty.wav"])
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("takes/a.wav").path)[.posixPermissions] as? Int)
        #expect(mode & 0o077 == 0, "mode \(String(mode, radix: 8))")

        try await blobs.put(Data("new".utf8), key: "takes/a.wav")
        #expect(try await blobs.get(key: "takes/a.wav") == Data("new".utf8))
        // A folder that cannot be made (a file is in its place): the write fails and leaves nothing.
        try Data("in the way".utf8).write(to: folder.appendingPathComponent("drawings"))
        await #expect(throws: (any Error).self) { try await blobs.put(take, key: "drawings/b.png") }
        #expect(Self.entries(folder) == ["drawings", "takes", "takes/a.wav", "takes/empty.wav"])
        await #expect(throws: StorageError.notFound) { try await blobs.put(take, key: "takes/.a.wav.x.partial") }
    }

    @Test("the temporary file of a write a crash cut short is removed when the store opens; a young one (another instance's) and whole blobs stay")
    func partialsACrashLeftAreRemoved() async throws {
        let folder = try Self.freshFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await FileBlobStore(root: folder).put(Data("whole".utf8), key: "takes/a.wav")
        let old = folder.appendingPathComponent("takes/.b.wav.5B3C.partial"), young = folder.appendingPathComponent("takes/.c.wav.77AA.partial")
        try Data("half of b".utf8).write(to: old)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-601)], ofItemAtPath: old.path)
        try Data("half of c, being written by another instance".utf8).write(to: young)
        let reopened = try FileBlobStore(root: folder)
        #expect(Self.entries(folder) == ["takes", "takes/.c.wav.77AA.partial", "takes/a.wav"])
        #expect(try await reopened.get(key: "takes/a.wav") == Data("whole".utf8))
    }

    @Test("--durable flushes at every commit (synchronous=FULL); the default is NORMAL")
    func durableIsFullSynchronous() async throws {
        let folder = try Self.freshFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (durable, level) in [(false, 1), (true, 2)] {
            let database = try await SQLiteFileCheck.open(path: folder.appendingPathComponent("funzone.sqlite").path, dataFolder: folder.path,
                                                          durable: durable, logger: Logger(label: "test"))
            let row = try await database.sql.raw("PRAGMA synchronous").first()
            #expect(try row?.decode(column: "synchronous", as: Int.self) == level)
            try await database.close()
        }
    }

    @Test("a missing or empty database beside a family's files is refused; in an empty folder it is a first run")
    func anEmptiedDatabaseIsNotAFirstRun() async throws {
        let folder = try Self.freshFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("funzone.sqlite").path
        FileManager.default.createFile(atPath: path, contents: Data())
        try SQLiteFileCheck.beforeOpening(path: path, dataFolder: folder.path)  // nothing else here: a first run
        try await FileBlobStore(root: folder.appendingPathComponent("blobs")).put(Data("take".utf8), key: "takes/a.wav")
        #expect { try SQLiteFileCheck.beforeOpening(path: path, dataFolder: folder.path) } throws: { error in
            "\(error)".contains("is empty (0 bytes)") && "\(error)".contains("1 stored file under blobs/") && "\(error)".contains("backup")
        }
        try FileManager.default.removeItem(atPath: path)
        FileManager.default.createFile(atPath: folder.appendingPathComponent("secret.key").path, contents: Data(repeating: 7, count: 32))
        await #expect { _ = try await SQLiteFileCheck.open(path: path, dataFolder: folder.path, durable: false, logger: Logger(label: "test")) } throws: { error in
            "\(error)".contains("is missing") && "\(error)".contains("1 stored file under blobs/") && !"\(error)".contains("secret.key")
        }
        #expect(!FileManager.default.fileExists(atPath: path), "the refusal made no new database")
        // A sealing key put in place before the first start (shared by instances) is not a family's data.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("blobs"))
        try SQLiteFileCheck.beforeOpening(path: path, dataFolder: folder.path)
        FileManager.default.createFile(atPath: path, contents: Data())
        #expect { try SQLiteFileCheck.beforeOpening(path: path, dataFolder: folder.path) } throws: { "\($0)".contains("(secret.key)") }
    }

    @Test("a database whose pages are damaged is refused at start, never served")
    func aDamagedDatabaseIsRefused() async throws {
        let folder = try Self.freshFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("funzone.sqlite").path
        let database = try await SQLiteFileCheck.open(path: path, dataFolder: folder.path, durable: false, logger: Logger(label: "test"))
        _ = try await Migrations.run(on: database, now: Date())
        try await database.close()
        let sound = try await SQLiteFileCheck.open(path: path, dataFolder: folder.path, durable: false, logger: Logger(label: "test"))
        try await sound.close()

        // Garbage over every page but the first (the header and the schema's root stay readable).
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.count > 3 * 4096)
        for index in stride(from: 2 * 4096, to: bytes.count, by: 7) { bytes[index] = 0xA5 }
        try bytes.write(to: URL(fileURLWithPath: path))
        await #expect { _ = try await SQLiteFileCheck.open(path: path, dataFolder: folder.path, durable: false, logger: Logger(label: "test")) } throws: { error in
            error is DatabaseRefusal && "\(error)".contains("cannot be used") && "\(error)".contains("backup")
        }
    }
}
