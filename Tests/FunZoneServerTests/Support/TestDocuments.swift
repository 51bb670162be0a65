import Foundation
import Programs

/// Documents for the reading tests, made here: PDFs written directly (text in Helvetica, or one
/// grey picture per page, as a scanner makes them) and page pictures rendered by ImageMagick.
enum TestDocuments {
    /// A PDF whose pages hold `pages`' text (Latin-1 letters, wrapped at about 80 characters).
    static func textPDF(_ pages: [String]) -> Data {
        var objects: [Data] = []
        let fontId = 3
        var pageIds: [Int] = []
        var bodies: [Data] = []
        for text in pages {
            var lines: [String] = []
            var line = ""
            for word in text.split(separator: " ") {
                if line.count + word.count > 80 { lines.append(line); line = "" }
                line += (line.isEmpty ? "" : " ") + word
            }
            lines.append(line)
            var content = "BT /F1 12 Tf 16 TL 60 780 Td\n"
            for line in lines { content += "(\(escaped(line))) Tj T*\n" }
            content += "ET\n"
            bodies.append(latin1(content))
        }
        // 1 catalog, 2 pages, 3 font, then per page: page object, content stream.
        for index in bodies.indices { pageIds.append(4 + index * 2) }
        objects.append(Data("<< /Type /Catalog /Pages 2 0 R >>".utf8))
        objects.append(Data("<< /Type /Pages /Kids [\(pageIds.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pageIds.count) >>".utf8))
        objects.append(Data("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".utf8))
        for (index, body) in bodies.enumerated() {
            objects.append(Data("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 \(fontId) 0 R >> >> /Contents \(pageIds[index] + 1) 0 R >>".utf8))
            objects.append(stream(body, dictionary: ""))
        }
        return document(objects)
    }

    /// A PDF of one scanned page: a grey picture (PGM bytes) filling a page as wide as A4.
    static func scannedPDF(pgm: Data) -> Data {
        let (width, height, pixels) = parsePGM(pgm)
        // The page as wide as A4, as tall as the picture's shape makes it.
        let pageHeight = Int((595 * Double(height) / Double(max(1, width))).rounded())
        let content = Data("q 595 0 0 \(pageHeight) 0 0 cm /Im1 Do Q\n".utf8)
        return document([
            Data("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Data("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Data("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 \(pageHeight)] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>".utf8),
            stream(pixels, dictionary: "/Type /XObject /Subtype /Image /Width \(width) /Height \(height) /ColorSpace /DeviceGray /BitsPerComponent 8"),
            stream(content, dictionary: ""),
        ])
    }

    /// A picture of a page of `text` from ImageMagick (wrapped, black on white, about 200 dpi), tilted
    /// by `degrees` with a little grain, in `format` ("jpg", "png", "pgm").
    static func picture(_ text: String, degrees: Double = 0, format: String = "jpg") throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fz-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("page.\(format)")
        _ = try ProcessRunner.runBlocking("convert", [
            "-background", "white", "-fill", "black", "-font", "DejaVu-Serif", "-pointsize", "30", "-size", "1300x",
            "caption:" + text.replacingOccurrences(of: "%", with: "%%"), "-bordercolor", "white", "-border", "150x200",
            "-rotate", String(degrees), "-background", "white", "-flatten", "-attenuate", "0.3", "+noise", "Gaussian",
            "-depth", "8", out.path,
        ], input: nil, timeout: 60)
        return try Data(contentsOf: out)
    }

    /// A blank sheet: a photo of nothing.
    static func blank(format: String = "jpg") throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fz-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("blank.\(format)")
        _ = try ProcessRunner.runBlocking("convert", ["-size", "1200x1600", "xc:gray92", "-attenuate", "0.2", "+noise", "Gaussian", out.path],
                                          input: nil, timeout: 60)
        return try Data(contentsOf: out)
    }

    /// `pdf` locked with a user password (qpdf, AES-256).
    static func encrypted(_ pdf: Data) throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fz-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (plain, locked) = (folder.appendingPathComponent("plain.pdf"), folder.appendingPathComponent("locked.pdf"))
        try pdf.write(to: plain)
        _ = try ProcessRunner.runBlocking("qpdf", ["--encrypt", "secret", "owner", "256", "--", plain.path, locked.path], input: nil, timeout: 60)
        return try Data(contentsOf: locked)
    }

    // MARK: - Writing the PDF

    private static func document(_ objects: [Data]) -> Data {
        var out = Data("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(out.count)
            out.append(Data("\(index + 1) 0 obj\n".utf8))
            out.append(object)
            out.append(Data("\nendobj\n".utf8))
        }
        let xref = out.count
        var table = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { table += String(format: "%010d 00000 n \n", offset) }
        table += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        out.append(Data(table.utf8))
        return out
    }

    private static func stream(_ content: Data, dictionary: String) -> Data {
        var out = Data("<< \(dictionary) /Length \(content.count) >>\nstream\n".utf8)
        out.append(content)
        out.append(Data("\nendstream".utf8))
        return out
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "(", with: "\\(").replacingOccurrences(of: ")", with: "\\)")
    }

    /// WinAnsi is Latin-1 for the letters used here (à è é ì ò ù); others become "?".
    private static func latin1(_ text: String) -> Data {
        Data(text.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") })
    }

    private static func parsePGM(_ data: Data) -> (Int, Int, Data) {
        // "P5\n<width> <height>\n<max>\n" then the pixels.
        var fields: [String] = []
        var index = data.startIndex
        var current = ""
        while fields.count < 4 && index < data.endIndex {
            let byte = data[index]
            index += 1
            if byte == UInt8(ascii: "#") {
                while index < data.endIndex && data[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            }
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                if !current.isEmpty { fields.append(current); current = "" }
            } else {
                current.append(Character(UnicodeScalar(byte)))
            }
        }
        return (Int(fields[1]) ?? 0, Int(fields[2]) ?? 0, Data(data[index...]))
    }
}
