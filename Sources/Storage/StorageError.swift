/// Why a write was refused by the database's own constraints.
public enum StorageError: Error, Equatable, Sendable {
    case duplicateEmail
    case notFound
    /// A profile's own prompt with the same text is already kept.
    case duplicatePrompt
    /// A per-profile count (own prompts) would pass its limit.
    case limitReached
    /// A row was written through another family's scope (a programming error, never a client's).
    case otherFamily
}
