import Foundation

// Coloring Fun's rows as SQL returns them (times in milliseconds since 1970). Only ColoringStore sees them.

struct DrawingRow: Decodable {
    let id: DrawingID
    let familyId: FamilyID
    let childId: ChildID
    let page: String?
    let document: String
    let revision: Int
    let createdAt: Int64
    let updatedAt: Int64

    var value: Drawing {
        Drawing(id: id, familyId: familyId, childId: childId, page: page, document: document, revision: revision,
                createdAt: Date(millis: createdAt), updatedAt: Date(millis: updatedAt))
    }
}

struct DrawingSummaryRow: Decodable {
    let id: DrawingID
    let page: String?
    let revision: Int
    let createdAt: Int64
    let updatedAt: Int64

    var value: DrawingSummary {
        DrawingSummary(id: id, page: page, revision: revision, createdAt: Date(millis: createdAt), updatedAt: Date(millis: updatedAt))
    }
}
