import Foundation

/// A PDF's text as poppler's pdftotext reads it (pages split by form feeds). Throws where
/// poppler-utils is missing (`scripts/install-deps --test` installs it): a test never passes unread.
public enum PDFText {
    public struct Missing: Error, CustomStringConvertible {
        public var description: String { "pdftotext is missing: run scripts/install-deps --test (poppler-utils)" }
    }

    public static func read(_ pdf: Data) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") else { throw Missing() }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pdf-\(UUID()).pdf")
        try pdf.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process(), pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
        process.arguments = [file.path, "-"]
        process.standardOutput = pipe
        try process.run()
        let text = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: text, as: UTF8.self)
    }
}
