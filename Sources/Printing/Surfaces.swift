import CPangoCairo
import Foundation

/// Bytes cairo writes, kept in memory.
final class ByteSink {
    var data = Data()
}

private let writeToSink: cairo_write_func_t = { closure, bytes, length in
    guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
    Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
    return CAIRO_STATUS_SUCCESS
}

public enum PrintingError: Error, Equatable {
    /// Cairo refused (out of memory, a surface too large): its status text.
    case cairo(String)
}

/// A PDF made page by page on a cairo PDF surface; `finish()` returns the file.
final class PDFSurface {
    let surface: OpaquePointer
    let canvas: Canvas
    private let sink = ByteSink()

    init(width: Double, height: Double, title: String, author: String) throws {
        surface = cairo_pdf_surface_create_for_stream(writeToSink, Unmanaged.passUnretained(sink).toOpaque(), width, height)
        try Self.check(surface)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR, author)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Kids Fun Zone")
        canvas = Canvas(surface: surface)
    }

    /// Finished here too (a no-op after `finish()`): cairo's last bytes must reach the sink while it is alive,
    /// whatever still holds the canvas (its context keeps a reference to the surface).
    deinit {
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
    }

    func nextPage() { cairo_show_page(canvas.cr) }

    func finish() throws -> Data {
        cairo_surface_finish(surface)
        try Self.check(surface)
        return sink.data
    }

    static func check(_ surface: OpaquePointer) throws {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw PrintingError.cairo(String(cString: cairo_status_to_string(status))) }
    }
}

/// A picture drawn at `scale` pixels a point on an ARGB image surface; `png()` encodes it.
final class ImageSurface {
    let surface: OpaquePointer
    let canvas: Canvas

    init(width: Double, height: Double, scale: Double) throws {
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width * scale), Int32(height * scale))
        try PDFSurface.check(surface)
        canvas = Canvas(surface: surface)
        cairo_scale(canvas.cr, scale, scale)
    }

    deinit { cairo_surface_destroy(surface) }

    func png() throws -> Data {
        cairo_surface_flush(surface)
        let sink = ByteSink()
        let status = cairo_surface_write_to_png_stream(surface, writeToSink, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else { throw PrintingError.cairo(String(cString: cairo_status_to_string(status))) }
        return sink.data
    }
}
