import CPangoCairo
import Foundation

/// Paper sizes in points.
public enum Paper: String, CaseIterable, Sendable {
    case a4, letter
    var size: (width: Double, height: Double) { self == .a4 ? (595.28, 841.89) : (612, 792) }
}

/// Blocks laid down a PDF's pages top to bottom: a block that does not fit starts a new page, a
/// long paragraph runs on over as many pages as it needs, and every page gets the footer.
final class PageFlow {
    let pdf: PDFSurface
    let paper: Paper
    let margin = 50.0
    private let footer: String
    private(set) var page = 1
    private(set) var y: Double

    init(paper: Paper, title: String, author: String, footer: String) throws {
        self.paper = paper
        self.footer = footer
        pdf = try PDFSurface(width: paper.size.width, height: paper.size.height, title: title, author: author)
        y = margin
    }

    var canvas: Canvas { pdf.canvas }
    var left: Double { margin }
    var width: Double { paper.size.width - 2 * margin }
    private var bottom: Double { paper.size.height - margin - 14 }

    /// Starts a new page unless `height` points fit on this one.
    func reserve(_ height: Double) {
        if y + height > bottom && y > margin { newPage() }
    }

    func newPage() {
        drawFooter()
        pdf.nextPage()
        page += 1
        y = margin
    }

    func space(_ points: Double) { y = min(y + points, bottom) }

    /// Text in one block (moved to the next page whole when it does not fit).
    func text(_ text: String, font: Font, color: RGB, indent: Double = 0, markup: Bool = false, after: Double = 4) {
        let layout = canvas.layout(text, font: font, width: width - indent, markup: markup)
        reserve(layout.height)
        canvas.text(text, x: left + indent, y: y, width: width - indent, font: font, color: color, markup: markup)
        y += layout.height + after
    }

    /// A paragraph that may run over pages, a line at a time.
    func paragraph(_ text: String, font: Font, color: RGB, indent: Double = 0, markup: Bool = false, after: Double = 6) {
        let layout = canvas.layout(text, font: font, width: width - indent, markup: markup)
        canvas.fill(color)
        for (index, line) in layout.lines.enumerated() {
            reserve(line.height)
            canvas.fill(color)
            layout.drawLine(index, x: left + indent, y: y, top: line.top, baseline: line.baseline)
            y += line.height
        }
        y += after
    }

    /// Draws a block of `height` points with `draw` at (left, top), on a new page if it does not fit.
    func block(height: Double, after: Double = 6, _ draw: (Canvas, Double, Double) -> Void) {
        reserve(height)
        draw(canvas, left, y)
        y += height + after
    }

    func finish() throws -> Data {
        drawFooter()
        return try pdf.finish()
    }

    private func drawFooter() {
        let size = paper.size
        canvas.line(from: (margin, size.height - margin + 2), to: (size.width - margin, size.height - margin + 2), color: RGB(0xCBD5E1), width: 0.5)
        canvas.text(footer, x: margin, y: size.height - margin + 6, width: width - 50, font: Font(8), color: RGB(0x64748B))
        canvas.text("Page \(page)", x: margin, y: size.height - margin + 6, width: width, font: Font(8), color: RGB(0x64748B), align: .right)
    }
}
