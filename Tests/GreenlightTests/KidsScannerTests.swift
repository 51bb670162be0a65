import Foundation
import Testing

@testable import Greenlight

@Suite("Kids Category (guidelines 1.3, 5.1.4)")
struct KidsScannerTests {
    func kids(_ files: [String: String], declared: Bool = true) throws -> [Finding] {
        var configuration = GreenlightConfiguration()
        configuration.kidsCategory = declared
        return try withProject(files) { try ProjectScan(configuration: configuration, scanners: [.code]).run(root: $0).findings }
            .filter { $0.ruleId.hasPrefix("kids-") }
    }

    @Test("analytics and ad SDKs are found in imports, Podfile, Cartfile, Package.swift, package.json and JS imports", arguments: [
        ("App/Analytics.swift", "import FirebaseAnalytics\n", "kids-third-party-analytics"),
        ("App/Ads.m", "#import <GoogleMobileAds/GoogleMobileAds.h>\n", "kids-third-party-ads"),
        ("App/Ads.m", "@import GoogleMobileAds;\n", "kids-third-party-ads"),
        ("App/Track.swift", "@_implementationOnly import Mixpanel\n", "kids-third-party-analytics"),
        ("Podfile", "target 'App' do\n  pod 'Firebase/Analytics'\nend\n", "kids-third-party-analytics"),
        ("Podfile", "pod 'Google-Mobile-Ads-SDK', '~> 11.0'\n", "kids-third-party-ads"),
        ("Cartfile", "github \"mixpanel/mixpanel-swift\"\n", "kids-third-party-analytics"),
        ("Package.swift", "let p = Package(name: \"A\", targets: [.target(name: \"A\", dependencies: [.product(name: \"AppLovinSDK\", package: \"x\")])])\n", "kids-third-party-ads"),
        ("package.json", "{\n  \"dependencies\": {\n    \"react-native-google-mobile-ads\": \"^13.0.0\"\n  }\n}\n", "kids-third-party-ads"),
        ("src/track.ts", "import analytics from '@react-native-firebase/analytics';\n", "kids-third-party-analytics"),
    ])
    func sdks(path: String, text: String, rule: String) throws {
        let found = try kids([path: text])
        #expect(found.map(\.ruleId) == [rule])
        #expect(found.first?.line ?? 0 > 0)
    }

    @Test("near misses: first-party names, SDKs in comments, an undeclared project")
    func sdkNearMisses() throws {
        #expect(try kids([
            "App/A.swift": "import SwiftUI\nimport FirebaseAuth\n// import FirebaseAnalytics\nlet analytics = MyAnalytics()\n",
            "Podfile": "pod 'FirebaseAuth'\n# pod 'Google-Mobile-Ads-SDK'\n",
            "package.json": "{\"devDependencies\": {\"react-native-google-mobile-ads\": \"1\"}, \"dependencies\": {\"react\": \"18\"}}",
        ]) == [])
        #expect(try kids(["App/A.swift": "import FirebaseAnalytics\n"], declared: false) == [])
    }

    @Test("the advertising identifier and ATT are reported")
    func tracking() throws {
        let found = try kids(["App/T.swift": "let id = ASIdentifierManager.shared().advertisingIdentifier\nATTrackingManager.requestTrackingAuthorization { _ in }\n"])
        #expect(found.map(\.ruleId) == ["kids-tracking", "kids-tracking"])
    }

    @Test("links and purchases need a parental gate in the file (or the parents' area)")
    func gates() throws {
        let ungated = try kids(["App/About.swift": """
            struct About: View {
                @Environment(\\.openURL) var openURL
                var body: some View {
                    Link("Our website", destination: URL(string: "https://example.com")!)
                    Button("Rate") { openURL(URL(string: "https://apps.apple.com")!) }
                    Button("Unlock") { Task { try await product.purchase() } }
                }
            }
            """])
        #expect(ungated.map(\.ruleId) == ["kids-link-without-gate", "kids-link-without-gate", "kids-purchase-without-gate"])
        #expect(ungated.map(\.line) == [4, 5, 6])
        let gated = try kids(["App/About.swift": """
            struct About: View {
                @State var showParentalGate = false
                var body: some View {
                    Button("Our website") { showParentalGate = true }
                        .sheet(isPresented: $showParentalGate) { ParentalGateView { UIApplication.shared.open(url) } }
                }
            }
            """, "App/Parents/ParentSettings.swift": "Link(\"Privacy\", destination: url)\n"])
        #expect(gated == [])
        #expect(try kids(["src/About.js": "Linking.openURL('https://example.com')\n"]).map(\.ruleId) == ["kids-link-without-gate"])
    }

    @Test("kids_category in .greenlight.yml turns the checks on; a wrong value is a clear error")
    func configuration() throws {
        let configuration = try GreenlightConfiguration.parse("kids_category: true\n", knownRules: ProjectScan.ruleIds)
        #expect(configuration.kidsCategory)
        #expect(throws: GreenlightConfiguration.ConfigError.invalidValue("kids_category must be true or false")) {
            try GreenlightConfiguration.parse("kids_category: maybe\n", knownRules: ProjectScan.ruleIds)
        }
    }

    @Test("inline suppression works for kids rules")
    func suppression() throws {
        #expect(try kids(["App/A.swift": "import FirebaseAnalytics // greenlight:ignore kids-third-party-analytics\n"]) == [])
    }
}
