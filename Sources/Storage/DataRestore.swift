import Foundation
import SQLKit
import ZIPFoundation

/// Restores a `funzone backup` archive into an empty database and data folder.
///
/// The database is migrated to the schema the backup was taken from, every row goes in inside one
/// transaction (all or nothing), the later migrations run, and then the files are written, each
/// checked against the zip's checksum and its size in the manifest. A database that already holds
/// a family is refused: a restore never mixes two servers' data or overwrites a family.
public struct DataRestore {
    public let database: Database
    public let blobs: FileBlobStore

    public init(database: Database, blobs: FileBlobStore) {
        self.database = database
        self.blobs = blobs
    }

    /// What was restored: the backup's manifest, and the data folder's keys it carries (path in the
    /// data folder → contents) for the caller to write.
    public struct Restored: Sendable {
        public let manifest: ArchiveManifest
        public let keys: [(path: String, data: Data)]
    }

    /// Reads manifest.json of an archive.
    public static func manifest(of archive: Archive) throws -> ArchiveManifest {
        guard let entry = archive["manifest.json"] else { throw ArchiveError("not a Kids Fun Zone backup: it has no manifest.json") }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do { return try decoder.decode(ArchiveManifest.self, from: try Self.data(of: entry, in: archive)) } catch {
            throw ArchiveError("not a Kids Fun Zone backup: its manifest.json cannot be read (\(error))")
        }
    }

    public func restore(from url: URL, now: Date) async throws -> Restored {
        let archive: Archive
        do { archive = try Archive(url: url, accessMode: .read) } catch { throw ArchiveError("\(url.path) is not a zip file: \(error)") }
        let manifest = try Self.manifest(of: archive)
        guard manifest.kind == .backup else {
            throw ArchiveError("this is one family's export, not a backup of the server: it has no passwords or keys to restore from")
        }
        guard manifest.formatVersion == 1 else { throw ArchiveError("backup format \(manifest.formatVersion) is newer than this funzone reads: update funzone") }
        guard manifest.schemaVersion <= Migrations.latestVersion else {
            throw ArchiveError("the backup's schema (\(manifest.schemaVersion)) is newer than this funzone's (\(Migrations.latestVersion)): update funzone first")
        }
        try await refuseUnlessEmpty()
        _ = try await Migrations.run(on: database, now: now, upTo: manifest.schemaVersion)
        // The files first: rows that fail leave a database still empty, which a second try may
        // restore into (the files are written again over themselves).
        for file in manifest.files {
            guard let entry = archive["files/\(file.key)"] else { throw ArchiveError("the backup lacks files/\(file.key), which its manifest lists") }
            let data = try Self.data(of: entry, in: archive)
            guard Int64(data.count) == file.bytes else { throw ArchiveError("files/\(file.key) is \(data.count) bytes; the manifest says \(file.bytes)") }
            try await blobs.put(data, key: file.key)
        }
        try await loadRows(of: manifest, from: archive)
        _ = try await Migrations.run(on: database, now: now)
        var keys: [(path: String, data: Data)] = []
        for path in manifest.keys {
            guard !path.contains(".."), let entry = archive["keys/\(path)"] else { throw ArchiveError("the backup lacks keys/\(path)") }
            keys.append((path, try Self.data(of: entry, in: archive)))
        }
        return Restored(manifest: manifest, keys: keys)
    }

    private func refuseUnlessEmpty() async throws {
        let applied: Int
        do { applied = try await Migrations.appliedVersion(on: database.sql) } catch { return }  // no schema yet: empty
        guard applied > 0 else { return }
        let families = try await database.sql.raw("SELECT COUNT(*) AS n FROM families").first()?.decode(column: "n", as: Int.self) ?? 0
        if families > 0 {
            throw ArchiveError("the database already holds \(families) \(families == 1 ? "family" : "families"): restore into a new data folder (--data-dir) or an empty PostgreSQL database")
        }
        guard applied <= Migrations.latestVersion else { throw ArchiveError("the database's schema is newer than this funzone's") }
    }

    /// Every table's rows in one transaction; each table's count checked against the manifest.
    private func loadRows(of manifest: ArchiveManifest, from archive: Archive) async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("funzone-restore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: scratch) }
        for table in manifest.tables {
            _ = try TableRows.checkName(table.name)
            guard let entry = archive["tables/\(table.name).jsonl"] else { throw ArchiveError("the backup lacks tables/\(table.name).jsonl") }
            _ = try archive.extract(entry, to: scratch.appendingPathComponent("\(table.name).jsonl"))
        }
        let kind = database.kind
        try await database.withConnection { sql in
            try await sql.raw(kind == .sqlite ? "BEGIN IMMEDIATE" : "BEGIN").run()
            do {
                // SQLite checks the references at COMMIT; PostgreSQL gets the tables in the order
                // the migrations made them, each after the ones it refers to.
                if kind == .sqlite { try await sql.raw("PRAGMA defer_foreign_keys = ON").run() }
                let present = Set(try await TableRows.tables(on: sql, kind: kind))
                let order = try await TableRows.tables(on: sql, kind: kind)
                let byName = Dictionary(manifest.tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
                for name in byName.keys where !present.contains(name) {
                    throw ArchiveError("the backup has a table \(name) this schema lacks")
                }
                for name in order {
                    guard let table = byName[name] else { continue }
                    let columns = try await TableRows.columns(of: name, on: sql, kind: kind)
                    var count = 0
                    for try await line in LineReader(url: scratch.appendingPathComponent("\(name).jsonl")) {
                        try await TableRows.insert(line, into: name, columns: columns, on: sql, kind: kind)
                        count += 1
                    }
                    guard count == table.rows else { throw ArchiveError("tables/\(name).jsonl has \(count) rows; the manifest says \(table.rows)") }
                }
                try await sql.raw("COMMIT").run()
            } catch {
                try? await sql.raw("ROLLBACK").run()
                throw error
            }
        }
    }

    /// An entry's bytes, its CRC-32 checked.
    static func data(of entry: Entry, in archive: Archive) throws -> Data {
        var data = Data()
        _ = try archive.extract(entry) { data.append($0) }
        return data
    }
}

/// The lines of a file, read in pieces (a table's rows may be larger than memory should hold at once).
struct LineReader: AsyncSequence {
    typealias Element = String
    let url: URL

    struct AsyncIterator: AsyncIteratorProtocol {
        let handle: FileHandle?
        var buffer = Data()
        /// Where the next line starts in `buffer` (lines are not cut off its front one by one).
        var start = 0
        var finished = false

        mutating func next() async throws -> String? {
            guard let handle else { return nil }
            while true {
                if let newline = buffer[start...].firstIndex(of: 0x0A) {
                    let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                    start = newline + 1
                    if line.isEmpty { continue }
                    return line
                }
                if finished {
                    guard start < buffer.count else { try? handle.close(); return nil }
                    let line = String(decoding: buffer[start...], as: UTF8.self)
                    start = buffer.count
                    return line
                }
                buffer.removeSubrange(0..<start)
                start = 0
                let piece = try handle.read(upToCount: 1 << 20) ?? Data()
                if piece.isEmpty { finished = true } else { buffer.append(piece) }
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(handle: try? FileHandle(forReadingFrom: url)) }
}
