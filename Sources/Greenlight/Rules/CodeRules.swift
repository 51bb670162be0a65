import Foundation

/// The 24 codescan rule ids of the anchor (RevylAI/greenlight), with our matching: lexed code,
/// strings and comments instead of raw lines.
public enum CodeRules {
    static let src = FileKind.source
    static let native = FileKind.native
    static let srcAndJSON: Set<FileKind> = FileKind.source.union([.json])
    /// Code and the localized text shown to users (`.strings`, `.xcstrings`).
    static let srcAndStrings: Set<FileKind> = FileKind.source.union([.strings])

    /// Every line-pattern rule: the anchor's and ours (`PolicyRules`).
    public static var all: [CodeRule] { patternRules + PolicyRules.patternRules }

    public static let patternRules: [CodeRule] = [
        CodeRule(
            id: "private-api", severity: .critical, guideline: "2.5.1", title: "Private API usage detected",
            detail: "Calling private selectors or ivars (names starting with an underscore) gets the binary rejected by App Review's static analysis.",
            fix: "Use only public, documented APIs.",
            kinds: native, target: .text,
            patterns: [#"NSSelectorFromString\s*\(\s*@?"_"#, #"performSelector[A-Za-z:]*\s*\(?\s*(?:NSSelectorFromString\s*\(\s*)?@?"_"#,
                       #"@selector\(\s*_"#, #"(?:value|setValue)\s*\(?\s*forKey\s*:\s*@?"_"#, #"\bvalueForKey:\s*@"_"#],
            keywords: ["selector", "forkey"], caseInsensitive: false),
        CodeRule(
            id: "hardcoded-secrets", severity: .critical, guideline: "1.6", title: "Hardcoded secret or API key",
            detail: "A live secret in the app binary can be extracted by anyone who downloads it.",
            fix: "Keep secrets on your server; fetch short-lived tokens at run time or store user secrets in the Keychain.",
            kinds: src, target: .text,
            patterns: [#"\b[sp]k_(?:live|test)_[0-9A-Za-z]{20,}"#,
                       #"(?i)\b(?:api[_-]?key|api[_-]?secret|secret[_-]?key|client[_-]?secret)\b["']?\s*[:=]\s*["'][0-9A-Za-z_\-]{20,}["']"#,
                       #"\bAKIA[0-9A-Z]{16}\b"#, #"\bghp_[0-9A-Za-z]{36}\b"#],
            keywords: ["sk_", "pk_", "key", "secret", "akia", "ghp_"], caseInsensitive: false),
        CodeRule(
            id: "external-payment-digital", severity: .critical, guideline: "3.1.1", title: "External payment for digital content",
            detail: "Digital goods and features unlocked in the app must be sold with In-App Purchase.",
            fix: "Use StoreKit for digital content; external payments are for physical goods and services only.",
            kinds: src, target: .text,
            patterns: [#"stripe.{0,40}payment.{0,10}intent"#, #"paypal.{0,40}checkout"#, #"braintree.{0,40}payment"#, #"checkout.{0,20}redirect.{0,20}url"#],
            keywords: ["stripe", "paypal", "braintree", "checkout"]),
        CodeRule(
            id: "crypto-mining", severity: .critical, guideline: "3.1.5", title: "Cryptocurrency mining detected",
            detail: "Apps may not mine cryptocurrency on the device.",
            fix: "Remove on-device mining; cloud mining management apps are allowed.",
            kinds: srcAndStrings, target: .text,
            patterns: [#"\b(?:crypto|coin)[\s_-]?miner"#, #"\bhash[\s_-]?rate\b"#, #"\bmining[\s_-]?pool\b"#, #"stratum\+tcp"#],
            keywords: ["miner", "hash", "mining", "stratum"]),
        CodeRule(
            id: "dynamic-code-exec", severity: .critical, guideline: "2.5.2", title: "Dynamic code loading or execution",
            detail: "Downloading or loading executable code that changes the app's features after review is not allowed.",
            fix: "Ship all executable code in the bundle; JavaScriptCore is fine for bundled scripts only.",
            kinds: native, target: .code,
            patterns: [#"\bdlopen\s*\("#, #"\bdlsym\s*\("#, #"\bNSBundle\b.*\bload\b"#, #"\bBundle\s*\(.*\)\??\.load\s*\("#,
                       #"JSContext\s*\(\s*\).*evaluateScript"#],
            keywords: ["dlopen", "dlsym", "load", "evaluatescript"], caseInsensitive: false),
        CodeRule(
            id: "uiwebview-removed", severity: .critical, guideline: "2.5.1", title: "UIWebView is deprecated and rejected",
            detail: "App Store Connect no longer accepts apps that use UIWebView.",
            fix: "Migrate to WKWebView.",
            kinds: native, target: .code, patterns: [#"\bUIWebView\b"#], keywords: ["uiwebview"], caseInsensitive: false),
        CodeRule(
            id: "missing-att", severity: .high, guideline: "5.1.2", title: "Tracking SDK without App Tracking Transparency",
            detail: "An analytics or ads SDK that tracks users across apps needs the ATT prompt before tracking.",
            fix: "Call ATTrackingManager.requestTrackingAuthorization before tracking and add NSUserTrackingUsageDescription.",
            kinds: srcAndJSON, target: .text,
            // Uses of the SDKs (imports, calls, package names), not words: an icon named google_analytics is not tracking.
            patterns: [#"\bimport\s+(?:FirebaseAnalytics|GoogleAnalytics)\b|[@#]import\s+<?(?:FirebaseAnalytics|GoogleAnalytics)\b"#,
                       #"\bFIRAnalytics\b|\bAnalytics\.logEvent\s*\("#, #"["'](?:@react-native-firebase/analytics|firebase/analytics)["']"#,
                       #"\bimport\s+(?:FacebookCore|FBSDKCoreKit|FacebookAEM)\b|\bFBSDK[A-Z]\w*|["']react-native-fbsdk(?:-next)?["']"#,
                       #"\bimport\s+Adjust(?:Sdk)?\b|["']react-native-adjust["']|\bADJConfig\b"#, #"\bimport\s+AppsFlyerLib\b|\bAppsFlyerLib\b|["']react-native-appsflyer["']"#,
                       #"\bimport\s+Mixpanel\b|\bMixpanel\.(?:initialize|mainInstance)\b|["']mixpanel-react-native["']"#, #"import\s+amplitude|amplitude\.(?:instance|init)|@amplitude/"#,
                       #"import\s+segment|analytics-react-native|@segment/"#, #"\bGADMobileAds\b|google-mobile-ads"#],
            keywords: ["analytics", "facebook", "fbsdk", "adjust", "adjconfig", "appsflyer", "mixpanel", "amplitude", "segment", "gadmobileads", "mobile-ads"],
            safeguards: [#"ATTrackingManager"#, #"requestTrackingAuthorization"#, #"AppTrackingTransparency"#, #"expo-tracking-transparency"#],
            scope: .oncePerProject),
        CodeRule(
            id: "social-login-no-apple", severity: .high, guideline: "4.8", title: "Third-party login without Sign in with Apple",
            detail: "Apps that offer a third-party or social login must also offer an equivalent privacy-friendly option such as Sign in with Apple.",
            fix: "Add Sign in with Apple (SignInWithAppleButton or ASAuthorizationAppleIDProvider).",
            kinds: srcAndJSON, target: .text,
            // The sign-in SDKs in use (types, imports, packages), not the words: a log message about Google sign-in is not a login.
            patterns: [#"\bGIDSignIn\b|\bimport\s+GoogleSignIn(?:Swift)?\b|[@#]import\s+<?GoogleSignIn\b"#,
                       #"["'](?:@react-native-google-signin/google-signin|react-native-google-signin|expo-auth-session/providers/(?:google|facebook))["']"#,
                       #"\bFBSDKLoginManager\b|\bimport\s+FacebookLogin\b|\bLoginManager\(\)\.logIn\b|["']react-native-fbsdk(?:-next)?["'].{0,80}LoginManager|\bLoginManager\.logInWithPermissions\b"#],
            keywords: ["gidsignin", "googlesignin", "google-signin", "providers/", "fbsdkloginmanager", "facebooklogin", "loginmanager"],
            safeguards: [#"ASAuthorizationAppleIDProvider"#, #"SignInWithAppleButton"#, #"SignInWithApple"#, #"(?i)apple.{0,3}auth"#,
                         #"appleAuth"#, #"expo-apple-authentication"#],
            scope: .oncePerProject),
        CodeRule(
            id: "iap-no-restore", severity: .high, guideline: "3.1.1", title: "In-App Purchase without a restore option",
            detail: "Apps that sell non-consumables or subscriptions must let users restore purchases.",
            fix: "Add a Restore Purchases button: AppStore.sync() (StoreKit 2), .storeButton(.visible, for: .restorePurchases), or restoreCompletedTransactions().",
            kinds: srcAndJSON, target: .text,
            // Selling something (payments, products, purchase calls), not `import StoreKit` alone (a review request needs it too).
            patterns: [#"\bSKPaymentQueue\b"#, #"\bSKProductsRequest\b"#, #"\bProduct\.products\s*\(|\.purchase\s*\(\s*(?:options|\))"#, #"purchaseProduct"#,
                       #"expo-in-app-purchases"#, #"react-native-iap"#, #"react-native-purchases|\bRevenueCat\b"#],
            keywords: ["skpaymentqueue", "skproductsrequest", "product", "purchase", "revenuecat"],
            safeguards: [#"restoreCompletedTransactions"#, #"(?i)restore.{0,3}purchase"#, #"AppStore\.sync\s*\("#, #"\.restorePurchases\b"#,
                         #"syncPurchases"#],
            scope: .oncePerProject),
        CodeRule(
            id: "account-no-delete", severity: .high, guideline: "5.1.1", title: "Account creation without account deletion",
            detail: "Apps that let users create an account must let them delete it from inside the app.",
            fix: "Add an in-app flow that deletes the account and its data (not just deactivates it).",
            kinds: src, target: .code,
            patterns: [#"\bcreateAccount\s*\("#, #"\bsign[Uu]p\s*\("#, #"\bregister[A-Z]?[a-z]*User\s*\("#, #"\bcreateUser\s*\("#,
                       #"\bcreateUserWithEmail"#, #"\bASAuthorizationAppleIDProvider\s*\(\s*\)\.createRequest\s*\("#,
                       #"\bappleAuth(?:Android)?\.performRequest\s*\(|\bAppleAuthentication\.signInAsync\s*\("#],
            keywords: ["createaccount", "signup", "register", "createuser", "asauthorizationappleidprovider", "appleauth", "signinasync"],
            caseInsensitive: false,
            safeguards: [#"(?i)delete.{0,3}account"#, #"(?i)remove.{0,3}account"#, #"(?i)account.{0,3}delet"#, #"(?i)(?:close|cancel|erase).{0,3}account"#,
                         #"(?i)delete.{0,3}user\b"#],
            scope: .oncePerProject),
        CodeRule(
            id: "platform-reference", severity: .warn, guideline: "2.3", title: "Reference to another platform",
            detail: "User-visible text should not mention other mobile platforms.",
            fix: "Remove Android, Google Play and similar names from text users see.",
            kinds: src, target: .strings,
            patterns: [#"\b(?:android|google play|play store|samsung|windows phone)\b"#],
            keywords: ["android", "play", "samsung", "windows"],
            lineExclusions: [#"Platform\."#, #"^\s*import\s"#, #"require\s*\("#, #"from\s+['"]"#, #"@react-native"#, #"androidx"#, #"\.android\b"#,
                             #"/android/"#, #"BuildConfig"#, #"\.gradle"#, #"(?i)userAgent|user-agent"#],
            skipsTestsAndPreviews: true),
        CodeRule(
            id: "placeholder-content", severity: .warn, guideline: "2.1", title: "Placeholder content",
            detail: "Apps submitted with placeholder text look unfinished and are rejected for completeness.",
            fix: "Replace placeholder text with the real content.",
            kinds: src, target: .strings,
            // TODO and TBD only in capitals and not inside a path or key: "services/todo/add_item" and Spanish "Aceptar Todo" are not placeholders.
            patterns: [#"\blorem ipsum\b"#, #"\bcoming soon\b"#, #"\bunder construction\b"#, #"(?-i)(?<![/_.\w])(?:TODO|TBD)\b(?![/_.])"#],
            keywords: ["lorem", "coming", "construction", "todo", "tbd"],
            skipsTestsAndPreviews: true),
        CodeRule(
            id: "console-log", severity: .info, guideline: "2.1", title: "Console logging left in",
            detail: "Many console calls in shipped code slow the app and can leak data to the device log.",
            fix: "Remove them or gate them behind a debug flag.",
            kinds: [.javascript], target: .code, patterns: [#"\bconsole\.(?:log|debug|warn|error)\s*\("#], keywords: ["console."],
            caseInsensitive: false, skipsTestsAndPreviews: true, minimumHitsPerFile: 5),
        CodeRule(
            id: "hardcoded-ipv4", severity: .warn, guideline: "2.5", title: "Hardcoded IPv4 address",
            detail: "Literal IPv4 addresses break on IPv6-only networks, which App Review uses.",
            fix: "Use host names; they resolve on IPv6 networks.",
            kinds: src, target: .strings,
            patterns: [#"(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?![\d.])"#],
            keywords: (0...9).map { "\($0)." },
            lineExclusions: [#"(?i)version"#, #"0\.0\.0"#, #"127\.0\.0\.1"#, #"(?i)localhost"#, #"255\.255\.255"#],
            skipsTestsAndPreviews: true),
        CodeRule(
            id: "http-not-https", severity: .warn, guideline: "1.6", title: "Insecure HTTP URL",
            detail: "Plain HTTP is blocked by App Transport Security and exposes users' data.",
            fix: "Use https:// URLs.",
            kinds: src, target: .strings,
            // A URL with a host: `hasPrefix("http://")` checks the scheme, and namespace URIs (XML, RDF, Dublin Core) are names, not requests.
            patterns: [#"\bhttp://(?!localhost\b|127\.0\.0\.1\b|0\.0\.0\.0\b|\[::1\]|example\.|www\.w3\.org|schemas\.|ns\.adobe\.com|purl\.org|xmlns\.com|www\.apple\.com/DTDs|apple\.com/DTDs|www\.openarchives\.org|json-schema\.org)[A-Za-z0-9\[]"#],
            keywords: ["http://"], lineExclusions: [#"(?i)xmlns|\.dtd\b|doctype|namespace|hasPrefix\s*\(|startsWith\s*\(|\bscheme\b"#],
            skipsTestsAndPreviews: true),
        CodeRule(
            id: "webview-only", severity: .warn, guideline: "4.2", title: "App may be a thin web wrapper",
            detail: "An app that only shows a website in a web view lacks the native features App Review expects.",
            fix: "Add native features and navigation beyond the web content.",
            kinds: src, target: .text,
            patterns: [#"(?:WKWebView|WebView|react-native-webview).{0,120}(?:loadRequest|\.load\s*\(|source=\{\{\s*uri).{0,120}https?://"#],
            keywords: ["webview"]),
        CodeRule(
            id: "crypto-wallet-org-account", severity: .warn, guideline: "3.1.5", title: "Crypto wallet library",
            detail: "Wallet apps must be published by an organization developer account, not an individual.",
            fix: "Enroll as an organization before submitting a wallet app.",
            kinds: srcAndJSON, target: .text,
            patterns: [#"["'](?:ethers|@ethersproject/[\w-]+|viem|wagmi|web3|@walletconnect/[\w-]+|@privy-io/[\w-]+|@web3auth/[\w-]+|@magic-sdk/[\w-]+|@dynamic-labs/[\w-]+|@solana/web3\.js|@coinbase/wallet-sdk|@rainbow-me/[\w-]+|thirdweb|@web3-onboard/[\w-]+|bitcoinjs-lib|@trustwallet/[\w-]+|@reown/appkit[\w-]*)["']"#,
                       #"\bimport\s+(?:web3swift|WalletCore)\b"#],
            keywords: ["ethers", "viem", "wagmi", "web3", "walletconnect", "privy", "magic-sdk", "dynamic-labs", "solana", "wallet", "rainbow",
                       "thirdweb", "bitcoinjs", "reown"],
            scope: .oncePerProject),
        CodeRule(
            id: "crypto-exchange-sdk", severity: .high, guideline: "3.1.5", title: "Crypto on-ramp / exchange SDK",
            detail: "Apps that facilitate crypto trading or exchange must be offered in regions where the developer holds the needed licenses.",
            fix: "Document licensing for each region (or a legal opinion) in App Review notes.",
            kinds: srcAndJSON, target: .text,
            patterns: [#"["'](?:@?(?:moonpay|transak|ramp-network|onramper|banxa|mercuryo|sardine(?:-ai)?|sendwyre|wyre))(?:/[\w.-]+|-[\w-]*(?:sdk|react-native|widget|instant|onramp|checkout|api)[\w-]*)["']"#],
            keywords: ["moonpay", "transak", "ramp-network", "onramper", "banxa", "mercuryo", "sardine", "wyre"],
            scope: .oncePerProject),
        CodeRule(
            id: "crypto-exchange-signals", severity: .warn, guideline: "3.1.5", title: "Crypto exchange features",
            detail: "Buying, selling or swapping crypto in the app needs licensing where it is offered.",
            fix: "Confirm whether the app performs exchanges or only links out, and document licensing.",
            // Text shown to users, in code and in the localized strings (English and the larger Latin-script languages).
            kinds: srcAndJSON.union([.strings]), target: .strings,
            patterns: [#"\bcrypto exchange\b"#, #"\b(?:buy|sell|trade|swap) (?:crypto|bitcoin|btc|eth|usdt|usdc)\b"#, #"\bfiat (?:on|off)[\s-]?ramp\b"#,
                       #"\b(?:on|off)[-_]ramp\b"#, #"\bp2p trad"#,
                       // es, pt, it: comprar/vender/intercambiar/trocar/comprare… cripto(monedas|moedas|valute), bitcoin
                       #"\b(?:comprar|vender|intercambiar|cambiar|trocar|negociar|comprare|vendere|scambiare)\s+(?:criptomonedas?|criptomoedas?|criptovalut[ae]|cripto|bitcoins?|btc|eth|usdt|usdc)\b"#,
                       // fr: acheter/vendre/échanger (des|du) cryptos, crypto-monnaies, bitcoins
                       #"\b(?:acheter|vendre|échanger)\s+(?:des\s+|du\s+|de\s+la\s+)?(?:cryptos?|crypto-?monnaies?|cryptomonnaies?|bitcoins?|btc|eth|usdt|usdc)\b"#,
                       // de: Bitcoin/Krypto(währungen) kaufen/verkaufen/tauschen/handeln
                       #"\b(?:krypto(?:währungen?)?|kryptos|bitcoins?|btc|eth|usdt|usdc)\s+(?:kaufen|verkaufen|tauschen|handeln)\b"#,
                       #"\b(?:krypto-?börse|exchange\s+de\s+cripto\w*|corretora\s+de\s+cripto\w*|exchange\s+di\s+cripto\w*|plateforme\s+d'échange\s+de\s+crypto\w*)"#],
            keywords: ["crypto", "cripto", "krypto", "bitcoin", "btc", "eth", "usdt", "usdc", "ramp", "p2p"],
            lineExclusions: [#"(?i)\b(?:no|not|never|without|don't|doesn't|cannot|can't|nunca|sin|sem|senza|sans|pas|jamais|nicht|kein|keine|ohne)\b.{0,30}(?:crypto|cripto|krypto|bitcoin|exchange|ramp|trad)"#],
            scope: .oncePerProject),
        CodeRule(
            id: "crypto-exchange-brand", severity: .warn, guideline: "3.1.5", title: "Crypto exchange integration",
            detail: "Integrating an exchange's trading API means the app facilitates crypto trading.",
            fix: "Document licensing for each region where trading is offered.",
            kinds: srcAndJSON, target: .text,
            patterns: [#"\b(?:coinbase|binance|kraken|bybit|okx|kucoin|bitfinex|bitstamp|bitget|mexc|huobi|gemini|bitpay|unigox)\.(?:com|io|us|exchange)\b"#,
                       #"["'](?:ccxt|@binance/[\w-]+|binance-connector[\w-]*|coinbase-advanced[\w-]*|kraken-api)["']"#],
            keywords: ["coinbase", "binance", "kraken", "bybit", "okx", "kucoin", "bitfinex", "bitstamp", "bitget", "mexc", "huobi", "gemini",
                       "bitpay", "unigox", "ccxt"],
            scope: .oncePerProject),
    ]
}
