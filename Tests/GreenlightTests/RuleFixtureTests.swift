import Foundation
import Testing
@testable import Greenlight

/// For every rule: a file that must trigger it and a near miss that must not.
struct RuleFixture: Sendable, CustomTestStringConvertible {
    let rule: String
    let file: String
    let trigger: String
    let nearMiss: String
    var testDescription: String { rule }
}

let infoPlistHeader = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict>\n"
func plist(_ body: String) -> String { infoPlistHeader + body + "\n</dict>\n</plist>\n" }

let ruleFixtures: [RuleFixture] = [
    RuleFixture(rule: "real-money-gaming", file: "src/trade.ts",
                trigger: "import { ClobClient } from '@polymarket/clob-client';\nconst order = await client.postOrder(signed);",
                nearMiss: "const copy = 'Practice mode: no real money, never betting';\nconst alphabet = 'abcdef';"),
    RuleFixture(rule: "external-purchase-link", file: "App/Upgrade.swift",
                trigger: "let pro = URL(string: \"https://buy.stripe.com/7sI5kD3xY\")!",
                nearMiss: "let help = URL(string: \"https://stripe.com/docs/payments\")!"),
    RuleFixture(rule: "subscription-without-iap", file: "src/Plans.js",
                trigger: "const plans = [{ id: 'pro', name: 'Pro', price: '$9.99 / month' }];",
                nearMiss: "import Purchases from 'react-native-purchases';\nconst plans = [{ id: 'pro', price: '$9.99 / month' }];"),
    RuleFixture(rule: "kids-app-hint", file: "App/Ads.swift",
                trigger: "GADMobileAds.sharedInstance().requestConfiguration.tagForChildDirectedTreatment = true",
                nearMiss: "let childDirected = false // tagForChildDirectedTreatment is decided by the server"),
    RuleFixture(rule: "private-api", file: "App/Hack.m",
                trigger: "id x = [obj performSelector:NSSelectorFromString(@\"_privateMethod\")];",
                nearMiss: "id x = [obj performSelector:NSSelectorFromString(@\"publicMethod\")]; // NSSelectorFromString(@\"_old\")"),
    RuleFixture(rule: "hardcoded-secrets", file: "App/Keys.swift",
                trigger: "let stripe = \"sk_live_51HxAbCdEfGhIjKlMnOpQrStUv\"",
                nearMiss: "let apiKey = ProcessInfo.processInfo.environment[\"API_KEY\"] ?? \"\""),
    RuleFixture(rule: "external-payment-digital", file: "App/Pay.swift",
                trigger: "let intent = try await stripe.createPaymentIntent(for: premiumLevels)",
                nearMiss: "let intent = try await store.purchase(premiumLevels)"),
    RuleFixture(rule: "crypto-mining", file: "App/Work.swift",
                trigger: "let pool = \"stratum+tcp://pool.example.org:3333\"",
                nearMiss: "let rate = \"frame rate\""),
    RuleFixture(rule: "dynamic-code-exec", file: "App/Plugins.swift",
                trigger: "let handle = dlopen(path, RTLD_NOW)",
                nearMiss: "// we used to call dlopen(path) here\nlet text = \"dlopen( is not used\""),
    RuleFixture(rule: "uiwebview-removed", file: "App/Web.swift",
                trigger: "let view = UIWebView(frame: .zero)",
                nearMiss: "let view = WKWebView(frame: .zero) // replaced UIWebView\nlet note = \"UIWebView is gone\""),
    RuleFixture(rule: "missing-att", file: "App/Analytics.swift",
                trigger: "import FirebaseAnalytics\nAnalytics.logEvent(\"start\", parameters: nil)",
                nearMiss: "import FirebaseAnalytics\nimport AppTrackingTransparency\nATTrackingManager.requestTrackingAuthorization { _ in }"),
    RuleFixture(rule: "social-login-no-apple", file: "App/Login.swift",
                trigger: "GIDSignIn.sharedInstance.signIn(withPresenting: root)",
                nearMiss: "GIDSignIn.sharedInstance.signIn(withPresenting: root)\nSignInWithAppleButton(.signIn) { _ in } onCompletion: { _ in }"),
    RuleFixture(rule: "iap-no-restore", file: "App/Store.swift",
                trigger: "import StoreKit\nlet result = try await product.purchase()",
                nearMiss: "import StoreKit\nlet result = try await product.purchase()\nButton(\"Restore\") { Task { try await AppStore.sync() } }"),
    RuleFixture(rule: "account-no-delete", file: "App/Account.swift",
                trigger: "try await api.createAccount(email: email, password: password)",
                nearMiss: "@State var isSignUpSheetPresented = false\ntry await api.createAccount(email: email)\ntry await api.deleteAccount()"),
    RuleFixture(rule: "platform-reference", file: "App/About.swift",
                trigger: "Text(\"Also available on Google Play\")",
                nearMiss: "let platform = Platform.android == .current ? \"android\" : \"ios\"\nText(\"Also on iPad\")"),
    RuleFixture(rule: "placeholder-content", file: "App/Home.swift",
                trigger: "Text(\"Coming soon\")",
                nearMiss: "TextField(\"Name\", text: $name) // TODO: validate\n#Preview {\n    Text(\"Lorem ipsum\")\n}"),
    RuleFixture(rule: "console-log", file: "src/app.js",
                trigger: (1...6).map { "console.log('step \($0)')" }.joined(separator: "\n"),
                nearMiss: (1...5).map { "console.log('step \($0)')" }.joined(separator: "\n")),
    RuleFixture(rule: "hardcoded-ipv4", file: "App/Net.swift",
                trigger: "let host = \"192.168.1.20\"",
                nearMiss: "let version = \"1.2.3.4\"\nlet local = \"127.0.0.1\"\nlet bad = \"300.1.2.3\""),
    RuleFixture(rule: "http-not-https", file: "App/Links.swift",
                trigger: "let url = URL(string: \"http://api.shop.com/items\")",
                nearMiss: "let url = URL(string: \"https://api.shop.com/items\")\nlet dev = \"http://localhost:8080\"\n// http://old.example.org"),
    RuleFixture(rule: "webview-only", file: "App/Main.swift",
                trigger: "webView.load(URLRequest(url: URL(string: \"https://myshop.com\")!))",
                nearMiss: "let webView = WKWebView()\nwebView.loadHTMLString(localHTML, baseURL: nil)"),
    RuleFixture(rule: "vague-purpose-string", file: "App/Info.plist",
                trigger: plist("<key>NSCameraUsageDescription</key>\n<string>Camera access</string>\n<key>ITSAppUsesNonExemptEncryption</key><false/>"),
                nearMiss: plist("<key>NSCameraUsageDescription</key>\n<string>Take a photo of your drawing to color it in.</string>\n<key>ITSAppUsesNonExemptEncryption</key><false/>")),
    RuleFixture(rule: "missing-privacy-keys", file: "App/Info.plist",
                trigger: plist("<key>NSMicrophoneUsageDescription</key>\n<string></string>\n<key>ITSAppUsesNonExemptEncryption</key><false/>"),
                nearMiss: plist("<key>NSMicrophoneUsageDescription</key>\n<string>Record your voice to practise speaking.</string>\n<key>ITSAppUsesNonExemptEncryption</key><false/>")),
    RuleFixture(rule: "expo-config-check", file: "app.json",
                trigger: "{\"expo\": {\"name\": \"My App\", \"ios\": {}}}",
                nearMiss: "{\"expo\": {\"name\": \"Spellflare\", \"icon\": \"./icon.png\", \"ios\": {\"bundleIdentifier\": \"org.kids.spell\", \"config\": {\"usesNonExemptEncryption\": false}}}}"),
    RuleFixture(rule: "export-compliance", file: "App/Info.plist",
                trigger: plist("<key>CFBundleDisplayName</key>\n<string>Kids</string>"),
                nearMiss: plist("<key>CFBundleDisplayName</key>\n<string>Kids</string>\n<key>ITSAppUsesNonExemptEncryption</key>\n<false/>")),
    RuleFixture(rule: "crypto-wallet-org-account", file: "package.json",
                trigger: "{\"dependencies\": {\"@walletconnect/react-native-compat\": \"2.0.0\"}}",
                nearMiss: "{\"dependencies\": {\"react-native-web\": \"0.19.0\"}}"),
    RuleFixture(rule: "crypto-exchange-sdk", file: "package.json",
                trigger: "{\"dependencies\": {\"@moonpay/react-native-moonpay-sdk\": \"1.0.0\"}}",
                nearMiss: "{\"dependencies\": {\"moonpay\": \"1.0.0\"}}"),
    RuleFixture(rule: "crypto-exchange-signals", file: "App/Trade.swift",
                trigger: "Text(\"Buy bitcoin in seconds\")",
                nearMiss: "Text(\"We never let you buy bitcoin here\")"),
    RuleFixture(rule: "crypto-exchange-brand", file: "App/Prices.swift",
                trigger: "let endpoint = \"https://api.binance.com/api/v3/ticker\"",
                nearMiss: "let endpoint = \"https://api.binancefans.org/news\""),
]

