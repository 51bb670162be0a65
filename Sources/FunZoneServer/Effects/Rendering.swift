import Coloring
import Foundation
import Programs
import Synchronization

/// Rendering and encoding keep a core busy for up to a second or two: they wait their family's
/// turn in `share`, run on a dispatch thread (not one of Swift's cooperative threads), and are told
/// to stop (`shouldStop`, asked between a drawing's actions) when their client goes, the server
/// shuts down, or `budget` has passed.
func rendering<T: Sendable>(in share: FairShare, budget: Duration = .seconds(20),
                            _ work: @escaping @Sendable (_ shouldStop: @escaping @Sendable () -> Bool) throws -> T) async throws -> T {
    try await share.run {
        let stop = RenderStop(deadline: .now + budget)
        do {
            return try await withTaskCancellationHandler {
                try await offCooperativePool { try work(stop.shouldStop) }
            } onCancel: {
                stop.cancel()
            }
        } catch ColoringError.renderStopped where !stop.isCancelled {
            // Out of time, not cancelled: the same drawing would run out again, so no retry is invited.
            throw ColoringError.renderTooLong
        }
    }
}

/// When a render should stop: cancelled, or past its deadline.
final class RenderStop: Sendable {
    private let cancelled = Atomic(false)
    let deadline: ContinuousClock.Instant

    init(deadline: ContinuousClock.Instant) { self.deadline = deadline }

    func cancel() { cancelled.store(true, ordering: .releasing) }
    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
    @Sendable func shouldStop() -> Bool { cancelled.load(ordering: .acquiring) || ContinuousClock.now >= deadline }
}
