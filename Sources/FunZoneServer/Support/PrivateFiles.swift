import Foundation

/// Files only the server's user may read (keys, certificates), written so that no reader ever sees
/// half a file.
enum PrivateFiles {
    static func makeDirectory(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
    }

    /// Writes to a temporary file made 0600 from the start, then renames it over the target.
    static func write(_ text: String, to url: URL) throws {
        let temporary = try privateCopy(text, beside: url)
        if rename(temporary.path, url.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }

    /// Writes `text` to `url` unless the file is already there, atomically and 0600: two instances
    /// starting together both try, exactly one file wins, and both read the winner's. Returns
    /// whether this call wrote it.
    static func createIfAbsent(_ text: String, at url: URL) throws -> Bool {
        let temporary = try privateCopy(text, beside: url)
        defer { try? FileManager.default.removeItem(at: temporary) }
        // link(2) fails when the target exists, unlike rename(2), which would replace it.
        if link(temporary.path, url.path) == 0 { return true }
        guard errno == EEXIST else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        return false
    }

    /// `text` in a new hidden file next to `url`, 0600 from the start.
    private static func privateCopy(_ text: String, beside url: URL) throws -> URL {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        return temporary
    }
}
