import Foundation
import Hub

// The account tables' rows as SQL returns them (snake_case columns, read with
// `.convertFromSnakeCase`; times in milliseconds since 1970). Only the stores see them: each
// becomes its domain value at once.

struct FamilyRow: Decodable {
    let id: FamilyID
    let name: String
    let createdAt: Int64

    var value: Family { Family(id: id, name: name, createdAt: Date(millis: createdAt)) }
}

struct ParentRow: Decodable {
    let id: ParentID
    let familyId: FamilyID
    let email: String
    let name: String
    let passwordHash: String
    let createdAt: Int64

    var value: ParentAccount {
        ParentAccount(id: id, familyId: familyId, email: email, name: name, passwordHash: passwordHash, createdAt: Date(millis: createdAt))
    }
}

struct ChildRow: Decodable {
    let id: ChildID
    let familyId: FamilyID
    let name: String
    let grade: Int
    let avatar: String
    let createdAt: Int64

    var value: Child { Child(id: id, familyId: familyId, name: name, grade: grade, avatar: avatar, createdAt: Date(millis: createdAt)) }
}

struct SessionRow: Decodable {
    let tokenHash: String
    let familyId: FamilyID
    let parentId: ParentID
    let csrfToken: String
    let childId: ChildID?
    let createdAt: Int64
    let lastSeenAt: Int64
    let expiresAt: Int64
    let parentActiveAt: Int64?
    let gatePassedAt: Int64?
    let gateFailures: Int
    let gateLockedUntil: Int64?
    let gateLeft: Int?
    let gateRight: Int?
    let gateIssuedAt: Int64?

    var value: Session {
        let challenge: ParentGate.Challenge? = if let gateLeft, let gateRight, let gateIssuedAt {
            ParentGate.Challenge(left: gateLeft, right: gateRight, issuedAt: Date(millis: gateIssuedAt))
        } else { nil }
        return Session(tokenHash: tokenHash, familyId: familyId, parentId: parentId, csrfToken: csrfToken, childId: childId,
                       createdAt: Date(millis: createdAt), lastSeenAt: Date(millis: lastSeenAt), expiresAt: Date(millis: expiresAt),
                       parentActiveAt: parentActiveAt.map(Date.init(millis:)), gatePassedAt: gatePassedAt.map(Date.init(millis:)),
                       gate: ParentGate.State(failures: gateFailures, lockedUntil: gateLockedUntil.map(Date.init(millis:))),
                       gateChallenge: challenge)
    }
}

struct AppRequestRow: Decodable {
    let id: AppRequestID
    let familyId: FamilyID
    let childId: ChildID
    let appId: String
    let text: String
    let audioKey: String?
    let audioBytes: Int64
    let status: String
    let createdAt: Int64
    let readAt: Int64?
    let decidedAt: Int64?
    let note: String?

    /// A status this version does not know reads as pending (only a parent's answer changes it).
    var value: AppRequestRecord {
        AppRequestRecord(id: id, familyId: familyId, childId: childId, appId: appId, text: text, audioKey: audioKey, audioBytes: audioBytes,
                         status: AppRequest.Status(rawValue: status) ?? .pending, createdAt: Date(millis: createdAt),
                         readAt: readAt.map(Date.init(millis:)), decidedAt: decidedAt.map(Date.init(millis:)), note: note)
    }
}

struct PurchaseRow: Decodable {
    let id: String
    let familyId: FamilyID
    let productId: String
    let provider: String
    let receipt: String
    let purchasedAt: Int64
    let purchasedBy: ParentID?

    var value: Purchase {
        Purchase(id: id, familyId: familyId, productId: productId, provider: provider, receipt: receipt,
                 purchasedAt: Date(millis: purchasedAt), purchasedBy: purchasedBy)
    }
}
