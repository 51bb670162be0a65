import Foundation
import Logging
import SQLKit

/// What `/healthz` and the start of the server ask of the database beyond "does it answer".
extension Database {
    /// Writes this instance's heartbeat row. It succeeds only when the database takes writes now:
    /// not when its disk is full, the file read-only, or another connection holds the write lock.
    public func beat(instance: String, at date: Date) async throws {
        try await sql.raw("""
            INSERT INTO health_beats (instance, beat_at) VALUES (\(bind: instance), \(bind: date.millis))
            ON CONFLICT (instance) DO UPDATE SET beat_at = excluded.beat_at
            """).run()
    }

    /// Forgets the heartbeats of instances that stopped before `date`.
    public func forgetBeats(before date: Date) async throws {
        try await sql.raw("DELETE FROM health_beats WHERE beat_at < \(bind: date.millis)").run()
    }

    /// SQLite's `PRAGMA quick_check`: an empty list when the file is sound, else the first problems
    /// it names. PostgreSQL checks its own pages: always empty there.
    public func quickCheck() async throws -> [String] {
        guard kind == .sqlite else { return [] }
        let rows = try await sql.raw("PRAGMA quick_check(5)").all()
        let lines = try rows.map { try $0.decode(column: "quick_check", as: String.self) }
        return lines == ["ok"] ? [] : lines
    }
}

/// Why the server will not open a database file, and what to do about it.
public struct DatabaseRefusal: Error, CustomStringConvertible, Sendable {
    public let description: String
}

/// Checks a SQLite file before and after it is opened, so a damaged one is never served and
/// written to, and an emptied one never becomes a "first run" that hands the set-up form to
/// whoever comes first.
public enum SQLiteFileCheck {
    /// Opens the SQLite file at `path` in `dataFolder` once it has passed both checks; a file that
    /// fails them, or that SQLite cannot open, is a `DatabaseRefusal` that says what to do.
    public static func open(path: String, dataFolder: String, durable: Bool, logger: Logger) async throws -> Database {
        try beforeOpening(path: path, dataFolder: dataFolder)
        let database: Database
        do {
            database = try await Database.sqlite(path: path, durable: durable, logger: logger)
        } catch where isDamage(error) {
            throw damaged(path, found: "\(error)")
        }
        do {
            try await afterOpening(database, path: path)
        } catch {
            try? await database.close()
            throw error
        }
        return database
    }

    /// Before opening: an empty file beside a family's data (the sealing key, stored files), or a
    /// missing one beside stored files, is refused. A folder with nothing else in it is a first run.
    public static func beforeOpening(path: String, dataFolder: String) throws {
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
        guard size == nil || size == 0 else { return }
        // A missing file is refused only beside stored files: a sealing key alone may have been put
        // there before the first start, for instances to share.
        let signs = familyDataSigns(in: dataFolder).filter { size == 0 || $0 != "secret.key" }
        guard !signs.isEmpty else { return }
        throw DatabaseRefusal(description: """
            The database \(path) is \(size == nil ? "missing" : "empty (0 bytes)"), but the data folder holds a family's data (\(signs.joined(separator: ", "))). \
            Starting would offer the set-up form as if this were a new server. Put back funzone.sqlite from a backup copy of \
            the data folder, or, to start afresh, move the data folder aside and start again.
            """)
    }

    /// After opening: `PRAGMA quick_check` must find nothing.
    public static func afterOpening(_ database: Database, path: String) async throws {
        let problems: [String]
        do {
            problems = try await database.quickCheck()
        } catch {
            problems = ["\(error)"]
        }
        guard !problems.isEmpty else { return }
        throw damaged(path, found: "SQLite's quick_check found \(problems.joined(separator: "; "))")
    }

    /// SQLite's words for a file that is not a sound database (SQLITE_CORRUPT, SQLITE_NOTADB);
    /// anything else (permissions, a full disk, a lock) is thrown as it is, not called damage.
    static func isDamage(_ error: any Error) -> Bool {
        let text = "\(error)".lowercased()
        return text.contains("malformed") || text.contains("not a database") || text.contains("corrupt")
    }

    private static func damaged(_ path: String, found: String) -> DatabaseRefusal {
        DatabaseRefusal(description: """
            The database \(path) cannot be used: \(found). The server will not serve or write to it. Stop every \
            instance, keep a copy of the data folder, and put back funzone.sqlite from a backup copy (or try \
            `sqlite3 \(path) .recover` into a new file and put that in its place).
            """)
    }

    /// What in `folder` shows that a family's data was kept there.
    static func familyDataSigns(in folder: String) -> [String] {
        var signs: [String] = []
        if FileManager.default.fileExists(atPath: "\(folder)/secret.key") { signs.append("secret.key") }
        if let walker = FileManager.default.enumerator(atPath: "\(folder)/blobs") {
            var files = 0
            for case let relative as String in walker {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: "\(folder)/blobs/\(relative)", isDirectory: &isFolder), !isFolder.boolValue { files += 1 }
            }
            if files > 0 { signs.append("\(files) stored \(files == 1 ? "file" : "files") under blobs/") }
        }
        return signs
    }
}
