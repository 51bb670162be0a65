import Foundation
import Testing

@testable import Greenlight

/// The crypto rules that judge text shown to users (crypto-exchange-signals, crypto-mining) read
/// the app's localized strings too: `.strings` (UTF-8 or UTF-16), `InfoPlist.strings` and
/// `.xcstrings` catalogs, in English and in the App Store's larger Latin-script languages.
@Suite("crypto rules read localized strings")
struct LocalizedStringsTests {
    func found(_ rule: String, _ files: [String: String]) throws -> [Finding] {
        try scanProject(files).findings.filter { $0.ruleId == rule }
    }

    @Test("exchange features in .strings, InfoPlist.strings and a string catalog, in five languages", arguments: [
        ("App/en.lproj/Localizable.strings", "/* Home */\n\"home.cta\" = \"Buy bitcoin in seconds\";\n"),
        ("App/es.lproj/Localizable.strings", "\"home.cta\" = \"Comprar bitcoin en segundos\";\n"),
        ("App/fr.lproj/Localizable.strings", "\"home.cta\" = \"Acheter des cryptos en quelques secondes\";\n"),
        ("App/de.lproj/Localizable.strings", "\"home.cta\" = \"Bitcoin kaufen in Sekunden\";\n"),
        ("App/it.lproj/Localizable.strings", "\"home.cta\" = \"Comprare criptovalute in pochi secondi\";\n"),
        ("App/pt-BR.lproj/Localizable.strings", "\"home.cta\" = \"Comprar criptomoedas em segundos\";\n"),
        ("App/en.lproj/InfoPlist.strings", "\"NSCameraUsageDescription\" = \"Scan a wallet QR code to sell USDT\";\n"),
        ("App/Localizable.xcstrings", """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Trade" : {
                  "localizations" : {
                    "es" : { "stringUnit" : { "state" : "translated", "value" : "Intercambiar cripto al instante" } }
                  }
                }
              },
              "version" : "1.0"
            }
            """),
    ])
    func exchangeSignals(path: String, text: String) throws {
        let hits = try found("crypto-exchange-signals", [path: text])
        #expect(hits.map(\.file) == [path])
        #expect(hits.first?.line ?? 0 > 0)
    }

    @Test("a UTF-16 .strings file (Xcode's old default) is decoded, not skipped as binary")
    func utf16() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let url = root.appendingPathComponent("App/en.lproj/Localizable.strings")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "\"trade\" = \"Swap ETH for USDC\";\n".data(using: .utf16)!.write(to: url)  // with a byte order mark
        let findings = try ProjectScan(scanners: [.code]).run(root: root).findings
        #expect(findings.map(\.ruleId) == ["crypto-exchange-signals"])
        #expect(findings.first?.line == 1)
    }

    @Test("a mining app's hash rate label in .strings")
    func mining() throws {
        #expect(try found("crypto-mining", ["App/en.lproj/Localizable.strings": "\"stats.rate\" = \"Hash rate: %@ MH/s\";\n"]).count == 1)
    }

    @Test("near misses: prices and news, comments, negations, a file hash")
    func nearMisses() throws {
        let files = [
            "App/en.lproj/Localizable.strings": "/* Buy bitcoin button, removed in 2.0 */\n\"price.title\" = \"Bitcoin price today\";\n\"about\" = \"You cannot buy crypto in this app\";\n\"file.hash\" = \"File hash\";\n",
            "App/es.lproj/Localizable.strings": "\"about\" = \"No puedes comprar bitcoin en esta app\";\n\"news\" = \"Noticias de criptomonedas\";\n",
            "App/Localizable.xcstrings": "{\"sourceLanguage\": \"en\", \"strings\": {\"Crypto news\": {}}, \"version\": \"1.0\"}",
        ]
        #expect(try found("crypto-exchange-signals", files) == [])
        #expect(try found("crypto-mining", files) == [])
        // Rules about code and packages do not read localized text: a brand in a sentence is not an integration.
        #expect(try found("crypto-exchange-brand", ["App/en.lproj/Localizable.strings": "\"import\" = \"Import from coinbase.com\";\n"]) == [])
    }
}