/// Writes files into a fresh folder, runs `body` on it, and removes it.
func withProject<R>(_ files: [String: String], _ body: (URL) throws -> R) throws -> R {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("gl-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    for (path, content) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try content.write(to: url, atomically: true, encoding: .utf8)
    }
    return try body(root)
}

/// Scans a project of `files` with the codescan rules.
func scanProject(_ files: [String: String], configuration: GreenlightConfiguration = .init()) throws -> CodeScanner.Result {
    try withProject(files) { root in CodeScanner(configuration: configuration).scan(try ProjectWalker().walk(root).files) }
}

@Suite struct RuleFixtureTests {
    @Test func everyRuleHasAFixture() {
        #expect(Set(ruleFixtures.map(\.rule)) == CodeScanner.ruleIds)
        #expect(CodeScanner.ruleIds.count == 28)  // the anchor's 24 and PolicyRules' 4
    }

    @Test(arguments: ruleFixtures)
    func triggers(_ fixture: RuleFixture) throws {
        let found = try scanProject([fixture.file: fixture.trigger]).findings.filter { $0.ruleId == fixture.rule }
        #expect(!found.isEmpty, "\(fixture.rule) did not fire on its fixture")
        #expect(found.allSatisfy { $0.file == fixture.file && !$0.guideline.isEmpty && $0.fix?.isEmpty == false })
    }

    @Test(arguments: ruleFixtures)
    func nearMissesStayQuiet(_ fixture: RuleFixture) throws {
        let found = try scanProject([fixture.file: fixture.nearMiss]).findings.filter { $0.ruleId == fixture.rule }
        #expect(found.isEmpty, "\(fixture.rule) fired on its near miss: \(found.map { "\($0.file):\($0.line) \($0.code ?? "")" })")
    }
}
