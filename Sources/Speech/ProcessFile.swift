import Foundation

/// A file pocketsphinx reads by path (a dictionary, feature parameters), written once per process
/// to the temporary folder.
enum ProcessFile {
    /// Writes `contents()` to `funzone-<name>-<pid>.<extension>` and returns its path, or the error.
    static func write(_ name: String, extension: String, contents: () throws -> String) -> Result<String, any Error> {
        Result {
            let file = FileManager.default.temporaryDirectory
                .appendingPathComponent("funzone-\(name)-\(ProcessInfo.processInfo.processIdentifier).\(`extension`)")
            try Data(try contents().utf8).write(to: file, options: .atomic)
            return file.path
        }
    }
}
