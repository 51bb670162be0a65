import ArgumentParser
import DocumentText
import Foundation
import Study

/// MirrorBuddy from the command line: read a PDF or photos of pages as the app does.
struct MirrorBuddyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mirrorbuddy", abstract: "MirrorBuddy's material reader from the command line.", subcommands: [Read.self])

    struct Read: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read a PDF or photos of pages (JPEG, PNG, WebP) and print the text, pages apart by a form feed.",
            discussion: "A PDF's own text where it has one and OCR (tesseract) for scanned pages; photos by OCR, one page each, in the order given; then the same clean-up as a material in the app. Prints the seconds each file took on standard error.")

        @Argument(help: "A PDF, or one or more photos of pages in page order.") var files: [String]
        @Option(help: "The student's language, read first: it or en.") var language = "it"
        @Flag(help: "Print the text as the tools gave it, without the clean-up.") var raw = false

        func run() async throws {
            guard let studyLanguage = StudyLanguage(rawValue: language) else { throw ValidationError("--language must be it or en.") }
            let languages = studyLanguage == .it ? ["ita", "eng"] : ["eng", "ita"]
            let reader = DocumentReader()
            var pages: [String] = []
            for file in files {
                let data: Data
                do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
                    throw ValidationError("Cannot read \(file): \(error.localizedDescription)")
                }
                let started = Date()
                do {
                    if data.starts(with: Array("%PDF-".utf8)) {
                        pages += try await reader.readPDF(data, languages: languages).map(\.text)
                    } else {
                        pages.append(try await reader.readPhoto(data, languages: languages).text)
                    }
                } catch let error as DocumentError {
                    throw ValidationError("\(file): \(error.reason)")
                }
                FileHandle.standardError.write(Data(String(format: "%@: %.3f s\n", file, Date().timeIntervalSince(started)).utf8))
            }
            print((raw ? pages : pages.map(ScannedText.clean)).joined(separator: "\u{0C}"))
        }
    }
}
