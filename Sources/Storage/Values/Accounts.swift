import Foundation

// Times in these values are whole milliseconds, as the database keeps them: a value made here
// equals the one read back, and an answer built from it shows what a later read would show.

/// A household: its parents, children and phones all belong to it.
public struct Family: Sendable, Equatable {
    public let id: FamilyID
    public let name: String
    public let createdAt: Date

    public init(id: FamilyID, name: String, createdAt: Date) {
        self.id = id
        self.name = name
        self.createdAt = createdAt.roundedToMillis
    }
}

/// A parent's account: signs in with an e-mail address and a password, kept as a bcrypt hash.
public struct ParentAccount: Sendable, Equatable {
    public let id: ParentID
    public let familyId: FamilyID
    public let email: String
    public let name: String
    public let passwordHash: String
    public let createdAt: Date

    public init(id: ParentID, familyId: FamilyID, email: String, name: String, passwordHash: String, createdAt: Date) {
        self.id = id
        self.familyId = familyId
        self.email = email
        self.name = name
        self.passwordHash = passwordHash
        self.createdAt = createdAt.roundedToMillis
    }
}

/// A child of the family: the name the hub greets, the school grade and the avatar.
public struct Child: Sendable, Equatable {
    public let id: ChildID
    public let familyId: FamilyID
    public let name: String
    public let grade: Int
    public let avatar: String
    public let createdAt: Date

    public init(id: ChildID, familyId: FamilyID, name: String, grade: Int, avatar: String, createdAt: Date) {
        self.id = id
        self.familyId = familyId
        self.name = name
        self.grade = grade
        self.avatar = avatar
        self.createdAt = createdAt.roundedToMillis
    }
}

/// A product the family owns, with its receipt.
public struct Purchase: Sendable, Equatable {
    public let id: String
    public let familyId: FamilyID
    public let productId: String
    /// The payment provider that holds the receipt.
    public let provider: String
    public let receipt: String
    public let purchasedAt: Date
    /// The parent whose password approved it (nil for purchases before this was kept, and restores).
    public let purchasedBy: ParentID?

    public init(id: String, familyId: FamilyID, productId: String, provider: String, receipt: String, purchasedAt: Date,
                purchasedBy: ParentID? = nil) {
        self.id = id
        self.familyId = familyId
        self.productId = productId
        self.provider = provider
        self.receipt = receipt
        self.purchasedAt = purchasedAt.roundedToMillis
        self.purchasedBy = purchasedBy
    }
}
