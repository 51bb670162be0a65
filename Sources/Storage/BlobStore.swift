import Foundation
import NIOPosix
#if canImport(Glibc)
import Glibc
#endif

/// Files the app keeps (recorded audio, later drawings), addressed by a key; metadata lives in the database.
public protocol BlobStore: Sendable {
    func put(_ data: Data, key: String) async throws
    func get(key: String) async throws -> Data?
    func delete(key: String) async throws
    /// Every kept blob's key but the derived ones (drawings' thumbnails), sorted: what a backup copies.
    func keys() async throws -> [String]
}

/// Keys are made by the server ("requests/<uuid>.wav"): anything that could leave a folder, or
/// that a server would not make, is refused by every store.
func isBlobKey(_ key: String) -> Bool {
    !key.isEmpty && !key.contains("..") && !key.hasPrefix("/")
        && key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_./".contains($0)) })
}

/// Blobs made again on demand from the rows (drawings' thumbnails): a backup leaves them out.
func isDerivedBlob(_ key: String) -> Bool {
    key.hasPrefix("coloring/") && key.split(separator: "/").last?.hasPrefix("thumbnail-") == true
}

/// Why a blob could not be written: the system call that failed and its errno.
public struct BlobWriteError: Error, CustomStringConvertible, Sendable {
    public let call: String
    public let code: Int32
    public var description: String { "\(call): \(String(cString: strerror(code))) (errno \(code))" }
}

/// Blobs as files under the data directory.
///
/// A blob is written to a temporary file beside its place, flushed to the disk, renamed over its
/// place, and the folder flushed, before `put` returns: after a crash or a power cut a blob is
/// whole (old or new) or absent, never half-written, and one whose write was acknowledged is on
/// the disk. A temporary file a crash left behind is removed when the store opens, once it is ten
/// minutes old (another instance sharing the folder may be writing a younger one).
public struct FileBlobStore: BlobStore {
    public let root: URL
    static let partialSuffix = ".partial"

    public init(root: URL) throws {
        self.root = root
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        Self.removeCrashLeftovers(under: root)
    }

    private func url(_ key: String) throws -> URL {
        guard isBlobKey(key), !key.hasSuffix(Self.partialSuffix) else { throw StorageError.notFound }
        return root.appendingPathComponent(key)
    }

    public func put(_ data: Data, key: String) async throws {
        let url = try url(key)
        // fsync waits for the disk: on the blocking pool, not on a thread that serves requests.
        try await NIOThreadPool.singleton.runIfActive { try Self.writeDurably(data, to: url) }
    }

    public func get(key: String) async throws -> Data? {
        let url = try url(key)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }

    public func delete(key: String) async throws {
        let url = try url(key)
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
    }

    /// Every blob's key, but the drawings' thumbnails (made again on demand) and half-written ones.
    public func keys() -> [String] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        let prefix = root.standardizedFileURL.path + "/"
        var keys: [String] = []
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let key = String(url.standardizedFileURL.path.dropFirst(prefix.count))
            if key.hasSuffix(Self.partialSuffix) || key.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            if isDerivedBlob(key) { continue }
            keys.append(key)
        }
        return keys.sorted()
    }

    /// Writes `data` at `url` whole or not at all, and on the disk before it returns.
    static func writeDurably(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try makeFolderDurably(folder)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)\(partialSuffix)").path
        let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw BlobWriteError(call: "open", code: errno) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do {
            try writeAll(data, to: file)
            guard fsync(file) == 0 else { throw BlobWriteError(call: "fsync", code: errno) }
        } catch {
            close(file)
            throw error
        }
        guard close(file) == 0 else { throw BlobWriteError(call: "close", code: errno) }
        guard rename(temporary, url.path) == 0 else { throw BlobWriteError(call: "rename", code: errno) }
        renamed = true
        try flushFolder(folder)  // the rename itself is on the disk once its folder is
    }

    /// Makes `folder` and any missing folders above it, each flushed into its parent, so the first
    /// blob of a new folder survives a power cut with it.
    private static func makeFolderDurably(_ folder: URL) throws {
        var missing: [URL] = []
        var place = folder
        while !FileManager.default.fileExists(atPath: place.path), place.pathComponents.count > 1 {
            missing.append(place)
            place = place.deletingLastPathComponent()
        }
        guard !missing.isEmpty else { return }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for made in missing { try flushFolder(made.deletingLastPathComponent()) }
    }

    private static func flushFolder(_ folder: URL) throws {
        let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw BlobWriteError(call: "open folder", code: errno) }
        defer { close(directory) }
        guard fsync(directory) == 0 else { throw BlobWriteError(call: "fsync folder", code: errno) }
    }

    private static func writeAll(_ data: Data, to file: Int32) throws {
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = write(file, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw BlobWriteError(call: "write", code: errno)
                }
                offset += written
            }
        }
    }

    /// Removes the temporary files of writes a crash cut short, last changed more than `age`
    /// seconds ago; how many there were.
    @discardableResult
    public static func removeCrashLeftovers(under root: URL, olderThan age: TimeInterval = 600) -> Int {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return 0 }
        var removed = 0
        let cutoff = Date().addingTimeInterval(-age)
        for case let relative as String in walker where relative.hasSuffix(partialSuffix) {
            let path = root.appendingPathComponent(relative).path
            guard let changed = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date, changed <= cutoff else { continue }
            if unlink(path) == 0 { removed += 1 }
        }
        return removed
    }
}
