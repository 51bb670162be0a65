import Foundation
import Hummingbird

/// An address whose path, once its %-escapes are read, holds a control character (a NUL, a line
/// break…) is not found. The file system cuts a path at a NUL, so `/index.html%00.js` would serve
/// index.html, typed as JavaScript by the name it was asked under.
struct ControlCharacterPaths: RouterMiddleware {
    typealias Context = AppRequestContext

    /// Read byte by byte, as the file middleware's lenient decoding reads it (an escape that is not
    /// UTF-8 must not hide a %00 beside it: Foundation's decoding gives up on the whole path then).
    static func holdsControlCharacter(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        var index = 0
        while index < bytes.count {
            var byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                byte = high << 4 | low
                index += 2
            }
            if byte < 0x20 || byte == 0x7F { return true }
            index += 1
        }
        return false
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !Self.holdsControlCharacter(request.uri.path) else { throw APIError(.notFound) }
        return try await next(request, context)
    }
}
