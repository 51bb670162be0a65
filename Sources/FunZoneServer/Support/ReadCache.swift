import Foundation
import Storage
import NIOConcurrencyHelpers
import NIOCore

/// A short-lived, in-process cache of what the busiest reads need: the device's session, the child's
/// hub (kept as its encoded JSON, ready to send) and a SpotCheck phone found from its secret (the
/// Shortcut's GET /policy). It is safe to lose (everything is in the database) and keeps
/// itself honest two ways:
/// - any state-changing request of a family on this instance drops that family's entries at once,
///   so a single server never shows stale data;
/// - entries expire after `ttl` (1 s by default), which bounds how stale another instance behind
///   the same load balancer can be. A `ttl` of 0 turns the cache off.
/// Only GET requests read from it; every write re-reads the session from the database.
final class ReadCache: Sendable {
    let ttl: TimeInterval
    let capacity: Int

    private struct State {
        var sessions: [String: (session: Session, expires: Date)] = [:]
        /// familyId → childId → encoded hub.
        var hubs: [FamilyID: [ChildID: (body: ByteBuffer, expires: Date)]] = [:]
        var hubCount = 0
        var sessionsByFamily: [FamilyID: Set<String>] = [:]
        /// secret hash → phone.
        var phones: [String: (phone: SpotCheckDevice, expires: Date)] = [:]
        var phonesByFamily: [FamilyID: Set<String>] = [:]
    }
    private let state = NIOLockedValueBox(State())

    init(ttl: TimeInterval, capacity: Int = 50_000) {
        self.ttl = ttl
        self.capacity = capacity
    }

    var isEnabled: Bool { ttl > 0 }

    func session(tokenHash: String, now: Date) -> Session? {
        guard isEnabled else { return nil }
        return state.withLockedValue { state in
            guard let entry = state.sessions[tokenHash], entry.expires > now, entry.session.expiresAt > now else { return nil }
            return entry.session
        }
    }

    func store(session: Session, now: Date) {
        guard isEnabled else { return }
        state.withLockedValue { state in
            if state.sessions.count >= capacity { state = State() }
            state.sessions[session.tokenHash] = (session, now.addingTimeInterval(ttl))
            state.sessionsByFamily[session.familyId, default: []].insert(session.tokenHash)
        }
    }

    func hub(childId: ChildID, in scope: FamilyScope, now: Date) -> ByteBuffer? {
        guard isEnabled else { return nil }
        return state.withLockedValue { state in
            guard let entry = state.hubs[scope.familyId]?[childId], entry.expires > now else { return nil }
            return entry.body
        }
    }

    func store(hub body: ByteBuffer, childId: ChildID, in scope: FamilyScope, now: Date) {
        guard isEnabled else { return }
        state.withLockedValue { state in
            if state.hubCount >= capacity {
                state.hubs = [:]
                state.hubCount = 0
            }
            if state.hubs[scope.familyId, default: [:]].updateValue((body, now.addingTimeInterval(ttl)), forKey: childId) == nil { state.hubCount += 1 }
        }
    }

    func phone(secretHash: String, now: Date) -> SpotCheckDevice? {
        guard isEnabled else { return nil }
        return state.withLockedValue { state in
            guard let entry = state.phones[secretHash], entry.expires > now else { return nil }
            return entry.phone
        }
    }

    func store(phone: SpotCheckDevice, now: Date) {
        guard isEnabled, let hash = phone.secretHash else { return }
        state.withLockedValue { state in
            if state.phones.count >= capacity {
                state.phones = [:]
                state.phonesByFamily = [:]
            }
            state.phones[hash] = (phone, now.addingTimeInterval(ttl))
            state.phonesByFamily[phone.familyId, default: []].insert(hash)
        }
    }

    /// Drops everything cached for a family: called after each of its state-changing requests.
    func invalidate(_ scope: FamilyScope) {
        guard isEnabled else { return }
        state.withLockedValue { state in
            for token in state.sessionsByFamily.removeValue(forKey: scope.familyId) ?? [] { state.sessions[token] = nil }
            for hash in state.phonesByFamily.removeValue(forKey: scope.familyId) ?? [] { state.phones[hash] = nil }
            state.hubCount -= state.hubs.removeValue(forKey: scope.familyId)?.count ?? 0
        }
    }

    /// Drops one session (sign-out) even before its family is known to have changed.
    func invalidate(tokenHash: String) {
        guard isEnabled else { return }
        state.withLockedValue { state in
            if let session = state.sessions.removeValue(forKey: tokenHash)?.session { state.sessionsByFamily[session.familyId]?.remove(tokenHash) }
        }
    }
}
