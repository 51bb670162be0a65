/// One family's rows. Every store call that reads or writes a family's rows takes the family's
/// scope, not a family id string: a child's or a phone's id cannot be passed in its place, and the
/// server makes a scope only from what it authenticated (a signed-in session, a paired phone, a
/// stored row), never from an id a client sent.
public struct FamilyScope: Sendable, Hashable {
    public let familyId: FamilyID

    public init(familyId: FamilyID) { self.familyId = familyId }

    /// Refuses a row of another family: a write goes through the scope it was made for, and the
    /// family it stores is the scope's, never the one the row was built with.
    public func check(_ row: some FamilyOwned) throws {
        guard row.familyId == familyId else { throw StorageError.otherFamily }
    }
}

/// A value read from the database: it belongs to its family, so its scope is that family's (a paired
/// phone's requests, a drawing being saved, a parent's own account, a phone the tamper watch found).
public protocol FamilyOwned {
    var familyId: FamilyID { get }
}

extension FamilyOwned {
    public var scope: FamilyScope { FamilyScope(familyId: familyId) }
}

extension SpotCheckDevice: FamilyOwned {}
extension Drawing: FamilyOwned {}
extension ParentAccount: FamilyOwned {}
extension SilentDevice: FamilyOwned {}
extension Child: FamilyOwned {}
extension AppRequestRecord: FamilyOwned {}
extension Purchase: FamilyOwned {}
extension SpellingPlayer: FamilyOwned {}
extension SpellingGame: FamilyOwned {}
extension SpellingList: FamilyOwned {}
extension SpeakUpTake: FamilyOwned {}
