/// One family's rows. Every store call that reads or writes a family's rows takes the family's
/// scope, not a family id string: a child's or a phone's id cannot be passed in its place, and the
/// server makes a scope only from what it authenticated (a signed-in session, a paired phone, a
/// stored row), never from an id a client sent.
public struct FamilyScope: Sendable, Hashable {
    public let familyId: String

    public init(familyId: String) { self.familyId = familyId }
}

/// A row read from the database: it belongs to its family, so its scope is that family's (a paired
/// phone's requests, a drawing being saved, a parent's own account, a phone the tamper watch found).
public protocol FamilyOwned {
    var familyId: String { get }
}

extension FamilyOwned {
    public var scope: FamilyScope { FamilyScope(familyId: familyId) }
}

extension SpotCheckDeviceRow: FamilyOwned {}
extension DrawingRow: FamilyOwned {}
extension ParentRow: FamilyOwned {}
extension SilentDevice: FamilyOwned {}
