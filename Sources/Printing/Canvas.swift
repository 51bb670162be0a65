import CPangoCairo
import Foundation

/// A colour, 0–1 per channel.
public struct RGB: Equatable, Sendable {
    public var red, green, blue, alpha: Double
    public init(_ hex: UInt32, alpha: Double = 1) {
        red = Double((hex >> 16) & 0xFF) / 255
        green = Double((hex >> 8) & 0xFF) / 255
        blue = Double(hex & 0xFF) / 255
        self.alpha = alpha
    }
    public func with(alpha: Double) -> RGB { var copy = self; copy.alpha = alpha; return copy }
}

/// A font as pango names it: a family from fontconfig (DejaVu Sans, Debian's fonts-dejavu-core; emoji
/// fall back to Noto Color Emoji), a weight and a size in points.
public struct Font: Sendable {
    public var family = "DejaVu Sans"
    public var size: Double
    public var bold = false
    public init(_ size: Double, bold: Bool = false, family: String = "DejaVu Sans") {
        (self.size, self.bold, self.family) = (size, bold, family)
    }
    var description: String { "\(family)\(bold ? " Bold" : "") \(size)" }
}

public enum TextAlign: Sendable { case left, center, right }

/// One cairo context with pango text on it: what the journal's pages and the score card draw with.
/// Coordinates are points, origin top left. Not thread-safe: one canvas per render.
final class Canvas {
    let cr: OpaquePointer

    init(surface: OpaquePointer) {
        cr = cairo_create(surface)
    }

    deinit { cairo_destroy(cr) }

    func fill(_ color: RGB) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    func rectangle(x: Double, y: Double, width: Double, height: Double, color: RGB, radius: Double = 0) {
        path(rounded: radius, x: x, y: y, width: width, height: height)
        fill(color)
        cairo_fill(cr)
    }

    func line(from: (Double, Double), to: (Double, Double), color: RGB, width: Double = 1) {
        cairo_move_to(cr, from.0, from.1)
        cairo_line_to(cr, to.0, to.1)
        fill(color)
        cairo_set_line_width(cr, width)
        cairo_stroke(cr)
    }

    /// A closed polygon through `points`, filled and/or outlined.
    func polygon(_ points: [(Double, Double)], fill fillColor: RGB?, stroke: RGB? = nil, lineWidth: Double = 1) {
        guard let first = points.first else { return }
        cairo_new_path(cr)
        cairo_move_to(cr, first.0, first.1)
        for point in points.dropFirst() { cairo_line_to(cr, point.0, point.1) }
        cairo_close_path(cr)
        if let fillColor {
            fill(fillColor)
            stroke == nil ? cairo_fill(cr) : cairo_fill_preserve(cr)
        }
        if let stroke {
            fill(stroke)
            cairo_set_line_width(cr, lineWidth)
            cairo_stroke(cr)
        }
    }

    func circle(x: Double, y: Double, radius: Double, color: RGB, lineWidth: Double? = nil) {
        cairo_new_path(cr)
        cairo_arc(cr, x, y, radius, 0, 2 * .pi)
        fill(color)
        if let lineWidth {
            cairo_set_line_width(cr, lineWidth)
            cairo_stroke(cr)
        } else {
            cairo_fill(cr)
        }
    }

    /// A vertical gradient through `stops` over the rectangle.
    func gradient(x: Double, y: Double, width: Double, height: Double, stops: [RGB]) {
        guard let pattern = cairo_pattern_create_linear(x, y, x, y + height) else { return }
        defer { cairo_pattern_destroy(pattern) }
        for (index, stop) in stops.enumerated() {
            let offset = stops.count == 1 ? 0 : Double(index) / Double(stops.count - 1)
            cairo_pattern_add_color_stop_rgba(pattern, offset, stop.red, stop.green, stop.blue, stop.alpha)
        }
        cairo_rectangle(cr, x, y, width, height)
        cairo_set_source(cr, pattern)
        cairo_fill(cr)
    }

