import Foundation
import FunZoneServer
import Synchronization

/// The real time plus a number of seconds read from a file, for browser tests that need hours to
/// pass in a second. Re-reads the file at most every 100 ms.
final class OffsetClock: Sendable {
    private let file: String
    private let state = Mutex<(offset: TimeInterval, readAt: Date)>((0, .distantPast))

    init(file: String) { self.file = file }

    var clock: Clock { Clock { [self] in Date().addingTimeInterval(offset()) } }

    private func offset() -> TimeInterval {
        state.withLock { state in
            let now = Date()
            if now.timeIntervalSince(state.readAt) > 0.1 {
                let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? "0"
                state = (TimeInterval(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0, now)
            }
            return state.offset
        }
    }
}
