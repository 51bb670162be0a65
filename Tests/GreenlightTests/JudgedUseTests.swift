import Foundation
import Testing

@testable import Greenlight

/// The classes of false findings and misses found on real projects (issue 21): for each false
/// class a near miss written by us that must stay quiet, for each miss a case that must trigger.
@Suite("Rules judge uses, not words")
struct JudgedUseTests {
    func codescan(_ files: [String: String], kids: Bool = false) throws -> [Finding] {
        var configuration = GreenlightConfiguration()
        configuration.kidsCategory = kids
        return try withProject(files) { try ProjectScan(configuration: configuration, scanners: [.code]).run(root: $0).findings }
    }

    func ids(_ files: [String: String], kids: Bool = false) throws -> Set<String> { Set(try codescan(files, kids: kids).map(\.ruleId)) }

    @Test func aBareStoreKitImportForAReviewRequestIsNotASale() throws {
        #expect(!(try ids(["App/Review.swift": "import StoreKit\nSKStoreReviewController.requestReview(in: scene)\n"])).contains("iap-no-restore"))
        #expect(try ids(["App/Shop.swift": "import StoreKit\nlet products = try await Product.products(for: [\"pro\"])\n"]).contains("iap-no-restore"))
    }

    @Test func anIconNamedAfterAnSDKIsNotTracking() throws {
        #expect(!(try ids(["App/Icons.swift": "let icon = UIImage(named: \"google_analytics\")\n"])).contains("missing-att"))
        #expect(try ids(["App/Track.swift": "import FirebaseAnalytics\nAnalytics.logEvent(\"open\", parameters: nil)\n"]).contains("missing-att"))
    }

    @Test func theAppsOwnUnderscoredPropertyIsNotPrivateAPI() throws {
        let own = ["App/Model.swift": "final class Box: NSObject { @objc var _hidden = false }\n",
                   "App/Use.swift": "let hidden = box.value(forKey: \"_hidden\")\n"]
        #expect(!(try ids(own)).contains("private-api"))
        let objc = ["App/View.m": "@interface Card : UIView\n@property (nonatomic) BOOL hidden;\n@end\nid v = [self valueForKey:@\"_hidden\"];\n"]
        #expect(!(try ids(objc)).contains("private-api"))
        #expect(try ids(["App/Use.swift": "let flag = view.value(forKey: \"_UIPrivateFlag\")\n"]).contains("private-api"))
    }

    @Test func aLogMessageAboutGoogleSignInIsNotALogin() throws {
        #expect(!(try ids(["src/auth.ts": "logger.info('google sign in failed, retrying');\n"])).contains("social-login-no-apple"))
        #expect(try ids(["src/auth.ts": "import { GoogleSignin } from '@react-native-google-signin/google-signin';\n"]).contains("social-login-no-apple"))
    }

    @Test func aToDoFeatureAndSpanishTodoAreNotPlaceholders() throws {
        #expect(!(try ids(["App/Api.swift": "let path = \"services/todo/add_item\"\nlet title = \"Aceptar Todo\"\n"])).contains("placeholder-content"))
        #expect(try ids(["App/Home.swift": "let body = \"TODO: write the welcome text\"\n"]).contains("placeholder-content"))
    }

    @Test func schemeChecksAndNamespacesAreNotInsecureRequests() throws {
        let quiet = "if url.absoluteString.hasPrefix(\"http://\") { upgrade() }\nlet dc = \"http://purl.org/dc/elements/1.1/\"\n"
            + "parser.namespace = \"http://www.example-standards.org/ns\"\n"
        #expect(!(try ids(["App/Links.swift": quiet])).contains("http-not-https"))
        #expect(try ids(["App/Links.swift": "let feed = URL(string: \"http://news.example-site.com/feed\")\n"]).contains("http-not-https"))
    }

    @Test func codeThatDoesNotShipIsNotJudged() throws {
        let debugOnly = "#if DEBUG\nlet w = UIWebView()\n#elseif targetEnvironment(simulator)\nlet v = UIWebView()\n#endif\n"
        #expect(!(try ids(["App/Debug.swift": debugOnly])).contains("uiwebview-removed"))
        let shipped = "#if !DEBUG\nlet w = UIWebView()\n#endif\n#if CUSTOM_FLAG\nlet v = UIWebView()\n#endif\n"
        #expect(try codescan(["App/Web.swift": shipped]).filter { $0.ruleId == "uiwebview-removed" }.map(\.line) == [2, 5])
        #expect(!(try ids(["App/Old.m": "#ifdef DEBUG\nUIWebView *w;\n#endif\n#if TARGET_OS_SIMULATOR\nUIWebView *v;\n#endif\n"])).contains("uiwebview-removed"))
    }

    @Test func realMoneyPredictionMarketsAndPaymentLinksAreFound() throws {
        #expect(try ids(["src/orders.ts": "import { ClobClient } from '@polymarket/clob-client';\n"]).contains("real-money-gaming"))
        #expect(try ids(["src/market.tsx": "setShare({ payoutIfWin: data.payoutIfWin })\n"]).contains("real-money-gaming"))
        #expect(!(try ids(["src/copy.ts": "const note = 'No real money: points only, never betting';\nconst alphabet = 'abc';\n"])).contains("real-money-gaming"))
        #expect(try ids(["App/Pro.swift": "let upgrade = URL(string: \"https://buy.stripe.com/test_4gw5kD\")\n"]).contains("external-purchase-link"))
        #expect(!(try ids(["App/Help.swift": "let docs = URL(string: \"https://stripe.com/docs\")\n"])).contains("external-purchase-link"))
    }

    @Test func aChildDirectedAdSettingHintsAtKidsModeUnlessItIsOn() throws {
        let files = ["App/Ads.swift": "GADMobileAds.sharedInstance().requestConfiguration.tagForChildDirectedTreatment = true\n"]
        #expect(try ids(files).contains("kids-app-hint"))
        #expect(!(try ids(files, kids: true)).contains("kids-app-hint"))
    }

    @Test func signInWithAppleCreatesAnAccountThatMustBeDeletable() throws {
        let create = "let request = ASAuthorizationAppleIDProvider().createRequest()\n"
        #expect(try ids(["App/Login.swift": create]).contains("account-no-delete"))
        #expect(!(try ids(["App/Login.swift": create, "App/Settings.swift": "func deleteAccount() async throws {}\n"])).contains("account-no-delete"))
    }

    @Test func stockPurposeTemplatesAreVague() {
        #expect(FileRules.isVague("Allow $(PRODUCT_NAME) to access your camera."))
        #expect(FileRules.isVague("Allow $(PRODUCT_NAME) to access your camera"))
        #expect(FileRules.isVague("MyApp would like to access your microphone"))
        #expect(!FileRules.isVague("Allow MyApp to access your camera to scan the barcode on a product."))
        #expect(!FileRules.isVague("Records your voice so you can hear how you read aloud."))
    }
}
