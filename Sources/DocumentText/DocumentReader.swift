import Foundation
import Programs

/// Text from a PDF or photos of pages, with Debian's poppler (pdfinfo, pdftotext, pdftoppm) and
/// tesseract: a PDF's own text where it has one, OCR for a page that is only a picture (a scan),
/// OCR for each photo. Programs run with arguments, never a shell; files go in a private folder
/// that is removed afterwards.
public struct DocumentReader: Sendable {
    /// Tesseract's language codes, the first the most likely ("ita", "eng").
    public typealias Languages = [String]

    public var maxPages: Int
    public var maxMegapixels: Int
    /// Seconds one program may run on one page.
    public var pageTimeout: TimeInterval

    public init(maxPages: Int = 100, maxMegapixels: Int = 40, pageTimeout: TimeInterval = 60) {
        (self.maxPages, self.maxMegapixels, self.pageTimeout) = (maxPages, maxMegapixels, pageTimeout)
    }

    /// A page with fewer letters than this is read as a picture.
    static let lettersForText = 25

    public struct Page: Equatable, Sendable {
        public let text: String
        /// Read by OCR (a scanned page or a photo).
        public let ocr: Bool
        public init(text: String, ocr: Bool) { (self.text, self.ocr) = (text, ocr) }
    }

    // MARK: - PDF

