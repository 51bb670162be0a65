import Foundation
import ZIPFoundation

/// An .ipa opened read-only: the entries of its app bundle (`Payload/X.app/`), read on demand with
/// a size cap so a hostile archive cannot exhaust memory.
public struct IPAArchive {
    public enum OpenError: Error, CustomStringConvertible, Equatable {
        case notFound(String)
        case notAZip(String)

        public var description: String {
            switch self {
            case .notFound(let path): "\(path): no such file"
            case .notAZip(let path): "\(path) is not a readable .ipa (zip) archive"
            }
        }
    }

    /// Plists and manifests are read up to this size (the anchor's cap).
    public static let readLimit = 16 * 1024 * 1024

    let archive: Archive
    /// The path of the .ipa on disk.
    public let path: String
    /// Size of the .ipa file in bytes (what the user uploads).
    public let fileSize: Int64
    /// `Payload/X.app/`, or nil when the archive holds no app bundle.
    public let appDirectory: String?
    /// Paths inside the app bundle, relative to it ("Info.plist", "Frameworks/A.framework/A").
    public let appEntries: [String]

    public init(path: String) throws(OpenError) {
        let url = URL(fileURLWithPath: path)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              (attributes[.type] as? FileAttributeType) != .typeDirectory else { throw .notFound(path) }
        guard let archive = try? Archive(url: url, accessMode: .read) else { throw .notAZip(path) }
        self.archive = archive
        self.path = path
        self.fileSize = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        var appDirectory: String?
        var entries: [String] = []
        var sawEntry = false
        for entry in archive {
            sawEntry = true
            let entryPath = entry.path
            if appDirectory == nil { appDirectory = Self.appDirectory(of: entryPath) }
            if let app = appDirectory, entryPath.hasPrefix(app), entryPath.count > app.count {
                entries.append(String(entryPath.dropFirst(app.count)))
            }
        }
        // An archive with no readable central directory lists nothing: not an .ipa we can read.
        guard sawEntry else { throw .notAZip(path) }
        self.appDirectory = appDirectory
        self.appEntries = entries
    }

    /// `Payload/X.app/` for an entry inside the first `<folder>/<name>.app/` the archive names.
    static func appDirectory(of entryPath: String) -> String? {
        let parts = entryPath.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[1].hasSuffix(".app"), parts[1].count > 4 else { return nil }
        return "\(parts[0])/\(parts[1])/"
    }

    /// The app bundle's name without `.app` ("MyApp").
    public var appBundleName: String? {
        appDirectory.map { String($0.split(separator: "/")[1].dropLast(4)) }
    }

    /// Reads an entry of the app bundle (path relative to it), or nil when it is missing, too large or corrupt.
    public func read(_ relativePath: String) -> Data? {
        guard let app = appDirectory, let entry = archive[app + relativePath], entry.type == .file,
              entry.uncompressedSize <= UInt64(Self.readLimit) else { return nil }
        var data = Data()
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                data.append(chunk)
                if data.count > Self.readLimit { throw IPAArchive.OpenError.notAZip(path) }
            }
        } catch {
            return nil
        }
        return data
    }

    /// Whether an entry of the app bundle (relative path) exists.
    public func contains(_ relativePath: String) -> Bool {
        guard let app = appDirectory else { return false }
        return archive[app + relativePath] != nil
    }
}
