import Foundation

/// Files the app keeps (recorded audio, later drawings), addressed by a key; metadata lives in the database.
public protocol BlobStore: Sendable {
    func put(_ data: Data, key: String) async throws
    func get(key: String) async throws -> Data?
    func delete(key: String) async throws
}

/// Blobs as files under the data directory.
public struct FileBlobStore: BlobStore {
    public let root: URL

    public init(root: URL) throws {
        self.root = root
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    private func url(_ key: String) throws -> URL {
        // Keys are made by the server ("requests/<uuid>.wav"); refuse anything that could leave the root.
        guard !key.isEmpty, !key.contains(".."), !key.hasPrefix("/"),
              key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_./".contains($0)) })
        else { throw StorageError.notFound }
        return root.appendingPathComponent(key)
    }

    public func put(_ data: Data, key: String) async throws {
        let url = try url(key)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
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
}
