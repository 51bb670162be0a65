import Foundation

/// Synthesised audio on disk, keyed by `SpeechRequest.cacheKey`, bounded in bytes: when a write
/// takes it over the bound, the least recently used files go first (a read touches its file).
public final class SpeechCache: @unchecked Sendable {  // all state is on disk; the lock orders evictions
    public let directory: URL
    public let maximumBytes: Int
    private let lock = NSLock()
    /// Bytes on disk as last counted plus what was written since; the folder is listed again only
    /// when this passes the bound (not on every write).
    private var knownBytes: Int?
    /// The time a read or write marks its file with (the server's clock; a test's own).
    private let now: @Sendable () -> Date

    public init(directory: URL, maximumBytes: Int = 64 * 1024 * 1024, now: @escaping @Sendable () -> Date) throws {
        self.directory = directory
        self.maximumBytes = maximumBytes
        self.now = now
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func url(_ key: String) -> URL { directory.appendingPathComponent(key) }

    public func read(_ key: String) -> Data? {
        guard let data = FileManager.default.contents(atPath: url(key).path) else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: now()], ofItemAtPath: url(key).path)
        return data
    }

    public func write(_ data: Data, key: String) {
        lock.lock()
        defer { lock.unlock() }
        let previous = (try? url(key).resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        guard (try? data.write(to: url(key), options: .atomic)) != nil else { return }
        try? FileManager.default.setAttributes([.modificationDate: now()], ofItemAtPath: url(key).path)
        let total = (knownBytes ?? size) - previous + data.count
        knownBytes = total
        if total > maximumBytes { knownBytes = evict() }
    }

    /// Total bytes cached.
    public var size: Int { entries().reduce(0) { $0 + $1.size } }

    private func entries() -> [(url: URL, size: Int, used: Date)] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)) ?? []
        return files.compactMap { file in
            guard let values = try? file.resourceValues(forKeys: Set(keys)) else { return nil }
            return (file, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
        }
    }

    /// Removes the least recently used files until the cache fits; returns the bytes left.
    private func evict() -> Int {
        var entries = entries()
        var total = entries.reduce(0) { $0 + $1.size }
        guard total > maximumBytes else { return total }
        entries.sort { $0.used < $1.used }
        for entry in entries where total > maximumBytes {
            try? FileManager.default.removeItem(at: entry.url)
            total -= entry.size
        }
        return total
    }
}
