import Foundation

/// The API description served at /api/openapi.yaml, read from the package's resources.
enum OpenAPIDocument {
    static let yaml: String = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml"),
              let text = try? String(contentsOf: url, encoding: .utf8)
        else { return "openapi: 3.1.0\ninfo: {title: Kids Fun Zone, version: missing}\npaths: {}\n" }
        return text
    }()
}
