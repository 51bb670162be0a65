import Foundation

/// One saved picture of Coloring Fun. `document` is the drawing's JSON as `ColoringDocument`
/// encodes it (its own versioned format, checked when saved): it is kept and sent as it is.
public struct Drawing: Sendable, Equatable {
    public let id: DrawingID
    public let familyId: FamilyID
    public let childId: ChildID
    /// The colouring page it was drawn on (nil: blank paper).
    public let page: String?
    public let document: String
    /// Goes up by one with every save (the autosave's If-Match).
    public let revision: Int
    public let createdAt: Date
    public let updatedAt: Date

    public init(id: DrawingID, familyId: FamilyID, childId: ChildID, page: String?, document: String, revision: Int, createdAt: Date,
                updatedAt: Date) {
        self.id = id
        self.familyId = familyId
        self.childId = childId
        self.page = page
        self.document = document
        self.revision = revision
        self.createdAt = createdAt.roundedToMillis
        self.updatedAt = updatedAt.roundedToMillis
    }

    public var summary: DrawingSummary {
        DrawingSummary(id: id, page: page, revision: revision, createdAt: createdAt, updatedAt: updatedAt)
    }
}

/// A drawing in the gallery's list (without its document).
public struct DrawingSummary: Sendable, Equatable {
    public let id: DrawingID
    public let page: String?
    public let revision: Int
    public let createdAt: Date
    public let updatedAt: Date

    public init(id: DrawingID, page: String?, revision: Int, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.page = page
        self.revision = revision
        self.createdAt = createdAt.roundedToMillis
        self.updatedAt = updatedAt.roundedToMillis
    }
}

/// What a parent allows one child in Coloring Fun, and Kids Mode.
public struct ColoringSettings: Sendable, Equatable {
    public var stamps: Bool
    public var saving: Bool
    public var export: Bool
    public var kidsMode: Bool
    public init(stamps: Bool = true, saving: Bool = true, export: Bool = true, kidsMode: Bool = false) {
        self.stamps = stamps
        self.saving = saving
        self.export = export
        self.kidsMode = kidsMode
    }
}
