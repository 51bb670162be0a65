import Foundation
import SQLKit

/// Blobs in PostgreSQL (the `blobs` table), so that any number of instances on one database share
/// recordings, photos, PDFs and thumbnails without a shared folder.
///
/// A server that ran on PostgreSQL before kept its files in its data folder: those are still read
/// from there (`fallback`) until deleted; every new blob goes to the database. A write is
/// committed (and, with PostgreSQL's default `synchronous_commit`, on its disk) before `put` returns.
public struct DatabaseBlobStore: BlobStore {
    public let database: Database
    public let fallback: FileBlobStore?
    private var sql: any SQLDatabase { database.sql }

    public init(database: Database, fallback: FileBlobStore?) {
        precondition(database.kind == .postgres, "SQLite keeps its blobs in the data folder")
        self.database = database
        self.fallback = fallback
    }

    public func put(_ data: Data, key: String) async throws {
        try Self.check(key)
        try await sql.raw("""
            INSERT INTO blobs (key, data, bytes, created_at) VALUES (\(bind: key), \(bind: data), \(bind: Int64(data.count)), \(bind: Date().millis))
            ON CONFLICT (key) DO UPDATE SET data = excluded.data, bytes = excluded.bytes, created_at = excluded.created_at
            """).run()
    }

    public func get(key: String) async throws -> Data? {
        try Self.check(key)
        if let row = try await sql.raw("SELECT data FROM blobs WHERE key = \(bind: key)").first() {
            return try row.decode(column: "data", as: Data.self)
        }
        return try await fallback?.get(key: key)
    }

    public func delete(key: String) async throws {
        try Self.check(key)
        try await sql.raw("DELETE FROM blobs WHERE key = \(bind: key)").run()
        try await fallback?.delete(key: key)
    }

    public func keys() async throws -> [String] {
        let stored = try await sql.raw("SELECT key FROM blobs ORDER BY key").all().map { try $0.decode(column: "key", as: String.self) }
        return Set(stored.filter { !isDerivedBlob($0) } + (fallback?.keys() ?? [])).sorted()
    }

    private static func check(_ key: String) throws {
        guard isBlobKey(key) else { throw StorageError.notFound }
    }
}
