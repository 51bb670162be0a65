import Foundation
import SQLKit
import ZIPFoundation

/// Why a backup, a restore or an export could not be made: said so a person can act on it.
public struct ArchiveError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// What an archive holds, written first into it as manifest.json.
public struct ArchiveManifest: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        /// Every family, for `funzone restore`.
        case backup = "funzone-backup"
        /// One family's rows and files, for the family itself (no passwords, keys or tokens).
        case familyExport = "funzone-family-export"
    }

    public struct Table: Codable, Sendable, Equatable {
        public let name: String
        public let rows: Int
    }

    public struct File: Codable, Sendable, Equatable {
        public let key: String
        public let bytes: Int64
    }

    public var kind: Kind
    public var formatVersion = 1
    public var createdAt: Date
    /// The schema the rows were read from (the last migration applied).
    public var schemaVersion: Int
    /// sqlite or postgres: where the rows came from (a backup restores onto either).
    public var database: String
    public var familyId: String?
    public var familyName: String?
    public var tables: [Table] = []
    public var files: [File] = []
    /// Files rows named that were gone when the archive was made (deleted meanwhile).
    public var missingFiles: [String] = []
    /// The data folder's keys in the archive (keys/…): SpotCheck's sealing key, the home HTTPS authority.
    public var keys: [String] = []

    public var totalRows: Int { tables.reduce(0) { $0 + $1.rows } }
    public var totalFileBytes: Int64 { files.reduce(0) { $0 + $1.bytes } }
}

/// Writes a backup of every family, or one family's export, into a zip file:
/// manifest.json, tables/<table>.jsonl (one JSON object per row), files/<key> and keys/<path>.
///
/// The rows are read in one read-only transaction, so they are one moment's state while the
/// server goes on writing (SQLite's write-ahead log and PostgreSQL's snapshot let it); the files
/// the rows name are copied after, and one deleted in between is listed in `missingFiles`.
/// The zip is written beside its place and renamed over it when whole; it is private (0600).
public struct DataArchiveWriter {
    public let database: Database
    public let blobs: any BlobStore

    public init(database: Database, blobs: any BlobStore) {
        self.database = database
        self.blobs = blobs
    }

    /// Tables a backup leaves out: counters and heartbeats that mean nothing on another server.
    /// (PostgreSQL's `blobs` are copied as files, as the data folder's are.)
    static let transient: Set<String> = ["rate_limits", "health_beats", "schema_migrations", "blobs"]
    /// Tables a family's export leaves out: sign-in and pairing secrets, replay guards.
    static let privateTables: Set<String> = ["sessions", "invites", "password_resets", "spotcheck_pairing_codes", "spotcheck_signatures"]

    /// Every family: all rows, every kept file (not the thumbnails, which are made again), and the
    /// data folder's `keys` (archive path → file).
    public func backup(to destination: URL, keys: [(path: String, file: URL)], now: Date) async throws -> ArchiveManifest {
        try await write(to: destination) { archive, scratch in
            var manifest = try await readRows(into: archive, scratch: scratch, kind: .backup, now: now, family: nil)
            for key in try await blobs.keys() { try await add(blob: key, to: archive, manifest: &manifest) }
            for key in keys where FileManager.default.fileExists(atPath: key.file.path) {
                try archive.addEntry(with: "keys/\(key.path)", fileURL: key.file, compressionMethod: .deflate)
                manifest.keys.append(key.path)
            }
            return manifest
        }
    }

    /// One family: its rows (without password hashes, device secrets or tokens) and its files.
    public func export(family: FamilyID, to destination: URL, now: Date) async throws -> ArchiveManifest {
        try await write(to: destination) { archive, scratch in
            var manifest = try await readRows(into: archive, scratch: scratch, kind: .familyExport, now: now, family: family)
            for key in try await familyBlobKeys(family) { try await add(blob: key, to: archive, manifest: &manifest) }
            try archive.addEntry(with: "README.txt", type: .file, uncompressedSize: Int64(Self.exportReadme.utf8.count),
                                 compressionMethod: .deflate) { position, size in
                Data(Self.exportReadme.utf8).subdata(in: Int(position)..<Int(position) + size)
            }
            return manifest
        }
    }

    static let exportReadme = """
        Kids Fun Zone: everything your family keeps on the server.

        manifest.json       what is here: each table's row count, each file's size
        tables/NAME.jsonl   one line per row, a JSON object whose keys are the columns
                            (times are milliseconds since 1970 UTC; flags are 0 or 1)
        files/…             recordings (Ogg Opus or WAV), photos and PDFs, named as the
                            rows name them (audio_key, file_key)

        Passwords, phone secrets and sign-in tokens are not in this file.

        """

    // MARK: - Writing the zip

    private func write(to destination: URL, _ body: (Archive, URL) async throws -> ArchiveManifest) async throws -> ArchiveManifest {
        let folder = destination.deletingLastPathComponent()
        let partial = folder.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("funzone-archive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer {
            try? FileManager.default.removeItem(at: scratch)
            try? FileManager.default.removeItem(at: partial)
        }
        guard FileManager.default.createFile(atPath: partial.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw ArchiveError("cannot write in \(folder.path)")
        }
        try FileManager.default.removeItem(at: partial)  // ZIPFoundation makes it; the mode check above is for a clear error
        let archive = try Archive(url: partial, accessMode: .create)
        var manifest = try await body(archive, scratch)
        manifest.files.sort { $0.key < $1.key }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let json = try encoder.encode(manifest)
        try archive.addEntry(with: "manifest.json", type: .file, uncompressedSize: Int64(json.count), compressionMethod: .deflate) { position, size in
            json.subdata(in: Int(position)..<Int(position) + size)
        }
        chmod(partial.path, 0o600)
        let file = open(partial.path, O_RDONLY)
        if file >= 0 { fsync(file); close(file) }
        guard rename(partial.path, destination.path) == 0 else { throw ArchiveError("cannot write \(destination.path): \(String(cString: strerror(errno)))") }
        return manifest
    }