    /// A glow: `color` at the centre fading to nothing at `radius`.
    func glow(x: Double, y: Double, radius: Double, color: RGB) {
        guard let pattern = cairo_pattern_create_radial(x, y, 0, x, y, radius) else { return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_add_color_stop_rgba(pattern, 0, color.red, color.green, color.blue, color.alpha)
        cairo_pattern_add_color_stop_rgba(pattern, 1, color.red, color.green, color.blue, 0)
        cairo_arc(cr, x, y, radius, 0, 2 * .pi)
        cairo_set_source(cr, pattern)
        cairo_fill(cr)
    }

    private func path(rounded radius: Double, x: Double, y: Double, width: Double, height: Double) {
        cairo_new_path(cr)
        guard radius > 0 else { cairo_rectangle(cr, x, y, width, height); return }
        let r = min(radius, width / 2, height / 2)
        cairo_arc(cr, x + width - r, y + r, r, -.pi / 2, 0)
        cairo_arc(cr, x + width - r, y + height - r, r, 0, .pi / 2)
        cairo_arc(cr, x + r, y + height - r, r, .pi / 2, .pi)
        cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    // MARK: - Text

    /// A pango layout of `text` (pango markup when `markup`), wrapped at `width` points; the caller draws or measures it.
    func layout(_ text: String, font: Font, width: Double?, align: TextAlign = .left, markup: Bool = false) -> TextLayout {
        TextLayout(cr: cr, text: text, font: font, width: width, align: align, markup: markup)
    }

    /// Draws `text` with its top left at (x, y); returns its height.
    @discardableResult
    func text(_ text: String, x: Double, y: Double, width: Double? = nil, font: Font, color: RGB, align: TextAlign = .left,
              markup: Bool = false) -> Double {
        let layout = layout(text, font: font, width: width, align: align, markup: markup)
        fill(color)
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout(cr, layout.layout)
        return layout.height
    }
}

/// One pango layout: measured before it is drawn, and drawn whole or a line at a time (so a long
/// transcript can run over pages).
final class TextLayout {
    static let scale = Double(PANGO_SCALE)
    let layout: OpaquePointer
    private let cr: OpaquePointer

    init(cr: OpaquePointer, text: String, font: Font, width: Double?, align: TextAlign, markup: Bool) {
        self.cr = cr
        layout = pango_cairo_create_layout(cr)!
        let description = pango_font_description_from_string(font.description)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        if let width {
            pango_layout_set_width(layout, Int32(width * Self.scale))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        pango_layout_set_alignment(layout, align == .center ? PANGO_ALIGN_CENTER : align == .right ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        if markup {
            pango_layout_set_markup(layout, text, -1)
        } else {
            pango_layout_set_text(layout, text, -1)
        }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    var height: Double {
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_size(layout, &width, &height)
        return Double(height) / Self.scale
    }

    var width: Double {
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_size(layout, &width, &height)
        return Double(width) / Self.scale
    }

    /// Each line's top and height within the layout, in points.
    var lines: [(top: Double, height: Double, baseline: Double)] {
        var result: [(Double, Double, Double)] = []
        guard let iterator = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, &ink, &logical)
            let baseline = Double(pango_layout_iter_get_baseline(iterator)) / Self.scale
            result.append((Double(logical.y) / Self.scale, Double(logical.height) / Self.scale, baseline))
        } while pango_layout_iter_next_line(iterator) != 0
        return result
    }

    /// Draws line `index` with its top at `y` (x is the layout's left edge).
    func drawLine(_ index: Int, x: Double, y: Double, top: Double, baseline: Double) {
        guard let line = pango_layout_get_line_readonly(layout, Int32(index)) else { return }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_line_get_extents(line, &ink, &logical)
        // Lines of an aligned layout start at their own x offset within the layout.
        let lineX = Double(pango_layout_get_width(layout)) > 0 ? Self.lineOffset(layout, index) : 0
        cairo_move_to(cr, x + lineX, y + (baseline - top))
        pango_cairo_show_layout_line(cr, line)
    }

    private static func lineOffset(_ layout: OpaquePointer, _ index: Int) -> Double {
        guard let iterator = pango_layout_get_iter(layout) else { return 0 }
        defer { pango_layout_iter_free(iterator) }
        for _ in 0..<index where pango_layout_iter_next_line(iterator) == 0 { break }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_iter_get_line_extents(iterator, &ink, &logical)
        return Double(logical.x) / scale
    }
}
