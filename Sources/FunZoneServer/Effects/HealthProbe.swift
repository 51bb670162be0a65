import Foundation
import Logging
import Speech
import Storage
#if canImport(Glibc)
import Glibc
#endif

/// What `/healthz` reports, for a supervisor or a load balancer: whether the database answers and
/// takes writes, and whether the data folder's disk has room above the reserve (below it uploads
/// may fail soon). One check runs at a time and its report is kept for a second, so asking often,
/// as a supervisor or a stranger may, costs at most one database write a second.
actor HealthProbe {
    struct Report: Codable, Sendable, Equatable {
        /// "ok" when every check passed, else "degraded".
        let status: String
        /// "ok", or why the database did not answer a read.
        let database: String
        /// "ok", or why this instance's heartbeat row could not be written.
        let writes: String
        /// "ok", "low" (free space under the reserve) or "unknown" (no data folder, or statvfs failed).
        let disk: String
        let diskFreeMB: Int?
        let diskReserveMB: Int
        /// One sentence per failed check, for the log and a person reading the answer.
        let problems: [String]

        var healthy: Bool { problems.isEmpty }
        /// What each check found, without its figures.
        var verdicts: [String] { [database, writes, disk] }
    }

    private let database: Database
    private let clock: Clock
    private let instance: String
    private let dataFolder: String?
    private let reserveBytes: Int64
    private var last: (report: Report, at: Date)?
    private var running: Task<Report, any Error>?
    /// Database calls a check started and has not seen end (one stuck behind a lock outlives its check).
    private var pending: [Int: Task<String, any Error>] = [:]
    private var nextWork = 0
    private let logger = Logger(label: "funzone.health")

    /// How long a check waits for the database before it calls it unanswering.
    static let patience: Duration = .seconds(3)

    init(database: Database, clock: Clock, instance: String, dataFolder: String?, reserveMB: Int) {
        self.database = database
        self.clock = clock
        self.instance = instance
        self.dataFolder = dataFolder
        self.reserveBytes = Int64(reserveMB) * 1_048_576
    }

    /// The latest report, made afresh when the last one is older than a second.
    func report() async -> Report {
        let now = clock.now()
        if let last, now.timeIntervalSince(last.at) < 1, now >= last.at { return last.report }
        let task = running ?? Task { await self.check() }
        running = task
        let report = (try? await task.value) ?? Self.failed("the health check itself failed")
        if running == task { running = nil }
        // Logged when what is wrong changes, not when only a figure in its sentence does (the free megabytes).
        let changed = last.map { $0.report.verdicts != report.verdicts && !($0.report.healthy && report.healthy) } ?? !report.healthy
        if changed {
            if report.healthy {
                logger.notice("healthy again")
            } else {
                logger.error("not healthy", metadata: ["problems": "\(report.problems.joined(separator: " "))"])
            }
        }
        last = (report, clock.now())
        return report
    }

    private func check() async -> Report {
        var problems: [String] = []
        let read = await within(Self.patience) { [database] in
            guard await database.isHealthy() else { throw Unanswered(reason: "the database does not answer") }
        }
        if read != "ok" { problems.append("Database reads: \(read).") }
        let write = read != "ok" ? "not tried" : await within(Self.patience) { [database, instance, clock] in
            try await database.beat(instance: instance, at: clock.now())
        }
        if write != "ok" && read == "ok" { problems.append("Database writes: \(write).") }
        let free = dataFolder.flatMap(Self.freeBytes)
        let disk = free.map { $0 < reserveBytes ? "low" : "ok" } ?? "unknown"
        if disk == "low", let free, let dataFolder {
            problems.append("The disk of \(dataFolder) has \(free / 1_048_576) MB free, under the reserve of \(reserveBytes / 1_048_576) MB.")
        }
        return Report(status: problems.isEmpty ? "ok" : "degraded", database: read, writes: write, disk: disk,
                      diskFreeMB: free.map { Int($0 / 1_048_576) }, diskReserveMB: Int(reserveBytes / 1_048_576), problems: problems)
    }

    private static func failed(_ reason: String) -> Report {
        Report(status: "degraded", database: reason, writes: "not tried", disk: "unknown", diskFreeMB: nil, diskReserveMB: 0, problems: [reason])
    }

    struct Unanswered: Error, CustomStringConvertible { let reason: String; var description: String { reason } }

    /// "ok" when `work` finishes within `limit`; else why not. A database stuck behind a lock is
    /// reported after `limit`, while the stuck call goes on by itself (`settle` waits for it).
    private func within(_ limit: Duration, _ work: @escaping @Sendable () async throws -> Void) async -> String {
        let task = Task<String, any Error> {
            do { try await work(); return "ok" } catch { return "\(error)" }
        }
        let number = nextWork
        nextWork += 1
        pending[number] = task
        Task { _ = await task.result; await self.finished(number) }
        guard let outcome = try? await Patience.value(of: task, within: limit) else {
            return "no answer in \(limit.components.seconds) s"
        }
        return outcome
    }

    private func finished(_ number: Int) { pending[number] = nil }

    /// Waits for the database work checks gave up on: the database must not close under it.
    func settle() async {
        for task in pending.values { _ = await task.result }
    }

    /// Bytes free to this user on the disk that holds `folder`.
    static func freeBytes(_ folder: String) -> Int64? {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return nil }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }
}

extension Services {
    /// Waits for health checks' database calls still running (the server stops before the database closes).
    public func healthSettled() async { await health.settle() }
}
