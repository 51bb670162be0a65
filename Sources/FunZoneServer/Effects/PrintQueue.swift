import Foundation
import Storage

/// Journal PDFs and score cards are drawn here, off the request threads: at most `slots` at once for
/// the whole server and one at a time per family, so one family's journal of hundreds of takes
/// never keeps another family's card waiting for long. A render that cannot start within `wait`
/// seconds, or a second one from the same family, is refused with 503 and Retry-After.
actor PrintQueue {
    let slots: Int
    let wait: TimeInterval
    private var running = 0
    private var families = Set<FamilyID>()

    init(slots: Int = 2, wait: TimeInterval = 10) {
        (self.slots, self.wait) = (slots, wait)
    }

    func run<T: Sendable>(for family: FamilyID, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        guard !families.contains(family) else { throw APIError(.printBusy, retryAfter: 5) }
        families.insert(family)
        defer { families.remove(family) }
        let deadline = ContinuousClock.now + .milliseconds(Int(wait * 1000))
        while running >= slots {
            guard ContinuousClock.now < deadline else { throw APIError(.printBusy, retryAfter: 5) }
            // A client that leaves while it waits cancels its task: the sleep throws and the render never starts.
            try await Task.sleep(for: .milliseconds(50))
        }
        running += 1
        defer { running -= 1 }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(with: Result { try work() }) }
        }
    }
}
