import Foundation
import Storage

/// Journal PDFs and score cards are drawn here, off the request threads: at most `slots` at once for
/// the whole server and one at a time per family, so one family's journal of hundreds of takes
/// never keeps another family's card waiting for long. Waiting renders start in the order they
/// came; one that cannot start within `wait` seconds, or a second one from the same family, is
/// refused with 503 and Retry-After. A client that leaves while it waits gives its place up.
actor PrintQueue {
    let slots: Int
    let wait: TimeInterval
    private var running = 0
    private var families = Set<FamilyID>()
    private var waiting: [(id: Int, turn: CheckedContinuation<Bool, Never>)] = []
    private var tickets = 0

    init(slots: Int = 2, wait: TimeInterval = 10) {
        (self.slots, self.wait) = (slots, wait)
    }

    func run<T: Sendable>(for family: FamilyID, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        guard !families.contains(family) else { throw APIError(.printBusy, retryAfter: 5) }
        families.insert(family)
        defer { families.remove(family) }
        if running < slots {
            running += 1
        } else {
            guard await queue() else { throw APIError(.printBusy, retryAfter: 5) }
        }
        defer { handOver() }
        try Task.checkCancellation()
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Waits in line for a slot: true when one is handed over, false when the wait ran out or the client left.
    private func queue() async -> Bool {
        tickets += 1
        let id = tickets
        let seconds = wait
        let timer = Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
            await self?.giveUp(id)
        }
        defer { timer.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { turn in waiting.append((id, turn)) }
        } onCancel: {
            Task { [weak self] in await self?.giveUp(id) }
        }
    }

    /// A finished render's slot goes to the first in line, or is freed.
    private func handOver() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().turn.resume(returning: true)
        }
    }

    private func giveUp(_ id: Int) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting.remove(at: index).turn.resume(returning: false)
    }
}
