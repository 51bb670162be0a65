import Foundation
import Synchronization

/// Whether the data folder's disk still has room for new uploads: more free space than the reserve
/// (`--disk-reserve-mb`). Below it the server refuses what would fill the disk (new drawings,
/// photos and PDFs, voice requests; a SpeakUp take is still scored but its recording not kept) and
/// keeps serving everything else: reads, sign-in, a child's progress, so nobody loses what they did
/// while a parent frees space. `/healthz` says "disk: low" at the same moment. Asked at most once a
/// second (statvfs); no data folder means no check.
final class DiskRoom: Sendable {
    private let folder: String?
    private let reserveBytes: Int64
    private let last = Mutex<(room: Bool, at: ContinuousClock.Instant)?>(nil)

    init(folder: String?, reserveMB: Int) {
        self.folder = folder
        reserveBytes = Int64(reserveMB) * 1_048_576
    }

    var hasRoom: Bool {
        guard let folder else { return true }
        let now = ContinuousClock.now
        if let last = last.withLock({ $0 }), now - last.at < .seconds(1) { return last.room }
        let room = (HealthProbe.freeBytes(folder) ?? .max) >= reserveBytes
        last.withLock { $0 = (room, now) }
        return room
    }

    /// Throws 507 `disk_full` when the disk has no room for an upload.
    func require() throws {
        guard hasRoom else { throw APIError(.diskFull) }
    }
}