    /// Reads every table in one read-only transaction into tables/<name>.jsonl.
    private func readRows(into archive: Archive, scratch: URL, kind: ArchiveManifest.Kind, now: Date, family: FamilyID?) async throws -> ArchiveManifest {
        let databaseKind = database.kind
        let files = try await database.withConnection { sql in
            try await sql.raw(databaseKind == .sqlite ? "BEGIN" : "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY").run()
            do {
                let result = try await Self.readTables(on: sql, kind: databaseKind, scratch: scratch, family: family)
                try await sql.raw("COMMIT").run()
                return result
            } catch {
                try? await sql.raw("ROLLBACK").run()
                throw error
            }
        }
        guard family == nil || files.familyName != nil else { throw ArchiveError("no such family") }
        var manifest = ArchiveManifest(kind: kind, createdAt: now, schemaVersion: files.schemaVersion, database: databaseKind.rawValue,
                                       familyId: family?.rawValue, familyName: files.familyName)
        for table in files.tables {
            try archive.addEntry(with: "tables/\(table.name).jsonl", fileURL: scratch.appendingPathComponent("\(table.name).jsonl"),
                                 compressionMethod: .deflate)
            manifest.tables.append(table)
        }
        return manifest
    }

    private struct ReadTables: Sendable {
        var schemaVersion = 0
        var familyName: String?
        var tables: [ArchiveManifest.Table] = []
    }

    private static func readTables(on sql: any SQLDatabase, kind: Database.Kind, scratch: URL, family: FamilyID?) async throws -> ReadTables {
        var read = ReadTables()
        read.schemaVersion = try await Migrations.appliedVersion(on: sql)
        // The tables are the ones this program's migrations name: a newer version's would be missed.
        guard read.schemaVersion <= Migrations.latestVersion else {
            throw ArchiveError("the database was migrated by a newer funzone (schema \(read.schemaVersion), this one knows \(Migrations.latestVersion)): back it up with that version")
        }
        if let family {
            read.familyName = try await sql.raw("SELECT name FROM families WHERE id = \(bind: family)").first()?.decode(column: "name", as: String.self)
            guard read.familyName != nil else { return read }
        }
        for table in try await TableRows.tables(on: sql, kind: kind) where !transient.contains(table) {
            let columns = try await TableRows.columns(of: table, on: sql, kind: kind)
            var filter: SQLQueryString?
            var leaving: Set<String> = []
            if let family {
                if privateTables.contains(table) { continue }
                if table == "families" {
                    filter = "id = \(bind: family)"
                } else if columns.contains("family_id") {
                    filter = "family_id = \(bind: family)"
                } else {
                    continue  // not a family's row
                }
                leaving = Set(columns.filter { ["hash", "secret", "token", "sealed"].contains(where: $0.contains) })
            }
            let url = scratch.appendingPathComponent("\(table).jsonl")
            FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            let writer = LineWriter(handle: handle)
            let count = try await TableRows.read(table, columns: columns, leaving: leaving, filter: filter, on: sql, kind: kind) { line in
                try writer.write(line)
            }
            try writer.flush()
            read.tables.append(.init(name: table, rows: count))
        }
        return read
    }

    // MARK: - Files

    /// The blobs a family's rows name.
    private func familyBlobKeys(_ family: FamilyID) async throws -> [String] {
        var keys: [String] = []
        for (table, column) in [("app_requests", "audio_key"), ("speakup_takes", "audio_key"), ("mirrorbuddy_materials", "file_key")] {
            let rows = try await database.sql.raw("""
                SELECT \(unsafeRaw: column) AS k FROM \(unsafeRaw: table) WHERE family_id = \(bind: family) AND \(unsafeRaw: column) IS NOT NULL
                """).all()
            for row in rows {
                keys += try row.decode(column: "k", as: String.self).split(separator: "\n").map(String.init)
            }
        }
        return keys.sorted()
    }

    private func add(blob key: String, to archive: Archive, manifest: inout ArchiveManifest) async throws {
        guard let data = try await blobs.get(key: key) else {
            manifest.missingFiles.append(key)
            return
        }
        // Recordings and photos are compressed already: stored as they are.
        try archive.addEntry(with: "files/\(key)", type: .file, uncompressedSize: Int64(data.count), compressionMethod: .none) { position, size in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
        manifest.files.append(.init(key: key, bytes: Int64(data.count)))
    }
}

/// Buffers lines into a file (a table's rows).
private final class LineWriter: @unchecked Sendable {
    private let handle: FileHandle
    private var buffer = Data()
    private let lock = NSLock()

    init(handle: FileHandle) { self.handle = handle }

    func write(_ line: String) throws {
        try lock.withLock {
            buffer.append(contentsOf: line.utf8)
            buffer.append(0x0A)
            if buffer.count >= 1 << 20 { try drain() }
        }
    }

    func flush() throws { try lock.withLock { try drain() } }

    private func drain() throws {
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
