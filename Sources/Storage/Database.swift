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

    /// The threads SQLite's calls block (nil for PostgreSQL).
    private let threads: NIOThreadPool?

    private init(kind: Kind, sql: any SQLDatabase, pool: any ConnectionLender, threads: NIOThreadPool? = nil) {
        self.kind = kind
        self.sql = sql
        self.pool = pool
        self.threads = threads
    }

    /// Opens (and creates) a SQLite file in WAL mode.
    ///
    /// Every SQLite call blocks a thread, and a connection waiting for the write lock blocks its
    /// thread for up to the busy timeout. On the shared thread pool (one thread per core, which
    /// bcrypt also uses) the connections waiting for the lock could take every thread while the
    /// transaction holding it waited for one to run its next statement: concurrent sign-ups
    /// stalled for the whole busy timeout and failed with SQLITE_BUSY. So SQLite gets its own pool
    /// with a thread for every connection.
    ///
    /// `durable` chooses what a power cut may cost. Off (synchronous=NORMAL, the default): the
    /// database stays whole, but the transactions since the write-ahead log's last checkpoint (up
    /// to about 4 MB of changes) may be gone; a crash of the server alone loses nothing. On (synchronous=FULL): every acknowledged write
    /// survives a power cut too, for a flush of the disk at every commit.
    public static func sqlite(path: String, durable: Bool = false, logger: Logger) async throws -> Database {
        let group = MultiThreadedEventLoopGroup.singleton
        let connectionsPerLoop = 2
        let threads = NIOThreadPool(numberOfThreads: connectionsPerLoop * group.makeIterator().reduce(0) { count, _ in count + 1 })
        threads.start()
        let source = SQLiteTunedSource(base: SQLiteConnectionSource(
            configuration: SQLiteConfiguration(storage: .file(path: path), enableForeignKeys: true), threadPool: threads),
            synchronous: durable ? "FULL" : "NORMAL")
        let pool = EventLoopGroupConnectionPool(
            source: source, maxConnectionsPerEventLoop: connectionsPerLoop, requestTimeout: .seconds(Self.waitSeconds),
            pruneInterval: nil, logger: logger, on: group)
        let sql = pool.database(logger: logger).sql()
        let database = Database(kind: .sqlite, sql: sql, pool: SQLitePool(pool: pool, logger: logger), threads: threads)
        do {
            try await sql.raw("PRAGMA journal_mode = WAL").run()
        } catch {
            try? await database.close()
            throw error
        }
        return database
    }

    /// How long a query waits for a pooled connection, and on SQLite for the write lock (the pool's
    /// default is 10 s; the busy timeout was 5 s). A burst of writes on a machine whose cores are
    /// busy (speech decoding runs at full CPU) should wait its turn, not fail with a 500.
    static let waitSeconds: Int64 = 30

    /// Connects to PostgreSQL given a `postgres://user:password@host:port/database` URL.
    public static func postgres(url: String, logger: Logger, connectionsPerLoop: Int = 4) async throws -> Database {
        var configuration = try SQLPostgresConfiguration(url: url)
        // As long as a query waits for a connection (the default, 10 s, gave 500s when a machine's
        // cores were busy decoding speech and PostgreSQL was slow to start a backend).
        configuration.coreConfiguration.options.connectTimeout = .seconds(Self.waitSeconds)
        let pool = EventLoopGroupConnectionPool(
            source: PostgresConnectionSource(sqlConfiguration: configuration),
            maxConnectionsPerEventLoop: connectionsPerLoop, requestTimeout: .seconds(Self.waitSeconds), pruneInterval: .seconds(60), logger: logger,
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
        try await threads?.shutdownGracefully()
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
    /// NORMAL or FULL (`Database.sqlite`'s `durable`).
    let synchronous: String

    func makeConnection(logger: Logger, on eventLoop: any EventLoop) -> EventLoopFuture<SQLiteConnection> {
        base.makeConnection(logger: logger, on: eventLoop).flatMap { connection in
            connection.query("PRAGMA busy_timeout = \(Database.waitSeconds * 1000)").flatMap { _ in
                connection.query("PRAGMA synchronous = \(synchronous)")
            }.map { _ in connection }.flatMapError { error in
                // A file SQLite opens but cannot read (damaged): the connection is closed, not dropped open.
                connection.close().flatMapThrowing { throw error }
            }
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
