/// An id that says what it identifies: a child's id cannot be passed where a phone's or a family's
/// is expected, though all of them are strings in the database and on the wire (it encodes and
/// decodes as the bare string, so rows, request bodies and answers keep their shape).
public struct Identifier<Subject>: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A literal id (a fixture, a test) is as good as a made one; a `String` variable is not.
extension Identifier: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self.rawValue = value }
}

/// What each kind of id names. Only the tags: the rows and domain values live elsewhere.
public enum IDSubject {
    public enum Family {}
    public enum Parent {}
    public enum Child {}
    public enum Device {}
    public enum Drawing {}
    public enum AppRequest {}
    public enum SpeakUpTake {}
}

public typealias FamilyID = Identifier<IDSubject.Family>
public typealias ParentID = Identifier<IDSubject.Parent>
public typealias ChildID = Identifier<IDSubject.Child>
/// A SpotCheck phone.
public typealias DeviceID = Identifier<IDSubject.Device>
public typealias DrawingID = Identifier<IDSubject.Drawing>
public typealias AppRequestID = Identifier<IDSubject.AppRequest>
/// One recorded talk in SpeakUp.
public typealias SpeakUpTakeID = Identifier<IDSubject.SpeakUpTake>
