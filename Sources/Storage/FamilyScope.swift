/// One family's rows. Every store call that reads or writes a family's rows takes the family's
/// scope, not a family id string: a child's or a phone's id cannot be passed in its place, and the
/// server makes a scope only from what it authenticated (a signed-in session, a paired phone, a
/// stored row), never from an id a client sent.
public struct FamilyScope: Sendable, Hashable {
    public let familyId: String

    public init(familyId: String) { self.familyId = familyId }
}

extension SpotCheckDeviceRow {
    /// The family of a phone read from the database (a paired phone's requests are its family's).
    public var scope: FamilyScope { FamilyScope(familyId: familyId) }
}

extension DrawingRow {
    /// The family of a drawing read from the database.
    public var scope: FamilyScope { FamilyScope(familyId: familyId) }
}

extension ParentRow {
    /// The parent's own family.
    public var scope: FamilyScope { FamilyScope(familyId: familyId) }
}

extension SilentDevice {
    /// The family of a phone the tamper watch found silent.
    public var scope: FamilyScope { FamilyScope(familyId: familyId) }
}
