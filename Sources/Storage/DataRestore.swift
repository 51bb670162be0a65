import Foundation
import SQLKit
import ZIPFoundation

/// Restores a `funzone backup` archive into an empty database and data folder.
///
/// Every file is checked first (the zip's checksum and the manifest's size); then the database is
/// migrated to the schema the backup was taken from, every row goes in inside one transaction (all
/// or nothing), the later migrations run, and the files are written. A database that already holds
/// a family is refused: a restore never mixes two servers' data or overwrites a family.
public struct DataRestore {
    public let database: Database
    public let blobs: any BlobStore

    public init(database: Database, blobs: any BlobStore) {
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
        try await refuseUnlessEmpty(schemaVersion: manifest.schemaVersion)
        // The keys and every file are read and checked (CRC-32, size) before the database is
        // touched, so a damaged archive changes nothing.
        var keys: [(path: String, data: Data)] = []
        for path in manifest.keys {
            guard Self.isKeyPath(path), let entry = archive["keys/\(path)"], entry.type == .file else {
                throw ArchiveError("the backup lacks keys/\(path), or it is not a key's name")
            }
            keys.append((path, try Self.data(of: entry, in: archive)))
        }
        for file in manifest.files { _ = try Self.file(file, in: archive) }
        _ = try await Migrations.run(on: database, now: now, upTo: manifest.schemaVersion)
        try await loadRows(of: manifest, from: archive)
        _ = try await Migrations.run(on: database, now: now)
        do {
            for file in manifest.files { try await blobs.put(try Self.file(file, in: archive), key: file.key) }
        } catch {
            throw ArchiveError("the rows are restored but a file could not be written (\(error)): free room, empty the data folder or database, and restore again")
        }
        return Restored(manifest: manifest, keys: keys)
    }

    /// The data folder's keys a backup may carry: the sealing key and the home authority's files.
    public static func isKeyPath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let plain = parts.allSatisfy { !$0.isEmpty && !$0.hasPrefix(".") && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) } }
        return plain && (path == "secret.key" || parts.count == 2 && parts[0] == "tls")
    }

    private func refuseUnlessEmpty(schemaVersion: Int) async throws {
        let applied: Int
        do { applied = try await Migrations.appliedVersion(on: database.sql) } catch { return }  // no schema yet: empty
        guard applied > 0 else { return }
        let families = try await database.sql.raw("SELECT COUNT(*) AS n FROM families").first()?.decode(column: "n", as: Int.self) ?? 0
        if families > 0 {
            throw ArchiveError("the database already holds \(families) \(families == 1 ? "family" : "families"): restore into a new data folder (--data-dir) or an empty PostgreSQL database")
        }
        // Rows go into the schema they were read from (PostgreSQL fills a column a row lacks with
        // NULL, not its default, and later migrations' data steps must run on them).
        guard applied <= schemaVersion else {
            throw ArchiveError("the database was set up by a newer version (schema \(applied)) than the backup's (\(schemaVersion)): restore into a new data folder or a new PostgreSQL database")
        }
    }

    /// Every table's rows in one transaction; each table's count checked against the manifest.
    private func loadRows(of manifest: ArchiveManifest, from archive: Archive) async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("funzone-restore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: scratch) }
        for table in manifest.tables {
            _ = try TableRows.checkName(table.name)
            guard let entry = archive["tables/\(table.name).jsonl"], entry.type == .file else { throw ArchiveError("the backup lacks tables/\(table.name).jsonl") }
            _ = try archive.extract(entry, to: scratch.appendingPathComponent("\(table.name).jsonl"))
        }
        let kind = database.kind
        try await database.withConnection { sql in
            try await sql.raw(kind == .sqlite ? "BEGIN IMMEDIATE" : "BEGIN").run()
            do {
                // SQLite checks the references at COMMIT; PostgreSQL gets the tables in the order
                // the migrations made them, each after the ones it refers to.
                if kind == .sqlite { try await sql.raw("PRAGMA defer_foreign_keys = ON").run() }
                let order = try await TableRows.tables(on: sql, kind: kind)
                let present = Set(order)
                let byName = Dictionary(manifest.tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
                for name in byName.keys where !present.contains(name) {
                    throw ArchiveError("the backup has a table \(name) this schema lacks")
                }
                for name in order {
                    guard let table = byName[name] else { continue }
                    // A few hundred rows (at most about a megabyte) a statement.
                    var count = 0, batch: [String] = [], bytes = 0
                    for try await line in LineReader(url: scratch.appendingPathComponent("\(name).jsonl")) {
                        batch.append(line)
                        bytes += line.utf8.count
                        count += 1
                        if batch.count >= 500 || bytes >= 1 << 20 {
                            try await TableRows.insert(batch, into: name, on: sql, kind: kind)
                            batch.removeAll(keepingCapacity: true)
                            bytes = 0
                        }
                    }
                    try await TableRows.insert(batch, into: name, on: sql, kind: kind)
                    guard count == table.rows else { throw ArchiveError("tables/\(name).jsonl has \(count) rows; the manifest says \(table.rows)") }
                }
                try await sql.raw("COMMIT").run()
            } catch {
                try? await sql.raw("ROLLBACK").run()
                throw error
            }
        }
    }

    private static func file(_ file: ArchiveManifest.File, in archive: Archive) throws -> Data {
        guard !file.key.contains(".."), !file.key.hasPrefix("/"), let entry = archive["files/\(file.key)"], entry.type == .file else {
            throw ArchiveError("the backup lacks files/\(file.key), which its manifest lists")
        }
        let data = try data(of: entry, in: archive)
        guard Int64(data.count) == file.bytes else { throw ArchiveError("files/\(file.key) is \(data.count) bytes; the manifest says \(file.bytes)") }
        return data
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
