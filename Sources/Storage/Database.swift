@preconcurrency import AsyncKit
import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresKit
import SQLKit
import SQLiteKit

/// The app's database: a SQLite file by default, PostgreSQL when a URL is given.
/// Every query is written once in SQL both dialects accept.
public final class Database: Sendable {
    public enum Kind: String, Sendable { case sqlite, postgres }

    public let kind: Kind
    /// Pooled access for single statements.
    public let sql: any SQLDatabase
    private let pool: any ConnectionLender

    private init(kind: Kind, sql: any SQLDatabase, pool: any ConnectionLender) {
        self.kind = kind
        self.sql = sql
        self.pool = pool
    }

    /// Opens (and creates) a SQLite file in WAL mode.
    public static func sqlite(path: String, logger: Logger) async throws -> Database {
        let source = SQLiteTunedSource(base: SQLiteConnectionSource(
            configuration: SQLiteConfiguration(storage: .file(path: path), enableForeignKeys: true)))
        let pool = EventLoopGroupConnectionPool(
            source: source, maxConnectionsPerEventLoop: 2, pruneInterval: nil, logger: logger,
            on: MultiThreadedEventLoopGroup.singleton)
        let sql = pool.database(logger: logger).sql()
        let database = Database(kind: .sqlite, sql: sql, pool: SQLitePool(pool: pool, logger: logger))
        try await sql.raw("PRAGMA journal_mode = WAL").run()
        return database
    }

    /// Connects to PostgreSQL given a `postgres://user:password@host:port/database` URL.
    public static func postgres(url: String, logger: Logger, connectionsPerLoop: Int = 4) async throws -> Database {
        let configuration = try SQLPostgresConfiguration(url: url)
        let pool = EventLoopGroupConnectionPool(
            source: PostgresConnectionSource(sqlConfiguration: configuration),
            maxConnectionsPerEventLoop: connectionsPerLoop, pruneInterval: .seconds(60), logger: logger,
            on: MultiThreadedEventLoopGroup.singleton)
        let sql = pool.database(logger: logger).sql()
        let database = Database(kind: .postgres, sql: sql, pool: PostgresPool(pool: pool, logger: logger))
        _ = try await sql.raw("SELECT 1").all()
        return database
    }

    /// Runs `body` inside one transaction on one connection; rolls back if it throws.
    public func transaction<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        let begin: SQLQueryString = kind == .sqlite ? "BEGIN IMMEDIATE" : "BEGIN"
        return try await pool.withConnection { connection in
            try await connection.raw(begin).run()
            do {
                let result = try await body(connection)
                try await connection.raw("COMMIT").run()
                return result
            } catch {
                try? await connection.raw("ROLLBACK").run()
                throw error
            }
        }
    }

    /// Runs `body` on one dedicated connection (session-level locks need that).
    public func withConnection<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await pool.withConnection(body)
    }

    /// True when the database answers a trivial query.
    public func isHealthy() async -> Bool {
        (try? await sql.raw("SELECT 1 AS ok").all().count) == 1
    }

    public func close() async throws {
        try await pool.shutdown()
    }

    /// Runs `body`, then closes the database whether `body` succeeded or threw.
    public func closing<R>(_ body: (Database) async throws -> R) async throws -> R {
        do {
            let result = try await body(self)
            try await close()
            return result
        } catch {
            try? await close()
            throw error
        }
    }
}

/// Lends one connection of a pool for a block of work.
protocol ConnectionLender: Sendable {
    func withConnection<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R
    func shutdown() async throws
}

private struct SQLitePool: ConnectionLender {
    let pool: EventLoopGroupConnectionPool<SQLiteTunedSource>
    let logger: Logger

    func withConnection<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        let connection = try await pool.requestConnection(logger: logger).get()
        defer { pool.releaseConnection(connection, logger: logger) }
        return try await body(connection.sql())
    }

    func shutdown() async throws { try await pool.shutdownAsync() }
}

private struct PostgresPool: ConnectionLender {
    let pool: EventLoopGroupConnectionPool<PostgresConnectionSource>
    let logger: Logger

    func withConnection<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        let connection = try await pool.requestConnection(logger: logger).get()
        defer { pool.releaseConnection(connection, logger: logger) }
        return try await body(connection.sql())
    }

    func shutdown() async throws { try await pool.shutdownAsync() }
}

/// SQLite connections that wait for a writer instead of failing with SQLITE_BUSY.
struct SQLiteTunedSource: ConnectionPoolSource {
    let base: SQLiteConnectionSource

    func makeConnection(logger: Logger, on eventLoop: any EventLoop) -> EventLoopFuture<SQLiteConnection> {
        base.makeConnection(logger: logger, on: eventLoop).flatMap { connection in
            connection.query("PRAGMA busy_timeout = 5000").flatMap { _ in
                connection.query("PRAGMA synchronous = NORMAL")
            }.map { _ in connection }
        }
    }
}

extension EventLoopGroupConnectionPool where Source == SQLiteTunedSource {
    func database(logger: Logger) -> any SQLiteDatabase {
        PooledSQLiteDatabase(pool: self, logger: logger)
    }
}

private struct PooledSQLiteDatabase: SQLiteDatabase {
    let pool: EventLoopGroupConnectionPool<SQLiteTunedSource>
    let logger: Logger

    var eventLoop: any EventLoop { pool.eventLoopGroup.any() }

    func withConnection<T>(_ closure: @escaping @Sendable (SQLiteConnection) -> EventLoopFuture<T>) -> EventLoopFuture<T> {
        pool.withConnection(logger: logger, closure)
    }

    func query(_ query: String, _ binds: [SQLiteData], logger: Logger, _ onRow: @escaping @Sendable (SQLiteRow) -> Void) -> EventLoopFuture<Void> {
        pool.withConnection(logger: logger) { $0.query(query, binds, logger: logger, onRow) }
    }
}
