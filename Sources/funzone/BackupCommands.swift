import ArgumentParser
import Foundation
import FunZoneServer
import Storage

/// `funzone backup`: every family's rows, files and the server's keys in one zip, while serving.
struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Save every family's data, files and the server's keys into one zip file (safe while the server runs).",
        discussion: """
            The rows are read in one transaction (one moment's state); recordings, photos and PDFs are \
            copied after, and any deleted in between are listed. The file holds SpotCheck's sealing key and \
            the home HTTPS authority: keep it as private as the data folder (it is written 0600). \
            Restore it with `funzone restore`, onto SQLite or PostgreSQL.
            """)
    @OptionGroup var storage: StorageOptions
    @Option(name: .customLong("to"), help: ArgumentHelp("The zip file to write (replaced when whole).", valueName: "file")) var destination: String
    @Option(name: .customLong("secret-key-file"), help: ArgumentHelp("The sealing key's file, when `serve` is given one (default <data-dir>/secret.key).",
                                                                  valueName: "path"))
    var secretKeyFile: String?

    func run() async throws {
        let started = Date()
        var keys = storage.dataFolderKeys()
        if let secretKeyFile { keys[0].file = URL(fileURLWithPath: secretKeyFile) }
        if ProcessInfo.processInfo.environment["FUNZONE_SECRET_KEY"].map({ !$0.isEmpty }) == true {
            FileHandle.standardError.write(Data("Note: FUNZONE_SECRET_KEY is set: that key is not in the backup; keep it with the backup yourself.\n".utf8))
        } else if !FileManager.default.fileExists(atPath: keys[0].file.path) {
            FileHandle.standardError.write(Data("Note: no sealing key at \(keys[0].file.path): paired SpotCheck phones will need pairing again after a restore.\n".utf8))
        }
        let manifest = try await storage.withDatabase { database in
            try await DataArchiveWriter(database: database, blobs: try storage.blobStore(database: database))
                .backup(to: URL(fileURLWithPath: destination), keys: keys, now: Date())
        }
        print(Self.summary(manifest, seconds: Date().timeIntervalSince(started), file: destination))
    }

    static func summary(_ manifest: ArchiveManifest, seconds: Double, file: String) -> String {
        var lines = ["Wrote \(file): \(manifest.totalRows) rows in \(manifest.tables.count) tables, \(manifest.files.count) files (\(megabytes(manifest.totalFileBytes))), schema \(manifest.schemaVersion), in \(String(format: "%.1f", seconds)) s."]
        if !manifest.missingFiles.isEmpty {
            lines.append("\(manifest.missingFiles.count) files were deleted while the backup ran and are not in it: \(manifest.missingFiles.prefix(5).joined(separator: ", "))")
        }
        return lines.joined(separator: "\n")
    }
}

/// `funzone restore`: a backup into an empty data folder or PostgreSQL database.
struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Restore a `funzone backup` file into an empty data folder or an empty PostgreSQL database.",
        discussion: """
            Stop the server first. The database must hold no family (restore into a new --data-dir, or \
            a new PostgreSQL database with --database-url); every row goes in at once or none does, then \
            the files and the keys are written and checked. A backup from SQLite restores onto PostgreSQL \
            and back.
            """)
    @OptionGroup var storage: StorageOptions
    @Option(name: .customLong("from"), help: ArgumentHelp("The backup's zip file.", valueName: "file")) var source: String

    func run() async throws {
        guard FileManager.default.fileExists(atPath: source) else { throw ValidationError("No file at \(source).") }
        // The keys and files go into the data folder: one that holds another server's is refused.
        let folder = URL(fileURLWithPath: storage.resolvedDataDir)
        let taken = ["secret.key", "tls", "blobs"].filter { name in
            let path = folder.appendingPathComponent(name).path
            return name == "blobs" ? !((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).isEmpty : FileManager.default.fileExists(atPath: path)
        }
        guard taken.isEmpty else {
            throw ValidationError("The data folder \(folder.path) already holds \(taken.joined(separator: ", ")): restore into a new, empty --data-dir.")
        }
        let started = Date()
        let restored = try await storage.withDatabase { database in
            try storage.prepareDataFolder(logger: .init(label: "funzone"))
            return try await DataRestore(database: database, blobs: try storage.blobStore(database: database))
                .restore(from: URL(fileURLWithPath: source), now: Date())
        }
        for key in restored.keys {
            let url = URL(fileURLWithPath: storage.resolvedDataDir).appendingPathComponent(key.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try key.data.write(to: url, options: .atomic)
            chmod(url.path, 0o600)
        }
        let manifest = restored.manifest
        print("""
            Restored \(manifest.totalRows) rows in \(manifest.tables.count) tables and \(manifest.files.count) files \
            (\(megabytes(manifest.totalFileBytes))) from the backup of \(ISO8601DateFormatter().string(from: manifest.createdAt)) \
            (\(manifest.database), schema \(manifest.schemaVersion)) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s; \
            keys: \(manifest.keys.isEmpty ? "none" : manifest.keys.joined(separator: ", ")).
            """)
    }
}

/// `funzone export --family`: one family's rows and files, as the parent area's download gives them.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Save one family's data and files into a zip (JSON lines per table, the recordings and documents; no passwords or keys).")
    @OptionGroup var storage: StorageOptions
    @Option(help: ArgumentHelp("The family: its id, or the e-mail of one of its parents.", valueName: "id-or-email")) var family: String
    @Option(name: .customLong("to"), help: ArgumentHelp("The zip file to write.", valueName: "file")) var destination: String

    func run() async throws {
        let manifest = try await storage.withDatabase { database in
            let row = try await database.sql.raw("""
                SELECT id FROM families WHERE id = \(bind: family)
                UNION SELECT family_id AS id FROM parents WHERE email = \(bind: family.lowercased())
                """).first()
            guard let id = try row?.decode(column: "id", as: String.self) else {
                throw ValidationError("No family has the id or a parent with the e-mail \(family).")
            }
            return try await DataArchiveWriter(database: database, blobs: try storage.blobStore(database: database))
                .export(family: FamilyID(id), to: URL(fileURLWithPath: destination), now: Date())
        }
        print("Wrote \(destination): \(manifest.familyName ?? "") — \(manifest.totalRows) rows, \(manifest.files.count) files (\(megabytes(manifest.totalFileBytes))).")
    }
}

extension StorageOptions {
    var blobRoot: URL { URL(fileURLWithPath: resolvedDataDir).appendingPathComponent("blobs") }

    /// Where recordings, photos and PDFs are kept: the data folder beside SQLite; PostgreSQL itself
    /// with --database-url (files an older version left in the data folder are still read).
    func blobStore(database: Database) throws -> any BlobStore {
        let files = try FileBlobStore(root: blobRoot)
        return database.kind == .postgres ? DatabaseBlobStore(database: database, fallback: files) : files
    }

    /// The keys a backup carries: SpotCheck's sealing key and the home HTTPS authority's files.
    func dataFolderKeys() -> [(path: String, file: URL)] {  // the sealing key first
        let folder = URL(fileURLWithPath: resolvedDataDir)
        var keys = [(path: "secret.key", file: folder.appendingPathComponent("secret.key"))]
        let tls = folder.appendingPathComponent("tls")
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: tls.path)) ?? []).sorted() where !name.hasPrefix(".") {
            keys.append((path: "tls/\(name)", file: tls.appendingPathComponent(name)))
        }
        return keys
    }
}

private func megabytes(_ bytes: Int64) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }
