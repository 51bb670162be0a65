// What durable writes cost and what they keep (issue 26 item 10), on this machine's disk, through
// the Storage module the server uses:
//   storage-bench cost [FOLDER]   acknowledged SQLite commits a second with synchronous=FULL
//                                 (--durable) against NORMAL (the default), and blobs a second
//                                 written the server's way (temporary file, fsync, rename, folder
//                                 fsync) against Data.write(.atomic) (what it did before), each
//                                 pair in the same run, with the ratio.
//   storage-bench crash [FOLDER]  starts itself as a writer (a recording into blobs, then its row,
//                                 then "acknowledged" on stdout, as the server answers), kills it
//                                 with SIGKILL after 1.5 s, eight times, and reports acknowledged
//                                 writes whose row or blob is missing, blobs on disk that are not
//                                 whole, and temporary files the next start removed.
// FOLDER (default: a new folder under /tmp) should be on the disk the data folder will use.
// Run: swift run -c release storage-bench cost | storage-bench crash
import Foundation
import Logging
import SQLKit
import Storage

let logger = Logger(label: "storage-bench")
let arguments = CommandLine.arguments

func seconds(_ work: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await work()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// Random bytes made once; every recording is a slice of them stamped with its number.
let noise: [UInt8] = {
    var generator: UInt64 = 0x9E37_79B9_7F4A_7C15
    return (0..<80_000).map { _ in
        generator ^= generator << 13; generator ^= generator >> 7; generator ^= generator << 17
        return UInt8(truncatingIfNeeded: generator)
    }
}()

/// A recording's bytes, known from its number alone, so a reader can tell a whole one from a cut
/// one; cheap to make, so the writer's time goes to writing.
func recording(_ number: Int) -> Data {
    let count = 40_000 + (number % 13) * 3_000
    let start = (number &* 7_919) % 1_000
    var data = Data(noise[start..<(start + count)])
    withUnsafeBytes(of: UInt64(number).littleEndian) { data.replaceSubrange(0..<8, with: $0) }
    return data
}

func folder(_ index: Int) -> URL {
    let base = arguments.count > index ? URL(fileURLWithPath: arguments[index])
        : FileManager.default.temporaryDirectory.appendingPathComponent("storage-bench-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    return base
}

func openDatabase(_ folder: URL, durable: Bool) async throws -> Database {
    let database = try await SQLiteFileCheck.open(path: folder.appendingPathComponent("bench.sqlite").path, dataFolder: folder.path,
                                                  durable: durable, logger: logger)
    try await database.sql.raw("CREATE TABLE IF NOT EXISTS takes (number BIGINT PRIMARY KEY, bytes BIGINT NOT NULL)").run()
    return database
}

func cost(_ root: URL) async throws {
    let commits = 1_500
    var perSecond: [Bool: Double] = [:]
    for durable in [false, true, false, true] {  // twice each, alternating; the better of each pair
        let place = root.appendingPathComponent("sqlite-\(durable)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
        let database = try await openDatabase(place, durable: durable)
        let elapsed = try await seconds {
            for number in 0..<commits {
                try await database.sql.raw("INSERT INTO takes (number, bytes) VALUES (\(bind: number), \(bind: number))").run()
            }
        }
        try await database.close()
        perSecond[durable] = max(perSecond[durable] ?? 0, Double(commits) / elapsed)
    }
    let normal = perSecond[false]!, full = perSecond[true]!
    print("SQLite, \(commits) acknowledged commits one after another: "
          + String(format: "NORMAL %.0f/s, FULL (--durable) %.0f/s, ratio %.2f", normal, full, full / normal))

    let blobsCount = 300
    let recordings = (0..<blobsCount).map(recording)  // made before the clock runs: only the writes are timed
    var blobRate: [String: Double] = [:]
    for way in ["atomic", "durable", "atomic", "durable"] {
        let place = root.appendingPathComponent("blobs-\(way)-\(UUID().uuidString)")
        let store = try FileBlobStore(root: place)
        let elapsed = try await seconds {
            for (number, data) in recordings.enumerated() {
                if way == "durable" {
                    try await store.put(data, key: "takes/\(number).wav")
                } else {
                    let url = place.appendingPathComponent("takes/\(number).wav")
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try data.write(to: url, options: .atomic)
                }
            }
        }
        blobRate[way] = max(blobRate[way] ?? 0, Double(blobsCount) / elapsed)
    }
    let atomic = blobRate["atomic"]!, durable = blobRate["durable"]!
    print("Blobs of 40-76 KB, \(blobsCount) one after another: "
          + String(format: "Data.write(.atomic) %.0f/s, fsync + rename %.0f/s, ratio %.2f", atomic, durable, durable / atomic))
}

/// The writer the crash check kills: forever, a recording, then its row, then its number on stdout.
func write(_ root: URL, from first: Int) async throws -> Never {
    let database = try await openDatabase(root, durable: false)
    let store = try FileBlobStore(root: root.appendingPathComponent("blobs"))
    var number = first
    while true {
        let data = recording(number)
        try await store.put(data, key: "takes/\(number).wav")
        try await database.sql.raw("INSERT INTO takes (number, bytes) VALUES (\(bind: number), \(bind: data.count))").run()
        FileHandle.standardOutput.write(Data("\(number)\n".utf8))  // unbuffered: on stdout the moment it is acknowledged
        number += 1
    }
}

func crash(_ root: URL) async throws {
    var acknowledged: [Int] = []
    var removedPartials = 0
    for round in 0..<8 {
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        writer.arguments = ["writer", root.path, String(round * 1_000_000)]
        let output = Pipe()
        writer.standardOutput = output
        try writer.run()
        try? output.fileHandleForWriting.close()  // only the writer holds it now: its death ends the reading
        try await Task.sleep(for: .milliseconds(1_500))
        kill(writer.processIdentifier, SIGKILL)
        writer.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        // A line the writer had not finished when it died is not an acknowledgement.
        acknowledged += text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { Int($0) }
        // The next start: the store removes what the kill cut short.
        removedPartials += FileBlobStore.removeCrashLeftovers(under: root.appendingPathComponent("blobs"), olderThan: 0)
    }
    let database = try await openDatabase(root, durable: false)
    let rows = Set(try await database.sql.raw("SELECT number FROM takes").all().map { try $0.decode(column: "number", as: Int.self) })
    try await database.close()
    let store = try FileBlobStore(root: root.appendingPathComponent("blobs"))
    var missingBlobs = 0
    for number in acknowledged where try await store.get(key: "takes/\(number).wav") == nil { missingBlobs += 1 }
    var onDisk = 0, notWhole = 0
    let takes = root.appendingPathComponent("blobs/takes")
    for name in try FileManager.default.contentsOfDirectory(atPath: takes.path) {
        onDisk += 1
        guard name.hasSuffix(".wav"), let number = Int(name.dropLast(4)),
              let data = try? Data(contentsOf: takes.appendingPathComponent(name)), data == recording(number) else {
            notWhole += 1
            continue
        }
    }
    let missingRows = acknowledged.filter { !rows.contains($0) }.count
    print("kill -9 eight times while writing: \(acknowledged.count) acknowledged writes; missing rows \(missingRows), missing blobs \(missingBlobs)")
    print("blobs on disk \(onDisk), not whole \(notWhole); temporary files removed at the next start \(removedPartials)")
    if missingRows + missingBlobs + notWhole > 0 { exit(1) }
}

switch arguments.count > 1 ? arguments[1] : "" {
case "cost": try await cost(folder(2))
case "crash": try await crash(folder(2))
case "writer": try await write(URL(fileURLWithPath: arguments[2]), from: Int(arguments[3]) ?? 0)
default:
    FileHandle.standardError.write(Data("usage: storage-bench cost [FOLDER] | storage-bench crash [FOLDER]\n".utf8))
    exit(2)
}
