import Foundation
import HTTPTypes
import NIOCore
import Storage
import Testing
import ZIPFoundation
@testable import FunZoneServer

/// Backups, restores and a family's export: a backup restored into a new data folder (on either
/// database) has every row and every file; a restore never lands on a family's data; a parent's
/// download holds the family's rows and files and nothing of another family's, nor any secret.
@Suite struct BackupRouteTests {
    /// Two families with a little of everything: a paired phone and its reports, a spoken request
    /// (a recording), a drawing, a MirrorBuddy material (and its search entry).
    static func fill(_ app: TestApp) async throws -> (rossi: Browser, bianchi: Browser) {
        let (parent, _, code) = try await SpotCheckRouteTests.enroll(app)
        let phone = try await Phone.pair(app, code: code)
        for _ in 0..<2 { #expect(try await phone.send(.post, "/events", body: SpotCheckRouteTests.shortcutRun).status == .created) }
        let mia = try await app.addChild(parent, grade: 8)
        _ = try await parent.json(.post, "/api/kids/select", ["childId": mia], expect: .ok)
        _ = try await parent.json(.post, "/api/requests", RequestBody(appId: "music", text: "songs", audioWav: toneWAV(seconds: 1).base64EncodedString()),
                                  expect: .created)
        #expect(try await ColoringRouteTests.upload(parent, .post, "/api/coloring/drawings",
                                                    try ColoringRouteTests.drawing([ColoringRouteTests.scribble])).status == .created)
        _ = try await parent.json(.post, "/api/mirrorbuddy/materials",
                                  MirrorBuddyRouteTests.NewMaterial(text: "Gallia est omnis divisa in partes tres."), expect: .created)
        let other = try await MirrorBuddyRouteTests.stranger(app)
        _ = try await other.json(.post, "/api/requests", RequestBody(appId: "stories", text: "chess", audioWav: toneWAV(seconds: 2).base64EncodedString()),
                                 expect: .created)
        return (parent, other)
    }

    /// Every table's rows, as `TableRows` reads them (JSON objects, one per row, in key order).
    static func rows(_ database: Database) async throws -> [String: [String]] {
        try await database.withConnection { sql in
            var all: [String: [String]] = [:]
            for table in try await TableRows.tables(on: sql, kind: database.kind) where !["rate_limits", "health_beats", "schema_migrations", "blobs"].contains(table) {
                let lines = Lines()
                try await TableRows.read(table, columns: try await TableRows.columns(of: table, on: sql, kind: database.kind), on: sql, kind: database.kind) {
                    lines.append($0)
                }
                all[table] = lines.values
            }
            return all
        }
    }

    static func object(_ line: String) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? NSDictionary)
    }

    @Test(arguments: TestDatabase.all)
    func aBackupRestoresEveryRowAndFileIntoANewDataFolderOnEitherDatabase(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["coloring", "mirrorbuddy"], openSignup: true) { app in
            _ = try await Self.fill(app)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fz-backup-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let key = folder.appendingPathComponent("secret.key")
            try Data("sealing key".utf8).write(to: key)
            let zip = folder.appendingPathComponent("backup.zip")
            let manifest = try await DataArchiveWriter(database: app.services.database, blobs: app.services.blobs)
                .backup(to: zip, keys: [(path: "secret.key", file: key)], now: app.clock.now)
            #expect(try FileManager.default.attributesOfItem(atPath: zip.path)[.posixPermissions] as? Int == 0o600)
            let original = try await Self.rows(app.services.database)
            let files = try FileBlobStore(root: app.blobRoot).keys()
            #expect(files.count == 2 && manifest.files.map(\.key) == files, "both recordings; thumbnails are not kept")
            #expect(manifest.tables.first { $0.name == "families" }?.rows == 2 && manifest.totalRows == original.values.reduce(0) { $0 + $1.count })
            #expect(original["spotcheck_events"]?.count ?? 0 >= 2 && original["drawings"]?.count == 1 && original["mirrorbuddy_materials"]?.count == 1)

            for target in TestDatabase.all {
                try await target.withFresh { restored in
                    let blobRoot = folder.appendingPathComponent("restored-\(target.rawValue)")
                    let result = try await DataRestore(database: restored, blobs: try FileBlobStore(root: blobRoot)).restore(from: zip, now: app.clock.now)
                    #expect(result.keys.map(\.path) == ["secret.key"] && result.keys.first?.data == Data("sealing key".utf8))
                    let copy = try await Self.rows(restored)
                    #expect(Set(copy.keys) == Set(original.keys))
                    for (table, lines) in original {
                        if target == db {
                            #expect(copy[table] == lines, "\(table) on \(target)")
                        } else {
                            // Across databases only a number's spelling may change (0.0 on PostgreSQL, 0 on SQLite).
                            #expect(try (copy[table] ?? []).map(Self.object) == lines.map(Self.object), "\(table) on \(target)")
                        }
                    }
                    for file in files {
                        #expect(try Data(contentsOf: blobRoot.appendingPathComponent(file)) == Data(contentsOf: app.blobRoot.appendingPathComponent(file)))
                    }
                    // The search index came back with the material (filled by the database's own triggers).
                    if target == .sqlite {
                        #expect(try await restored.sql.raw("SELECT COUNT(*) AS n FROM mirrorbuddy_search WHERE mirrorbuddy_search MATCH 'gallia'").first()?
                            .decode(column: "n", as: Int.self) == 1)
                    }
                    // A second restore would mix two servers' data: refused, nothing changed.
                    await #expect(throws: ArchiveError.self) {
                        try await DataRestore(database: restored, blobs: try FileBlobStore(root: blobRoot)).restore(from: zip, now: app.clock.now)
                    }
                    #expect(try await Self.rows(restored)["families"]?.count == 2)
                }
            }
        }
    }

    @Test(arguments: TestDatabase.all)
    func aParentDownloadsTheFamilysDataAndFilesWithoutSecretsOrAnotherFamilysRows(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["coloring", "mirrorbuddy"], openSignup: true) { app in
            let (rossi, _) = try await Self.fill(app)
            #expect(try await app.user().request(.get, "/api/parent/export").status == .unauthorized)
            try await SpotCheckRouteTests.reopen(app, rossi)
            let response = try await rossi.request(.get, "/api/parent/export")
            #expect(response.status == .ok && response.headers[.contentType] == "application/zip")
            #expect(response.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"kids-fun-zone-") == true)
            let archive = try Archive(data: Data(buffer: response.body), accessMode: .read)
            let manifest = try DataRestore.manifest(of: archive)
            let family = try #require(try await rossi.session().family)
            #expect(manifest.kind == .familyExport && manifest.familyId == family.id.rawValue && manifest.familyName == "Rossi")
            #expect(manifest.files.count == 1 && manifest.files.first?.key.hasPrefix("requests/\(family.id)/") == true, "Rossi's recording, not Bianchi's")
            let names = Set(manifest.tables.map(\.name))
            #expect(!names.contains("sessions") && !names.contains("invites") && !names.contains("spotcheck_pairing_codes") && names.contains("drawings"))
            for table in manifest.tables {
                var text = Data()
                _ = try archive.extract(try #require(archive["tables/\(table.name).jsonl"])) { text.append($0) }
                let rows = String(decoding: text, as: UTF8.self).split(separator: "\n")
                #expect(rows.count == table.rows, "\(table.name)")
                for row in rows {
                    let object = try #require(try JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: Any])
                    #expect((object["family_id"] ?? object["id"]) as? String == family.id.rawValue || table.name != "families" && object["family_id"] == nil,
                            "\(table.name): only Rossi's rows")
                    #expect(!object.keys.contains { $0.contains("hash") || $0.contains("secret") || $0.contains("token") }, "\(table.name): no secrets")
                }
            }
            #expect(manifest.tables.first { $0.name == "parents" }?.rows == 1 && manifest.tables.first { $0.name == "spotcheck_devices" }?.rows == 1)
            #expect(archive["README.txt"] != nil && archive["files/\(manifest.files[0].key)"] != nil)
        }
    }
}

private final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var values: [String] { lock.withLock { stored } }
}

@Suite struct BackupKeyPathTests {
    @Test func aBackupMayOnlyCarryTheSealingKeyAndTheHomeAuthoritysFiles() {
        #expect(DataRestore.isKeyPath("secret.key") && DataRestore.isKeyPath("tls/ca.key") && DataRestore.isKeyPath("tls/server.pem"))
        for path in ["funzone.sqlite", "blobs/requests/x.wav", "tls/../funzone.sqlite", "../secret.key", "/etc/passwd", "tls/.hidden", "tls/a/b", "tls/", ""] {
            #expect(!DataRestore.isKeyPath(path), "\(path)")
        }
    }
}
