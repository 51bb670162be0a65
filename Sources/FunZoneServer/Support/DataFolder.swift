import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The data folder holds the family's database, the children's recordings, drawings and photos,
/// and the server's keys: only the server's own user may read any of it.
public enum DataFolder {
    /// From now on everything this process creates is private: files 0600, folders 0700 (SQLite's
    /// database and journal, recordings, thumbnails, the speech cache).
    public static func keepPrivate() {
        umask(0o077)
    }

    /// Makes the folder at `path` (0700) when it is missing, and takes every group and other
    /// permission off it and off everything in it, as a data folder made before these rules has
    /// them (0644 files in 0755 folders). Symbolic links are left alone. Returns how many entries
    /// were tightened.
    @discardableResult
    public static func prepare(_ path: String) throws -> Int {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var tightened = tighten(path) ? 1 : 0
        if let walker = FileManager.default.enumerator(atPath: path) {
            for case let relative as String in walker where tighten("\(path)/\(relative)") { tightened += 1 }
        }
        return tightened
    }

    /// Drops the group and other bits of one entry; whether it had any.
    private static func tighten(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFLNK, info.st_mode & 0o077 != 0 else { return false }
        return chmod(path, info.st_mode & 0o7700) == 0
    }
}
