import Crypto
import Foundation
import Hummingbird
import NIOCore

/// Browser libraries our pages use, served from where their Debian packages installed them (never
/// copied into the repository): `GET /vendor/{library}/{file}`, for the files listed in `libraries` only.
/// Public, like the static files: nothing here is the family's.
struct VendorController {
    /// A library a Debian package installs, and which of its files our pages may load.
    struct Library: Sendable {
        /// Named in the 404 when it is not installed.
        let package: String
        /// The folder the files really are in: a file whose real path (links resolved) leaves it is refused.
        let directory: String
        /// The files served, by their path under `directory`.
        let files: [String: Form]
    }

    enum Form: Sendable {
        /// As the package installed it (an ES module already, a stylesheet, a worker), typed by its extension.
        case asInstalled
        /// A classic script (UMD), served as an ES module whose default export is this global.
        ///
        /// Our pages are ES modules under `script-src 'self'`, so they can only `import` a library, and
        /// we do not keep a converted copy. The file followed by `export default <global>;` is such a
        /// module when its UMD wrapper is harmless in module scope: `define` and `exports` are not
        /// defined there, so it registers nothing, and its top-level `var` stays in the module.
        case module(exporting: String)
    }

    /// One line per library: its public name, its Debian package, where the package puts the files,
    /// and the files (scripts/install-deps installs the package). qrcode-generator's
    /// /usr/share/javascript/ entry is a link into /usr/share/nodejs/, hence that folder.
    static let debian: [String: Library] = [
        "qrcode-generator": Library(package: "node-qrcode-generator", directory: "/usr/share/nodejs/qrcode-generator",
                                    files: ["qrcode.js": .module(exporting: "qrcode")]),
        // Its UMD sets globalThis.Chart in module scope (`this` is undefined there).
        "chart.js": Library(package: "libjs-chart.js", directory: "/usr/share/javascript/chart.js",
                            files: ["chart.min.js": .module(exporting: "Chart")]),
        // MirrorBuddy's PDF viewer: pdf.js (a classic script the page loads with <script>, which sets
        // window.pdfjsLib), its worker, and the standard fonts a PDF may name without embedding them.
        "pdf.js": Library(package: "libjs-pdf", directory: "/usr/share/javascript/pdf",
                          files: Dictionary(uniqueKeysWithValues: (["build/pdf.js", "build/pdf.worker.js"] + pdfStandardFonts).map { ($0, Form.asInstalled) })),
        // MirrorBuddy's dyslexia font (served as installed; the page's @font-face names these).
        "opendyslexic": Library(package: "fonts-opendyslexic", directory: "/usr/share/fonts/opentype/opendyslexic",
                                files: Dictionary(uniqueKeysWithValues: ["Regular", "Bold", "Italic", "BoldItalic"].map { ("OpenDyslexic-\($0).otf", Form.asInstalled) })),
    ]

    /// pdf.js's standard fonts (Foxit and Liberation), by name.
    static let pdfStandardFonts = ["Dingbats", "Fixed", "FixedBold", "FixedBoldItalic", "FixedItalic", "Sans", "SansBold", "SansBoldItalic",
                                   "SansItalic", "Serif", "SerifBold", "SerifBoldItalic", "SerifItalic", "Symbol"]
        .map { "web/standard_fonts/Foxit\($0).pfb" }
        + ["Regular", "Bold", "Italic", "BoldItalic"].map { "web/standard_fonts/LiberationSans-\($0).ttf" }

    var libraries = Self.debian

    func addRoutes(to router: Router<AppRequestContext>) {
        // One catch-all, so that every path under /vendor/ (`..`, encoded slashes, extra segments) is
        // answered here. Its 404s are returned, not thrown: a thrown 404 would send the static files'
        // middleware looking for the path under Web/ (and `..` would get its 400 instead).
        router.get("vendor/**", use: file)
    }

    @Sendable func file(_ request: Request, context: AppRequestContext) async throws -> Response {
        // The request's text is only ever a key into the table, never part of a path we open.
        let segments = context.parameters.getCatchAll()
        let name = segments.dropFirst().joined(separator: "/")
        guard let first = segments.first, let library = libraries[String(first)], let form = library.files[name] else {
            return try notFound(Self.notListed, request, context)
        }
        guard let root = Self.realPath(library.directory), let real = Self.realPath("\(library.directory)/\(name)") else {
            return try notFound("Install the Debian package \(library.package) (scripts/install-deps does): it provides /vendor/\(first)/.",
                                request, context)
        }
        guard real.hasPrefix(root + "/"), let contents = FileManager.default.contents(atPath: real) else {
            return try notFound(Self.notListed, request, context)
        }

        let (body, type) = Self.served(contents, name: name, as: form)
        // As the static files: the browser asks again each time (an upgraded package shows at once)
        // and gets a 304 while the bytes are the same.
        let etag = "\"" + SHA256.hash(data: body).prefix(16).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() + "\""
        if request.headers[.ifNoneMatch] == etag {
            return Response(status: .notModified, headers: [.eTag: etag, .cacheControl: "no-cache"])
        }
        return Response(status: .ok, headers: [.contentType: type, .eTag: etag, .cacheControl: "no-cache"],
                        body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// The bytes and content type a listed file is served with: as installed, or a UMD script with
    /// an ES module export of its global added.
    static func served(_ contents: Data, name: String, as form: Form) -> (body: [UInt8], type: String) {
        switch form {
        case .asInstalled:
            let mediaType = MediaType.getMediaType(forExtension: String(name.split(separator: ".").last ?? ""))
            return ([UInt8](contents), mediaType.map { $0.type == .text ? "\($0); charset=utf-8" : "\($0)" } ?? "application/octet-stream")
        case .module(let global):
            return ([UInt8](contents) + Array("\nexport default \(global);\n".utf8), "text/javascript; charset=utf-8")
        }
    }

    static let notListed = "/vendor/ serves only the listed files of the libraries the pages use."

    private func notFound(_ message: String, _ request: Request, _ context: AppRequestContext) throws -> Response {
        try APIError(.notFound, message).response(from: request, context: context)
    }

    /// The path with every link resolved by the system (realpath(3)), or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
