import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import FunZoneServer

/// /vendor/: the listed files of Debian-packaged browser libraries, as the pages import them, and nothing else.
@Suite struct VendorRouteTests {
    @Test(arguments: TestDatabase.all)
    func theQRCodeLibraryIsServedAsAnESModule(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let page = app.user()
            let response = try await page.request(.get, "/vendor/qrcode-generator/qrcode.js")
            // When node-qrcode-generator is missing, the body says to install it.
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(response.headers[.cacheControl] == "no-cache")
            #expect(response.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
            let text = String(buffer: response.body)
            #expect(text.contains("var qrcode = function()"))
            #expect(text.hasSuffix("\nexport default qrcode;\n"))
            let etag = try #require(response.headers[.eTag])
            let again = try await page.request(.get, "/vendor/qrcode-generator/qrcode.js", headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
        }
    }

    @Test func theDyslexiaFontIsServedAsInstalled() async throws {
        try await TestApp.run(.sqlite) { app in
            let response = try await app.user().request(.get, "/vendor/opendyslexic/OpenDyslexic-Regular.otf")
            // When fonts-opendyslexic is missing, the body says to install it.
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            #expect(response.headers[.contentType] == "font/otf")
            let installed = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/opentype/opendyslexic/OpenDyslexic-Regular.otf"))
            #expect(Data(buffer: response.body) == installed && installed.prefix(4) == Data("OTTO".utf8))
            for name in ["OpenDyslexic-Bold.otf", "OpenDyslexic-Italic.otf", "OpenDyslexic-BoldItalic.otf"] {
                #expect(try await app.user().request(.get, "/vendor/opendyslexic/\(name)").status == .ok)
            }
            #expect(try await app.user().request(.get, "/vendor/opendyslexic/OpenDyslexicMono-Regular.otf").status == .notFound, "only the listed files")
        }
    }

    @Test(arguments: TestDatabase.all)
    func chartJSIsServedAsAnESModule(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let response = try await app.user().request(.get, "/vendor/chart.js/chart.min.js")
            // When libjs-chart.js is missing, the body says to install it.
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
            let text = String(buffer: response.body)
            #expect(text.contains("Chart.js v3") && text.hasSuffix("\nexport default Chart;\n"))
            #expect(try await app.user().request(.get, "/vendor/chart.js/chart.esm.js").status == .notFound)
        }
    }

    @Test(arguments: TestDatabase.all)
    func nothingOffTheListIsServed(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let stranger = app.user()
            for uri in [
                "/vendor/qrcode-generator/../../etc/passwd", "/vendor/qrcode-generator/%2e%2e/%2e%2e/etc/passwd",
                "/vendor/qrcode-generator/..%2F..%2Fetc%2Fpasswd", "/vendor/%2e%2e/%2e%2e/etc/passwd", "/vendor/../etc/passwd",
                "/vendor//etc/passwd", "/vendor/qrcode-generator//usr/share/nodejs/qrcode-generator/qrcode.js",
                "/vendor/nope/x.js", "/vendor/qrcode-generator/package.json", "/vendor/qrcode-generator/qrcode.d.ts",
                "/vendor/qrcode-generator/", "/vendor/qrcode-generator/qrcode.js/x", "/vendor/QRCODE-GENERATOR/qrcode.js",
                "/vendor/qrcode-generator/qrcode%2Ejs", "/vendor/**",
            ] {
                let response = try await stranger.request(.get, uri)
                try expectErrorShape(response, status: .notFound, code: "not_found")
                #expect(!String(buffer: response.body).contains("root:"), "\(uri)")
            }
            // The folder itself is no route: the static files' plain 404, and never a listing.
            #expect(try await stranger.request(.get, "/vendor/").status == .notFound)
        }
    }

    /// A table of our own: a link out of the package's folder is refused, a file is typed by its
    /// extension, and a package that is not installed is named in the 404.
    @Test func linksOutOfThePackageAndMissingPackages() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fz-vendor-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let package = folder.appendingPathComponent("package")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try Data("var lib = 1;".utf8).write(to: package.appendingPathComponent("lib.js"))
        try Data("p { color: red }".utf8).write(to: package.appendingPathComponent("lib.css"))
        try Data("secret".utf8).write(to: folder.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(atPath: package.appendingPathComponent("escape.js").path, withDestinationPath: "../secret.txt")
        let controller = VendorController(libraries: [
            "lib": .init(package: "fake-lib", directory: package.path,
                         files: ["lib.js": .module(exporting: "lib"), "lib.css": .asInstalled, "escape.js": .asInstalled]),
            "gone": .init(package: "missing-lib", directory: folder.appendingPathComponent("nowhere").path, files: ["gone.js": .asInstalled]),
        ])
        let router = Router(context: AppRequestContext.self)
        controller.addRoutes(to: router)
        try await Application(router: router).test(.router) { client in
            let module = try await client.execute(uri: "/vendor/lib/lib.js", method: .get)
            #expect(module.status == .ok)
            #expect(String(buffer: module.body) == "var lib = 1;\nexport default lib;\n")
            let style = try await client.execute(uri: "/vendor/lib/lib.css", method: .get)
            #expect(style.headers[.contentType] == "text/css; charset=utf-8")
            #expect(String(buffer: style.body) == "p { color: red }")

            let escape = try await client.execute(uri: "/vendor/lib/escape.js", method: .get)
            try expectErrorShape(escape, status: .notFound, code: "not_found")
            #expect(!String(buffer: escape.body).contains("secret"))

            let missing = try await client.execute(uri: "/vendor/gone/gone.js", method: .get)
            try expectErrorShape(missing, status: .notFound, code: "not_found")
            #expect(String(buffer: missing.body).contains("Install the Debian package missing-lib"))
        }
    }
}
