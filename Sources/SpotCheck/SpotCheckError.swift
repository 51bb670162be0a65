/// Why a SpotCheck request cannot be done; the server maps each case to one HTTP answer.
public enum SpotCheckError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A field of a rule or a report is not valid; `field` names it.
    case invalidField(field: String, reason: String)

    public var description: String {
        switch self {
        case .invalidField(_, let reason): reason
        }
    }
}
