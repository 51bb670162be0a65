/// Why a write was refused by the database's own constraints.
public enum StorageError: Error, Equatable, Sendable {
    case duplicateEmail
    case notFound
    /// A row was written through another family's scope (a programming error, never a client's).
    case otherFamily
}
