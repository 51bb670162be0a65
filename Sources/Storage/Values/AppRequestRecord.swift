import Foundation
import Hub

/// A child's request for an app, as the parents' inbox keeps it.
public struct AppRequestRecord: Sendable, Equatable {
    public let id: AppRequestID
    public let familyId: FamilyID
    public let childId: ChildID
    public let appId: String
    public let text: String
    /// Where the child's recording is in the blob store (nil: text only).
    public let audioKey: String?
    public let audioBytes: Int64
    public let status: AppRequest.Status
    public let createdAt: Date
    /// When a parent first opened it (nil: unread).
    public let readAt: Date?
    public let decidedAt: Date?
    /// The parent's note with their answer.
    public let note: String?

    /// A request as stored; a new one is pending and unread.
    public init(id: AppRequestID, familyId: FamilyID, childId: ChildID, appId: String, text: String, audioKey: String?, audioBytes: Int64,
                status: AppRequest.Status = .pending, createdAt: Date, readAt: Date? = nil, decidedAt: Date? = nil, note: String? = nil) {
        self.id = id
        self.familyId = familyId
        self.childId = childId
        self.appId = appId
        self.text = text
        self.audioKey = audioKey
        self.audioBytes = audioBytes
        self.status = status
        self.createdAt = createdAt.roundedToMillis
        self.readAt = readAt?.roundedToMillis
        self.decidedAt = decidedAt?.roundedToMillis
        self.note = note
    }
}
