import Foundation
import SQLKit

/// The app's tables as rows of JSON, read and written the same way on SQLite and PostgreSQL: what
/// a backup, a restore and a family's export are made of. A row is one JSON object per line, its
/// keys the columns, so a backup taken on SQLite restores onto PostgreSQL and back.
public enum TableRows {
    /// The app's tables, in the order the migrations made them (so a table comes after the ones its
    /// rows refer to), that the database has now. The search indexes (SQLite's FTS tables) are not
    /// among them: the database's own triggers fill them again as rows arrive.
    public static func tables(on sql: any SQLDatabase, kind: Database.Kind) async throws -> [String] {
        var seen = Set<String>(), ordered: [String] = []
        for migration in Migrations.all {
            for statement in migration.statements(for: kind) {
                guard let name = createdTable(statement), seen.insert(name).inserted else { continue }
                ordered.append(name)
            }
        }
        let present = Set(try await existingTables(on: sql, kind: kind))
        return ordered.filter(present.contains)
    }

    /// "CREATE TABLE name (" → name (not virtual tables).
    static func createdTable(_ statement: String) -> String? {
        let words = statement.split(whereSeparator: { $0.isWhitespace || $0 == "(" }).prefix(6).map(String.init)
        guard words.count >= 3, words[0].uppercased() == "CREATE", words[1].uppercased() == "TABLE" else { return nil }
        let name = words[2].uppercased() == "IF" ? (words.count > 5 ? words[5] : "") : words[2]
        return name.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }) && !name.isEmpty ? name : nil
    }

    private static func existingTables(on sql: any SQLDatabase, kind: Database.Kind) async throws -> [String] {
        let query: SQLQueryString = kind == .sqlite
            ? "SELECT name FROM sqlite_master WHERE type = 'table'"
            : "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()"
        return try await sql.raw(query).all().map { try $0.decode(column: "name", as: String.self) }
    }

    /// The table's columns in their order.
    public static func columns(of table: String, on sql: any SQLDatabase, kind: Database.Kind) async throws -> [String] {
        try checkName(table)
        if kind == .sqlite {
            return try await sql.raw("SELECT name FROM pragma_table_info(\(bind: table)) ORDER BY cid").all()
                .map { try $0.decode(column: "name", as: String.self) }
        }
        return try await sql.raw("""
            SELECT column_name AS name FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = \(bind: table) ORDER BY ordinal_position
            """).all().map { try $0.decode(column: "name", as: String.self) }
    }

    /// Streams the table's rows (those `filter` keeps, a SQL condition on its columns) to `row`,
    /// each a JSON object, in a stable order; `leaving` columns are left out. Returns the count.
    @discardableResult
    public static func read(_ table: String, columns: [String], leaving: Set<String> = [], filter: SQLQueryString? = nil,
                            on sql: any SQLDatabase, kind: Database.Kind,
                            row: @escaping @Sendable (String) throws -> Void) async throws -> Int {
        try checkName(table)
        let kept = try columns.filter { !leaving.contains($0) }.map { try checkName($0) }
        guard !kept.isEmpty else { return 0 }
        let list = kept.map { "\"\($0)\"" }.joined(separator: ", ")
        var query: SQLQueryString
        if kind == .sqlite {
            query = SQLQueryString("SELECT json_object(" + kept.map { "'\($0)', \"\($0)\"" }.joined(separator: ", ") + ") AS j FROM \(table)")
        } else {
            query = SQLQueryString("SELECT row_to_json(r)::text AS j FROM (SELECT \(list) FROM \(table)")
        }
        if let filter {
            query.appendLiteral(" WHERE ")
            query.appendInterpolation(filter)
        }
        // The first columns are the key or its start on every table of ours: a stable order.
        query.appendLiteral(" ORDER BY " + columns.prefix(2).map { "\"\($0)\"" }.joined(separator: ", "))
        if kind == .postgres { query.appendLiteral(") AS r") }
        let failure = LockedError()
        let counter = Counter()
        try await sql.raw(query).run { record in
            guard failure.error == nil else { return }
            do {
                try row(try record.decode(column: "j", as: String.self))
                counter.add()
            } catch { failure.error = error }
        }
        if let error = failure.error { throw error }
        return counter.value
    }

    /// Inserts rows (JSON objects from `read`, of one table) in one statement. Every row is taken
    /// to have the keys the first has (a backup's rows do: they were read with one column list);
    /// keys the table lacks are refused by the database.
    public static func insert(_ rows: [String], into table: String, on sql: any SQLDatabase, kind: Database.Kind) async throws {
        try checkName(table)
        guard let first = rows.first else { return }
        let array = "[" + rows.joined(separator: ",") + "]"
        if kind == .postgres {
            var query = SQLQueryString("INSERT INTO \(table) SELECT * FROM json_populate_recordset(NULL::\(table), ")
            query.appendInterpolation(bind: array)
            query.appendLiteral("::json)")
            try await sql.raw(query).run()
            return
        }
        guard let object = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any] else {
            throw ArchiveError("a row of \(table) is not a JSON object")
        }
        let columns = try object.keys.sorted().map { try checkName($0) }
        guard !columns.isEmpty else { return }
        var query = SQLQueryString("INSERT INTO \(table) (" + columns.map { "\"\($0)\"" }.joined(separator: ", ") + ") SELECT ")
        query.appendLiteral(columns.map { "json_extract(e.value, '$.\"\($0)\"')" }.joined(separator: ", "))
        query.appendLiteral(" FROM json_each(")
        query.appendInterpolation(bind: array)
        query.appendLiteral(") AS e")
        try await sql.raw(query).run()
    }

    /// Names are ours (from the migrations and the database's own catalogue), but they are written
    /// into SQL: anything but lower-case letters, digits and _ is refused.
    @discardableResult
    static func checkName(_ name: String) throws -> String {
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }) else {
            throw ArchiveError("not a table or column name: \(name)")
        }
        return name
    }
}

private final class LockedError: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (any Error)?
    var error: (any Error)? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
