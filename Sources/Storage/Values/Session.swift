import Foundation
import Hub

/// A signed-in family device: who signed it in, the child playing on it, its parent area and its
/// parent gate.
public struct Session: Sendable, Equatable {
    /// SHA-256 of the session token (the cookie holds the token itself).
    public let tokenHash: String
    public let familyId: FamilyID
    public let parentId: ParentID
    public let csrfToken: String
    /// The child playing on this device (nil: the avatar picker).
    public let childId: ChildID?
    public let createdAt: Date
    public let lastSeenAt: Date
    public let expiresAt: Date
    /// The parent area's last use on this device (nil: closed).
    public let parentActiveAt: Date?
    /// When this device last passed the parent gate (nil: no pass to spend).
    public let gatePassedAt: Date?
    /// The gate's wrong answers and lock on this device.
    public let gate: ParentGate.State
    /// The gate's question waiting for its answer, if one was asked.
    public let gateChallenge: ParentGate.Challenge?

    public init(tokenHash: String, familyId: FamilyID, parentId: ParentID, csrfToken: String, childId: ChildID?, createdAt: Date,
                lastSeenAt: Date, expiresAt: Date, parentActiveAt: Date? = nil, gatePassedAt: Date? = nil,
                gate: ParentGate.State = ParentGate.State(), gateChallenge: ParentGate.Challenge? = nil) {
        self.tokenHash = tokenHash
        self.familyId = familyId
        self.parentId = parentId
        self.csrfToken = csrfToken
        self.childId = childId
        self.createdAt = createdAt.roundedToMillis
        self.lastSeenAt = lastSeenAt.roundedToMillis
        self.expiresAt = expiresAt.roundedToMillis
        self.parentActiveAt = parentActiveAt?.roundedToMillis
        self.gatePassedAt = gatePassedAt?.roundedToMillis
        self.gate = gate
        self.gateChallenge = gateChallenge
    }
}
