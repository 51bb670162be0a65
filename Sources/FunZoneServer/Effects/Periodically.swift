import ServiceLifecycle

/// Runs `work` at once and then every `interval` until the server shuts down gracefully: the loop of
/// the background services (maintenance sweep, SpotCheck's tamper watch).
func repeatUntilShutdown(every interval: Duration, _ work: @escaping @Sendable () async -> Void) async throws {
    do {
        try await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await work()
                try await Task.sleep(for: interval)
            }
        }
    } catch is CancellationError {
        // Shutting down: nothing to finish; the next start picks up where this one stopped.
    }
}
