import Foundation

/// Rules beyond the anchor's 24, for risks it misses: real-money gaming and prediction markets,
/// payment links for digital goods, and a kids app scanned without `--kids`. Each judges a use (a
/// client library, a checkout URL, an ad SDK's child-directed flag), not a word.
public enum PolicyRules {
    public static let patternRules: [CodeRule] = [
        CodeRule(
            id: "real-money-gaming", severity: .high, guideline: "5.3.4", title: "Real-money gaming or prediction market",
            detail: "Betting, lotteries and prediction markets with real money need the licences of every region where the app is offered, geo-restriction to them, and a free download; App Review asks for the evidence.",
            fix: "Confirm the app's regions hold gaming licences, restrict it to them, and explain both in App Review notes, or remove real-money play.",
            kinds: CodeRules.srcAndJSON, target: .text,
            patterns: [#"["']@polymarket/[\w.-]+["']|\bClobClient\b|\bpolymarket\.com\b|\bkalshi\.com\b|["']kalshi[\w-]*["']"#,
                       #"(?i)\bprediction[\s_-]?markets?\b"#,
                       #"(?i)\b(?:sports?book|bet[\s_-]?slip|place[\s_-]?(?:a[\s_-]?|your[\s_-]?)?bets?|payout[\s_-]?if[\s_-]?win|wager(?:s|ing|ed)?)\b"#,
                       #"(?i)\b(?:real[\s_-]?money|cash)[\s_-]?(?:games?|gaming|casino|poker|slots?|tournaments?)\b"#],
            // Distinctive keywords only: every file is searched for them.
            keywords: ["polymarket", "clobclient", "kalshi", "prediction", "sportbook", "sportsbook", "betslip", "bet slip", "bet_slip", "a bet",
                       "your bet", "place bet", "place_bet", "placebet", "payout", "wager", "real money", "real-money", "real_money", "realmoney",
                       "cash game", "cash_game", "cashgame", "cash tournament", "cash casino", "cash poker", "cash slot"],
            lineExclusions: [#"(?i)\b(?:no|not|never|without|don't|doesn't)\b.{0,30}(?:bet|wager|gambl|real money)"#],
            scope: .oncePerProject),
        CodeRule(
            id: "external-purchase-link", severity: .high, guideline: "3.1.1", title: "Payment link for digital content",
            detail: "A checkout page outside the app (Stripe Payment Links, PayPal.me, Gumroad, Lemon Squeezy, Paddle…) for features or content used in the app bypasses In-App Purchase.",
            fix: "Sell digital content with In-App Purchase; keep payment links for physical goods and services, or use the StoreKit External Purchase Link entitlement where it applies.",
            kinds: CodeRules.srcAndJSON, target: .strings,
            patterns: [#"https?://(?:buy|checkout|billing|donate)\.stripe\.com/"#, #"https?://(?:www\.)?paypal\.(?:me|com/paypalme)/"#,
                       #"https?://(?:[\w-]+\.)?gumroad\.com/l/"#, #"https?://[\w-]+\.lemonsqueezy\.com/(?:checkout|buy)"#,
                       #"https?://(?:buy|checkout|sandbox-checkout)\.paddle\.com/"#, #"https?://(?:www\.)?(?:ko-fi\.com|buymeacoffee\.com|patreon\.com)/"#],
            keywords: ["stripe.com", "paypal", "gumroad", "lemonsqueezy", "paddle.com", "ko-fi", "buymeacoffee", "patreon"],
            skipsTestsAndPreviews: true),
        CodeRule(
            id: "subscription-without-iap", severity: .high, guideline: "3.1.1", title: "Paid plan with no In-App Purchase",
            detail: "The app shows a price per month or year for a plan, and nothing in the project can sell it through In-App Purchase (no StoreKit purchase, no IAP library): digital plans must be bought in the app, and a plan that cannot be bought fails 2.1.",
            fix: "Sell the plan with StoreKit (or an IAP library such as RevenueCat or react-native-iap), or remove the offer if it is sold only outside the app for use outside it.",
            kinds: CodeRules.src, target: .strings,
            patterns: [#"(?:[$€£]\s?\d+(?:[.,]\d{2})?|\d+(?:[.,]\d{2})?\s?(?:USD|EUR|GBP|[$€£]))\s*(?:/|per|a|every)\s*(?:month|mo|year|yr|week|wk)\b"#],
            keywords: ["/month", "/ month", "per month", "a month", "every month", "/mo", "/year", "/ year", "per year", "a year", "every year",
                       "/yr", "/week", "/ week", "per week", "a week", "/wk"],
            safeguards: [#"\bSKPaymentQueue\b|\bSKProductsRequest\b|\bProduct\.products\s*\(|\.purchase\s*\("#, #"StoreKit"#,
                         #"react-native-iap|expo-in-app-purchases|react-native-purchases|\bRevenueCat\b|\bPurchases\.configure|@capacitor-community/in-app-purchases?|cordova-plugin-purchase|\bqonversion\b|\badapty\b|\bglassfy\b|\bsuperwall\b"#],
            scope: .oncePerProject, skipsTestsAndPreviews: true),
        CodeRule(
            id: "kids-app-hint", severity: .info, guideline: "1.3", title: "Looks like an app for children",
            detail: "The app tells an ad or analytics SDK that its users are children (child-directed treatment, COPPA). Kids Category apps have extra rules (1.3, 5.1.4) that greenlight checks with --kids.",
            fix: "Run greenlight with --kids (or kids_category: true in .greenlight.yml) if the app is for children.",
            kinds: CodeRules.srcAndJSON, target: .text,
            patterns: [#"(?i)tag[\s_-]?for[\s_-]?child[\s_-]?directed[\s_-]?treatment|\bisChildDirected\b|setIsChildDirected|childDirected\s*[:=]\s*(?:true|YES|1)"#,
                       #"(?i)\bcoppa\s*[:=]\s*(?:true|YES|1)|setCOPPA|\bisCOPPA\b|tagForUnderAgeOfConsent"#],
            keywords: ["childdirected", "child_directed", "child-directed", "child directed", "coppa", "underage"],
            scope: .oncePerProject),
    ]
}
