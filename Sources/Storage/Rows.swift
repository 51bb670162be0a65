import Foundation

/// Rows as stored. Every row carries the family it belongs to; every query filters on it.
public struct FamilyRow: Codable, Sendable, Equatable {
    public let id: FamilyID
    public let name: String
    public let createdAt: Int64
    public init(id: FamilyID, name: String, createdAt: Int64) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
    }
}

public struct ParentRow: Codable, Sendable, Equatable {
    public let id: ParentID
    public let familyId: FamilyID
    public let email: String
    public let name: String
    public let passwordHash: String
    public let createdAt: Int64
    public init(id: ParentID, familyId: FamilyID, email: String, name: String, passwordHash: String, createdAt: Int64) {
        self.id = id
        self.familyId = familyId
        self.email = email
        self.name = name
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}

public struct ChildRow: Codable, Sendable, Equatable {
    public let id: ChildID
    public let familyId: FamilyID
    public let name: String
    public let grade: Int
    public let avatar: String
    public let createdAt: Int64
    public init(id: ChildID, familyId: FamilyID, name: String, grade: Int, avatar: String, createdAt: Int64) {
        self.id = id
        self.familyId = familyId
        self.name = name
        self.grade = grade
        self.avatar = avatar
        self.createdAt = createdAt
    }
}

public struct SessionRow: Codable, Sendable, Equatable {
    public let tokenHash: String
    public let familyId: FamilyID
    public let parentId: ParentID
    public let csrfToken: String
    public let childId: ChildID?
    public let createdAt: Int64
    public let lastSeenAt: Int64
    public let expiresAt: Int64
    public let parentActiveAt: Int64?
    public let gatePassedAt: Int64?
    public let gateFailures: Int
    public let gateLockedUntil: Int64?
    public let gateLeft: Int?
    public let gateRight: Int?
    public let gateIssuedAt: Int64?
    public init(tokenHash: String, familyId: FamilyID, parentId: ParentID, csrfToken: String, childId: ChildID?, createdAt: Int64, lastSeenAt: Int64, expiresAt: Int64, parentActiveAt: Int64?, gatePassedAt: Int64?, gateFailures: Int, gateLockedUntil: Int64?, gateLeft: Int?, gateRight: Int?, gateIssuedAt: Int64?) {
        self.tokenHash = tokenHash
        self.familyId = familyId
        self.parentId = parentId
        self.csrfToken = csrfToken
        self.childId = childId
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.expiresAt = expiresAt
        self.parentActiveAt = parentActiveAt
        self.gatePassedAt = gatePassedAt
        self.gateFailures = gateFailures
        self.gateLockedUntil = gateLockedUntil
        self.gateLeft = gateLeft
        self.gateRight = gateRight
        self.gateIssuedAt = gateIssuedAt
    }
}

public struct AppRequestRow: Codable, Sendable, Equatable {
    public let id: AppRequestID
    public let familyId: FamilyID
    public let childId: ChildID
    public let appId: String
    public let text: String
    public let audioKey: String?
    public let audioBytes: Int64
    public let status: String
    public let createdAt: Int64
    public let readAt: Int64?
    public let decidedAt: Int64?
    /// The parent's note with their answer.
    public let note: String?
    public init(id: AppRequestID, familyId: FamilyID, childId: ChildID, appId: String, text: String, audioKey: String?, audioBytes: Int64, status: String, createdAt: Int64, readAt: Int64?, decidedAt: Int64?, note: String? = nil) {
        self.id = id
        self.familyId = familyId
        self.childId = childId
        self.appId = appId
        self.text = text
        self.audioKey = audioKey
        self.audioBytes = audioBytes
        self.status = status
        self.createdAt = createdAt
        self.readAt = readAt
        self.decidedAt = decidedAt
        self.note = note
    }
}

public struct PurchaseRow: Codable, Sendable, Equatable {
    public let id: String
    public let familyId: FamilyID
    public let productId: String
    public let provider: String
    public let receipt: String
    public let purchasedAt: Int64
    /// The parent whose password approved it (nil for purchases before this was kept, and restores).
    public let purchasedBy: ParentID?
    public init(id: String, familyId: FamilyID, productId: String, provider: String, receipt: String, purchasedAt: Int64,
                purchasedBy: ParentID? = nil) {
        self.id = id
        self.familyId = familyId
        self.productId = productId
        self.provider = provider
        self.receipt = receipt
        self.purchasedAt = purchasedAt
        self.purchasedBy = purchasedBy
    }
}

/// Why a write was refused by the database's own constraints.
public enum StorageError: Error, Equatable, Sendable {
    case duplicateEmail
    case notFound
    /// A row was written through another family's scope (a programming error, never a client's).
    case otherFamily
}
