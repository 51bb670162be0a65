import Foundation

/// Costly work (hearing speech, rendering drawings) shared fairly between families: at most
/// `slots` pieces run at once, and at most `perOwner` of one family's (one slot fewer than all), so
/// a slot is always free for another family's piece or comes free as soon as one piece ends: one
/// family's eight long recordings never make another's one-second word wait behind them. When a
/// request must wait, a freed slot goes to the waiting family that has the fewest running, then to
/// the one whose last turn is longest ago.
/// A request that waits longer than `patience`, or finds its family already has `queuePerOwner`
/// waiting, is refused with `FairShare.Busy` (503 `server_busy` with Retry-After); one whose client
/// has gone leaves the queue, and running work is cancelled then (see `WorkOwner`).
public actor FairShare {
    /// Refused: every slot is busy for longer than the request may wait.
    public struct Busy: Error, Sendable {
        public let work: String
        public let retryAfter: Int
    }

    public nonisolated let name: String
    public nonisolated let slots: Int
    public nonisolated let perOwner: Int
    let patience: Duration
    let queuePerOwner: Int

    private struct Waiter {
        let id: UInt64
        let owner: String
        let continuation: CheckedContinuation<Void, any Error>
    }

    private var running: [String: Int] = [:]
    /// When each owner was last let in (a count of admissions), for turns among equals.
    private var lastTurn: [String: UInt64] = [:]
    private var turns: UInt64 = 0
    private var waiting: [Waiter] = []
    /// Tickets handed out whose request has not asked for its slot yet.
    private var pending: Set<UInt64> = []
    /// Pending tickets given up (client gone, cancelled) before they asked: they are refused when they do.
    private var abandoned: [UInt64: any Error] = [:]
    private var nextId: UInt64 = 0
    /// How long recent pieces of work held their slot, for Retry-After.
    private var recentSeconds: Double = 1

    /// `slots`: pieces at once (the cores, for CPU-bound work); `patience`: the longest wait for a slot.
    /// `perOwner`: one family's pieces at once (default: one slot fewer than all, at least one).
    public init(name: String, slots: Int = ProcessInfo.processInfo.activeProcessorCount, perOwner: Int? = nil,
                patience: Duration = .seconds(20), queuePerOwner: Int = 8) {
        self.name = name
        self.slots = max(1, slots)
        self.perOwner = min(self.slots, max(1, perOwner ?? self.slots - 1))
        self.patience = patience
        self.queuePerOwner = max(1, queuePerOwner)
    }

    /// Runs `work` in a slot, for the request's owner (`WorkOwner.current`; work outside a request
    /// shares one anonymous owner). Cancelled when the client goes.
    public nonisolated func run<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let owner = WorkOwner.current
        let key = owner?.key ?? "-"
        let id = await ticket()
        let watch = owner?.watchGone { [weak self] in Task { await self?.abandon(id, because: WorkOwner.Gone()) } }
        defer { watch?.stop() }
        try await withTaskCancellationHandler {
            try await enter(id: id, owner: key)
        } onCancel: {
            Task { await self.abandon(id, because: CancellationError()) }
        }
        let started = ContinuousClock.now
        do {
            let result = try await WorkOwner.whileClientStays(owner, work)
            await leave(owner: key, held: ContinuousClock.now - started)
            return result
        } catch {
            await leave(owner: key, held: ContinuousClock.now - started)
            throw error
        }
    }

    /// Pieces running and waiting now, by owner (for tests and metrics).
    public var load: (running: [String: Int], waiting: Int) { (running, waiting.count) }

    private func ticket() -> UInt64 {
        nextId += 1
        pending.insert(nextId)
        return nextId
    }

    private func enter(id: UInt64, owner: String) async throws {
        pending.remove(id)
        if let reason = abandoned.removeValue(forKey: id) { throw reason }
        let busy = running.values.reduce(0, +)
        if busy < slots, running[owner, default: 0] < perOwner, !waiting.contains(where: { $0.owner == owner }) {
            admit(owner)
            return
        }
        guard waiting.count(where: { $0.owner == owner }) < queuePerOwner else { throw refusal() }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            waiting.append(Waiter(id: id, owner: owner, continuation: continuation))
            let patience = patience
            Task { [weak self] in
                try? await Task.sleep(for: patience)
                await self?.abandon(id, because: nil)
            }
        }
    }

    /// Takes waiter `id` out of the queue with `reason` (nil: it waited too long).
    private func abandon(_ id: UInt64, because reason: (any Error)?) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else {
            // Not asking yet: refused when it does. Already let in (or gone): nothing to do.
            if let reason, pending.contains(id), abandoned[id] == nil { abandoned[id] = reason }
            return
        }
        let waiter = waiting.remove(at: index)
        waiter.continuation.resume(throwing: reason ?? refusal())
    }

    private func leave(owner: String, held: Duration) {
        let seconds = Double(held.components.seconds) + Double(held.components.attoseconds) / 1e18
        recentSeconds = 0.8 * recentSeconds + 0.2 * seconds
        if let count = running[owner], count > 1 { running[owner] = count - 1 } else { running[owner] = nil }
        admitNext()
    }

    /// Lets in the waiter of the owner with the fewest pieces running; among equals, the owner whose
    /// last turn is longest ago, and that owner's earliest request.
    private func admitNext() {
        while running.values.reduce(0, +) < slots {
            let eligible = waiting.indices.filter { running[waiting[$0].owner, default: 0] < perOwner }
            guard let index = eligible.min(by: { a, b in
                let (ownerA, ownerB) = (waiting[a].owner, waiting[b].owner)
                let (runningA, runningB) = (running[ownerA, default: 0], running[ownerB, default: 0])
                if runningA != runningB { return runningA < runningB }
                return lastTurn[ownerA, default: 0] < lastTurn[ownerB, default: 0]
            }) else { return }
            let waiter = waiting.remove(at: index)
            admit(waiter.owner)
            waiter.continuation.resume()
        }
    }

    private func admit(_ owner: String) {
        running[owner, default: 0] += 1
        turns += 1
        lastTurn[owner] = turns
        if lastTurn.count > 10_000 { lastTurn = lastTurn.filter { running[$0.key] != nil } }
    }

    private func refusal() -> Busy {
        let queued = Double(waiting.count + 1) / Double(slots)
        return Busy(work: name, retryAfter: max(1, min(60, Int((queued * recentSeconds).rounded(.up)))))
    }
}
