import NIOCore
import PostgresKit
import SQLiteKit

// An id is bound and read as the text it is, on the drivers' fast paths: without these, SQLKit
// would route every bind and column through its generic Codable encoder and decoder.

extension Identifier: SQLiteDataConvertible {
    public init?(sqliteData: SQLiteData) {
        guard case .text(let text) = sqliteData else { return nil }
        self.init(text)
    }

    public var sqliteData: SQLiteData? { .text(rawValue) }
}

extension Identifier: PostgresNonThrowingEncodable, PostgresDecodable {
    public static var psqlType: PostgresDataType { String.psqlType }
    public static var psqlFormat: PostgresFormat { String.psqlFormat }

    public func encode<JSONEncoder: PostgresJSONEncoder>(into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        rawValue.encode(into: &byteBuffer, context: context)
    }

    public init<JSONDecoder: PostgresJSONDecoder>(from buffer: inout ByteBuffer, type: PostgresDataType, format: PostgresFormat,
                                                  context: PostgresDecodingContext<JSONDecoder>) throws {
        self.init(try String(from: &buffer, type: type, format: format, context: context))
    }
}
