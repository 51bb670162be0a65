import Foundation

/// Runs work that blocks its thread (a decoder, a child process) on a dispatch thread, so it never
/// holds one of Swift's cooperative threads.
public func offCooperativePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async { continuation.resume(with: Result { try work() }) }
    }
}
