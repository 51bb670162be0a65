import Synchronization

/// Waiting for a shared task without waiting forever.
public enum Patience {
    /// The task's value if it is ready within `limit`, else nil. Only this wait ends: the task goes
    /// on, so a later caller may find it done. (A task group cannot race this: awaiting another
    /// task's value ignores cancellation, so the group would wait for the task anyway.)
    public static func value<Value: Sendable>(of task: Task<Value, any Error>, within limit: Duration) async throws -> Value? {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value?, any Error>) in
            let answer = FirstAnswer(continuation)
            Task { answer.give(await task.result.map(Optional.some)) }
            Task {
                try? await Task.sleep(for: limit)
                answer.give(.success(nil))
            }
        }
    }
}

/// Resumes a continuation with whichever answer comes first; later ones are dropped.
private final class FirstAnswer<Value: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Value, any Error>?>

    init(_ continuation: CheckedContinuation<Value, any Error>) { self.continuation = Mutex(continuation) }

    func give(_ result: Result<Value, any Error>) {
        continuation.withLock { waiting in
            waiting?.resume(with: result)
            waiting = nil
        }
    }
}
