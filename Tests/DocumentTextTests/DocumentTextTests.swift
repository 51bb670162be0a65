import Foundation
import Testing
@testable import DocumentText

/// A picture's type and size from its first bytes (refused unopened when it is no picture), and
/// tesseract's TSV made into lines and paragraphs with a confidence score.
@Suite struct DocumentTextTests {
    @Test func picturesAreKnownByTheirHeaders() {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8)
        png += Data([0, 0, 0x0F, 0xA0, 0, 0, 0x0B, 0xB8])  // 4000 × 3000
        #expect(ImageHeader(png) == ImageHeader(format: .png, width: 4000, height: 3000))
        // A JPEG: SOI, an APP0 segment, then SOF0 with height 1875 and width 2500.
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x07, 0x53, 0x09, 0xC4, 0x03]) + Data(count: 20)
        #expect(ImageHeader(jpeg) == ImageHeader(format: .jpeg, width: 2500, height: 1875))
        // A lossy WebP ("VP8 "): width and height at bytes 26 and 28, 14 bits each.
        var webp = Data("RIFF".utf8) + Data([0, 0, 0, 0]) + Data("WEBPVP8 ".utf8) + Data(count: 10)
        webp += Data([0x20, 0x03, 0x58, 0x02]) + Data(count: 4)  // 800 × 600
        #expect(ImageHeader(webp) == ImageHeader(format: .webp, width: 800, height: 600))
        #expect(ImageHeader(Data("%PDF-1.4".utf8)) == nil)
        #expect(ImageHeader(Data([0xFF, 0xD8, 0xFF, 0xD9])) == nil, "a JPEG with no frame")
        #expect(ImageHeader(Data()) == nil)
        #expect(ImageHeader(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8) + Data(count: 8)) == nil, "0 × 0")
    }

    @Test func tesseractsWordsBecomeLinesAndParagraphs() {
        let tsv = """
            level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext
            1\t1\t0\t0\t0\t0\t0\t0\t100\t100\t-1\t
            5\t1\t1\t1\t1\t1\t0\t0\t10\t10\t96.5\tIl
            5\t1\t1\t1\t1\t2\t0\t0\t10\t10\t91\tre
            5\t1\t1\t1\t2\t1\t0\t0\t10\t10\t88\tconvocò
            5\t1\t1\t2\t1\t1\t0\t0\t10\t10\t50\tParigi
            5\t1\t2\t1\t1\t1\t0\t0\t10\t10\t-1\t
            5\t1\t2\t1\t1\t2\t0\t0\t10\t10\t0\t~
            """
        let read = DocumentReader.text(fromTSV: tsv)
        #expect(read.text == "Il re\nconvocò\n\nParigi\n\n~")
        #expect(abs(read.score - (0.965 * 2 + 0.91 * 2 + 0.88 * 7 + 0.5 * 6)) < 1e-9)
    }

    @Test func reasonsSayWhatToDo() {
        #expect(DocumentError.tooManyPages(pages: 200, limit: 100).reason.contains("200 pages"))
        #expect(DocumentError.encrypted.reason.contains("password"))
        #expect(DocumentError.noText.reason.contains("No text was found"))
    }

    /// A scanned page is drawn at 300 dpi, or less when that would pass the pixel cap (a page can be 200 inches wide).
    @Test func aHugePageIsDrawnAtALowerResolution() {
        #expect(DocumentReader.resolution(widthPoints: 595, heightPoints: 842, pixels: 40_000_000) == 300)
        #expect(DocumentReader.resolution(widthPoints: 14_400, heightPoints: 14_400, pixels: 40_000_000) == 31)
        #expect(DocumentReader.resolution(widthPoints: 1e-14, heightPoints: 1e-14, pixels: 40_000_000) == 300, "no overflow")
        #expect(DocumentReader.resolution(widthPoints: 1e9, heightPoints: 1e9, pixels: 40_000_000) == 10)
    }
}