    /// The PDF's pages in order; `progress` hears each page done (pages done, pages).
    public func readPDF(_ data: Data, languages: Languages, progress: @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> [Page] {
        guard data.starts(with: Array("%PDF-".utf8)) else { throw DocumentError.notPDF }
        return try await withPrivateFolder { folder in
            let file = folder.appendingPathComponent("document.pdf")
            try data.write(to: file)
            let pages = try await pageCount(file)
            guard pages <= maxPages else { throw DocumentError.tooManyPages(pages: pages, limit: maxPages) }
            guard pages > 0 else { throw DocumentError.unreadablePDF("no pages") }
            let text = try await run("pdftotext", ["-enc", "UTF-8", "-eol", "unix", "-f", "1", "-l", String(pages), file.path, "-"],
                                     timeout: pageTimeout * 2, maxOutput: 8 * 1024 * 1024)
            var texts = String(decoding: text, as: UTF8.self).components(separatedBy: "\u{0C}")
            if texts.count > pages { texts = Array(texts.prefix(pages)) }
            while texts.count < pages { texts.append("") }
            var result: [Page] = []
            for (index, pageText) in texts.enumerated() {
                try Task.checkCancellation()
                if pageText.filter(\.isLetter).count >= Self.lettersForText {
                    result.append(Page(text: pageText, ocr: false))
                } else {
                    let number = String(index + 1)
                    let dpi = try await resolution(of: index + 1, in: file)
                    // The crop box: the size pdfinfo reported, so the picture stays within its pixels.
                    let picture = try await run("pdftoppm", ["-r", String(dpi), "-cropbox", "-gray", "-f", number, "-l", number, file.path], timeout: pageTimeout,
                                                maxOutput: pictureBytes)
                    result.append(Page(text: try await bestReading(picture, coder: "pgm", languages: languages), ocr: true))
                }
                progress(index + 1, pages)
            }
            return result
        }
    }

    /// The PDF's page count, checked before it is kept: not a PDF, locked with a password, damaged,
    /// or longer than `maxPages`, it is refused at once.
    public func checkPDF(_ data: Data) async throws -> Int {
        guard data.starts(with: Array("%PDF-".utf8)) else { throw DocumentError.notPDF }
        return try await withPrivateFolder { folder in
            let file = folder.appendingPathComponent("document.pdf")
            try data.write(to: file)
            let pages = try await pageCount(file)
            guard pages > 0 else { throw DocumentError.unreadablePDF("no pages") }
            guard pages <= maxPages else { throw DocumentError.tooManyPages(pages: pages, limit: maxPages) }
            return pages
        }
    }

    /// The pixels a page may be drawn with for OCR, and the bytes of such a picture (grey, one byte a pixel).
    var pagePixels: Double { Double(maxMegapixels) * 1_000_000 }
    var pictureBytes: Int { maxMegapixels * 1_000_000 + 4096 }

    /// The dots per inch to draw a scanned page at: 300, or less for a page so large that 300 would
    /// pass `maxMegapixels` (a PDF page may be 200 inches wide).
    func resolution(of page: Int, in file: URL) async throws -> Int {
        let info = String(decoding: try await run("pdfinfo", ["-f", String(page), "-l", String(page), file.path], timeout: 30), as: UTF8.self)
        // "Page    3 size: 595 x 842 pts (A4)": the line of this page (a title cannot fake it: the last such line wins).
        let lines = info.split(separator: "\n").filter { line in
            let words = line.split(separator: " ")
            return words.count >= 3 && words[0] == "Page" && words[1] == Substring(String(page)) && words[2] == "size:"
        }
        guard let line = lines.last else { return 150 }
        let numbers = line.split(separator: ":").last?.split(separator: " ").compactMap { Double($0) } ?? []
        guard numbers.count >= 2, numbers[0] > 0, numbers[1] > 0 else { return 150 }
        return Self.resolution(widthPoints: numbers[0], heightPoints: numbers[1], pixels: pagePixels)
    }

    static func resolution(widthPoints: Double, heightPoints: Double, pixels: Double) -> Int {
        let fitting = 72 * (pixels / (widthPoints * heightPoints)).squareRoot()
        // Clamped before it becomes an Int: a page reported as almost nothing must not overflow.
        guard fitting.isFinite else { return 300 }
        return Int(max(10, min(300, fitting)).rounded(.down))
    }

    /// pdfinfo's page count; a PDF that needs a password to open, or that poppler cannot read, is refused.
    func pageCount(_ file: URL) async throws -> Int {
        let info: String
        do {
            info = String(decoding: try await run("pdfinfo", [file.path], timeout: 30), as: UTF8.self)
        } catch let failure as ProcessRunner.Failure {
            if failure.message.localizedCaseInsensitiveContains("password") { throw DocumentError.encrypted }
            throw DocumentError.unreadablePDF(String(failure.message.prefix(200)))
        }
        for line in info.split(separator: "\n") where line.hasPrefix("Pages:") {
            if let count = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces)) { return count }
        }
        throw DocumentError.unreadablePDF("no page count")
    }

    // MARK: - Photos

    /// The text of a photo of a page (JPEG, PNG or WebP).
    public func readPhoto(_ data: Data, languages: Languages) async throws -> Page {
        guard let header = ImageHeader(data) else { throw DocumentError.notImage }
        guard header.megapixels <= Double(maxMegapixels) else {
            throw DocumentError.imageTooLarge(megapixels: Int(header.megapixels.rounded(.up)), limit: maxMegapixels)
        }
        guard min(header.width, header.height) >= 200 else { throw DocumentError.imageTooSmall }
        return Page(text: try await bestReading(data, coder: header.format.rawValue, languages: languages), ocr: true)
    }

    /// The picture's text read as it is and deskewed, whichever reads better (more characters read
    /// with confidence). Deskewing rights a page scanned a few degrees off (tesseract's layout
    /// analysis kept 28 of its 91 words at 2.5°), but on a photo in perspective it can turn the page
    /// the wrong way; reading both costs a second OCR and keeps the better.
    func bestReading(_ picture: Data, coder: String, languages: Languages) async throws -> String {
        let plain = try await recognise(picture, languages: languages)
        guard let straight = try? await straightened(picture, coder: coder) else { return plain.text }
        let turned = try await recognise(straight, languages: languages)
        return turned.score > plain.score ? turned.text : plain.text
    }

    /// The picture with ImageMagick: turned upright by its EXIF orientation, grey and deskewed. The
    /// coder is named (`jpeg:-`), so ImageMagick never guesses a format from the bytes.
    func straightened(_ picture: Data, coder: String) async throws -> Data {
        guard ProcessRunner.locate("convert") != nil else { throw DocumentError.toolMissing("convert") }
        // Limits of its own (not only the system's policy), and the first frame only (an animated WebP).
        return try await run("convert", ["-limit", "memory", "256MiB", "-limit", "map", "512MiB", "-limit", "area", "128MP",
                                         "-limit", "disk", "1GiB", "\(coder):-[0]", "-auto-orient", "-colorspace", "Gray",
                                         "-deskew", "40%", "+repage", "pgm:-"],
                             input: picture, timeout: pageTimeout, maxOutput: pictureBytes * 2)
    }

    // MARK: - OCR

    /// Tesseract on one picture (any format leptonica reads, PGM included), one thread: two cores
    /// serve more pages at once this way, and OpenMP's threads made each page 2–5× slower here. The
    /// words come as TSV, with their confidence: the text is rebuilt line by line, a blank line
    /// between paragraphs, and scored by the characters read with confidence.
    func recognise(_ picture: Data, languages: Languages) async throws -> (text: String, score: Double) {
        let codes = languages.filter { $0.allSatisfy(\.isLetter) && $0.count == 3 }
        let output = try await run("tesseract", ["stdin", "stdout", "-l", (codes.isEmpty ? ["ita", "eng"] : codes).joined(separator: "+"),
                                                 "--psm", "3", "tsv"],
                                   input: picture, timeout: pageTimeout, environment: ["OMP_THREAD_LIMIT": "1"], maxOutput: 16 * 1024 * 1024)
        return Self.text(fromTSV: String(decoding: output, as: UTF8.self))
    }

    /// Tesseract's TSV (level, page, block, paragraph, line, word, left, top, width, height, conf, text) as text and score.
    static func text(fromTSV tsv: String) -> (text: String, score: Double) {
        var text = "", score = 0.0
        var lastLine: [Substring]? = nil, lastParagraph: [Substring]? = nil
        for row in tsv.split(separator: "\n").dropFirst() {
            let columns = row.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count >= 12, columns[0] == "5" else { continue }
            let word = columns[11...].joined(separator: "\t").trimmingCharacters(in: .whitespaces)
            guard !word.isEmpty else { continue }
            let paragraph = Array(columns[1...3]), line = Array(columns[1...4])
            if let lastParagraph, lastParagraph != paragraph { text += "\n\n" }
            else if let lastLine, lastLine != line { text += "\n" }
            else if !text.isEmpty { text += " " }
            text += word
            (lastLine, lastParagraph) = (line, paragraph)
            if let confidence = Double(columns[10]), confidence > 0 { score += confidence / 100 * Double(word.count) }
        }
        return (text, score)
    }

    // MARK: - Running the tools

    func run(_ tool: String, _ arguments: [String], input: Data? = nil, timeout: TimeInterval, environment: [String: String] = [:],
             maxOutput: Int? = nil) async throws -> Data {
        guard ProcessRunner.locate(tool) != nil else { throw DocumentError.toolMissing(tool) }
        do {
            return try await ProcessRunner.run(tool, arguments, input: input, timeout: timeout, environment: environment, maxOutput: maxOutput)
        } catch let failure as ProcessRunner.Failure where tool != "pdfinfo" {
            try Task.checkCancellation()
            throw DocumentError.failed("\(tool): \(failure.message.prefix(200))")
        }
    }

    func withPrivateFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("funzone-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await body(folder)
    }
}
