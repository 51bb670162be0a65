// Our own summaries of the App Store Review Guidelines, written for this tool (not Apple's text).
// Each entry: the section number, its title, a 1–3 sentence summary in plain words, and what
// typically gets an app rejected under it.
extension GuidelineCatalog {
    static let entries: [Guideline] = [
        // MARK: - 1 Safety

        Guideline(
            section: "1",
            title: "Safety",
            summary: "Apple expects apps to be safe for the people using them: no offensive or harmful content, no features that put users physically at risk, and responsible handling of user data and user-generated content.",
            commonViolations: []
        ),
        Guideline(
            section: "1.1",
            title: "Objectionable Content",
            summary: "Content that is offensive, cruel, disgusting or simply creepy is not allowed, and this applies to the binary, the store listing, in-app ads and generated output alike. The 1.1.x items list the usual categories.",
            commonViolations: [
                "Shock or gore imagery in screenshots, icon or first-launch screens",
                "AI or generated output with no content filtering",
                "Edgy humor aimed at real groups or people",
            ]
        ),
        Guideline(
            section: "1.1.1",
            title: "Defamatory or discriminatory content",
            summary: "Don't ship content that demeans or targets people for their religion, race, sexual orientation, gender, origin or similar traits. Professional satire and political humor get some leeway; a consumer app that mocks groups does not.",
            commonViolations: [
                "Jokes, stickers or characters that ridicule an ethnic or religious group",
                "Rating or ranking features that target a demographic",
                "AI personas prompted to insult particular groups",
            ]
        ),
        Guideline(
            section: "1.1.2",
            title: "Realistic violence",
            summary: "Realistic depictions of people or animals being killed, maimed, tortured or abused are out, as is content that encourages violence. In games, enemies must not single out a real race, culture, government or company.",
            commonViolations: [
                "Photo-realistic torture or animal cruelty",
                "Game whose enemies are one real nation, ethnicity or company",
                "Trailers or screenshots that lead with gore",
            ]
        ),
        Guideline(
            section: "1.1.3",
            title: "Weapons and dangerous objects",
            summary: "Apps must not promote illegal or reckless use of weapons or dangerous objects, and must not help people buy firearms or ammunition.",
            commonViolations: [
                "Links or buttons to buy guns or ammo",
                "How-to content that coaches unsafe weapon handling",
            ]
        ),
        Guideline(
            section: "1.1.4",
            title: "Sexual or pornographic material",
            summary: "Overtly sexual or pornographic content is banned, including hookup apps and anything that could enable prostitution, trafficking or exploitation. Dating apps are fine if explicit material is kept out.",
            commonViolations: [
                "Explicit images or video in the app or its screenshots",
                "NSFW user content visible by default",
                "Escort or 'arrangement' marketplaces",
            ]
        ),
        Guideline(
            section: "1.1.5",
            title: "Inflammatory religious commentary",
            summary: "Religious apps are welcome, but inflammatory commentary about religion and inaccurate or misleading quotes from religious texts are not.",
            commonViolations: [
                "Invented or distorted scripture quotes",
                "Content written to provoke hostility toward a faith",
            ]
        ),
        Guideline(
            section: "1.1.6",
            title: "False information and trick features",
            summary: "Apps may not present false information or fake functionality, such as bogus device readings or prank tools, and an 'entertainment only' disclaimer doesn't fix that. Anonymous or prank calling and texting apps are rejected.",
            commonViolations: [
                "Fake scanners, detectors or sensor readings presented as real",
                "Prank or anonymous call and SMS features",
                "Relying on a 'for entertainment purposes' disclaimer",
            ]
        ),
        Guideline(
            section: "1.1.7",
            title: "Exploiting current tragedies",
            summary: "Don't build or monetize features that cash in on ongoing wars, terror attacks, epidemics or similar events. Factual news and genuine relief information are a different matter.",
            commonViolations: [
                "Paid items or games themed on a current conflict or outbreak",
                "Fake charity drives tied to a disaster",
            ]
        ),
        Guideline(
            section: "1.2",
            title: "User-Generated Content",
            summary: "If users can post content or talk to each other, the app needs a content filter, a way to report posts with timely follow-up, the ability to block abusive users, and published contact details. Apps that mainly serve porn, anonymous chat or bullying can be pulled.",
            commonViolations: [
                "No in-app way to report a post or user",
                "No way to block another user",
                "No filtering of objectionable content before it is shown",
                "No published contact information for moderation issues",
                "Random or anonymous chat as the core feature",
            ]
        ),
        Guideline(
            section: "1.2.1",
            title: "Creator Content",
            summary: "Content from a community of creators is treated as user-generated content: it can add to the app but not change its native features. The app must flag content above its age rating and restrict it by verified or declared age, and paid creator content follows IAP rules.",
            commonViolations: [
                "No age gate for creator content that exceeds the app's rating",
                "Creator content sold outside in-app purchase",
                "Not indicating which creator content costs extra",
            ]
        ),
        Guideline(
            section: "1.3",
            title: "Kids Category",
            summary: "Kids Category apps may not link out, offer purchases or show other distractions unless behind a parental gate, and generally cannot include third-party ads or analytics. They must not send personal or device data to third parties and must follow COPPA, GDPR and similar laws.",
            commonViolations: [
                "Third-party ad or analytics SDK in a Kids Category app",
                "External links or purchases without a parental gate",
                "Sending identifiers or personal data to third parties",
                "Missing privacy policy",
            ]
        ),
        Guideline(
            section: "1.4",
            title: "Physical Harm",
            summary: "Apps that could lead to people getting hurt are rejected. The 1.4.x items cover medical accuracy, dosage tools, substances, driving and risky challenges.",
            commonViolations: [
                "Unverified health claims or calculations",
                "Features that encourage dangerous behavior",
            ]
        ),
        Guideline(
            section: "1.4.1",
            title: "Medical apps",
            summary: "Health and medical apps get extra scrutiny for accuracy. Claims to measure things like blood pressure, glucose, oxygen or temperature with only the phone's sensors are not allowed; cite sources, tell users to consult a doctor, and be ready to show regulatory clearance.",
            commonViolations: [
                "Claiming diagnostics using only built-in sensors",
                "No medical disclaimer or advice to consult a doctor",
                "Health recommendations without cited sources",
                "Regulated medical features without clearance documents",
            ]
        ),
        Guideline(
            section: "1.4.2",
            title: "Drug dosage calculators",
            summary: "Dosage calculators must come from a drug maker, hospital, university, insurer, pharmacy or other approved body, or be cleared by the FDA or an equivalent regulator.",
            commonViolations: [
                "Dosage calculator from an independent developer with no approval",
            ]
        ),
        Guideline(
            section: "1.4.3",
            title: "Tobacco, drugs and alcohol",
            summary: "Don't encourage vaping, smoking, illegal drug use or heavy drinking, and never aim any of these at minors. Selling tobacco is not allowed; controlled substances only via licensed pharmacies or legal dispensaries.",
            commonViolations: [
                "Drinking games or rewards for consumption",
                "Facilitating tobacco or vape sales",
                "Selling controlled substances without a license",
            ]
        ),
        Guideline(
            section: "1.4.4",
            title: "DUI checkpoints and reckless driving",
            summary: "Only show DUI checkpoints that law enforcement has published, and never encourage drunk driving, speeding or other reckless behavior on the road.",
            commonViolations: [
                "Crowd-sourced police checkpoint reports",
                "Features that reward speeding",
            ]
        ),
        Guideline(
            section: "1.4.5",
            title: "Risky activities and challenges",
            summary: "Apps should not push users into bets, dares, challenges or device use that could physically hurt them or others.",
            commonViolations: [
                "Dare or challenge features that involve physical risk",
                "Gameplay that demands attention while walking in traffic",
            ]
        ),
        Guideline(
            section: "1.5",
            title: "Developer Information",
            summary: "Users must be able to reach you: the app and its Support URL need working, easy-to-find contact details. Wallet passes need valid issuer contact info and the right signing certificate.",
            commonViolations: [
                "Support URL that is dead, empty or redirects nowhere",
                "No contact or help option inside the app",
                "Outdated or bouncing support email",
            ]
        ),
        Guideline(
            section: "1.6",
            title: "Data Security",
            summary: "Protect the user data you collect against unauthorized access or disclosure with sensible security measures. In practice that means encrypted transport, secure storage and no secrets leaking through logs or SDKs.",
            commonViolations: [
                "Sending personal data or credentials over plain HTTP",
                "Tokens, passwords or keys written to logs",
                "Sensitive data stored unprotected on device",
                "Hard-coded API secrets in the app bundle",
            ]
        ),
        Guideline(
            section: "1.7",
            title: "Reporting Criminal Activity",
            summary: "Apps that let users report alleged crimes must work with local law enforcement and may only be offered where that involvement is active.",
            commonViolations: [
                "Crime reporting feature with no law-enforcement partner",
                "Offering the app in regions without active police involvement",
            ]
        ),

        // MARK: - 2 Performance

        Guideline(
            section: "2",
            title: "Performance",
            summary: "The app you submit must be finished, stable, honestly described, and built the way Apple's platforms expect: public APIs, proper hardware support and sensible resource use.",
            commonViolations: []
        ),
        Guideline(
            section: "2.1",
            title: "App Completeness",
            summary: "Submit a final build: no crashes, placeholder text, broken links or dead backends during review. Give reviewers a working demo account (or an approved demo mode) and make sure every in-app purchase is complete and reachable.",
            commonViolations: [
                "Crashes or obvious bugs on launch or common flows",
                "Placeholder text, lorem ipsum or 'coming soon' screens",
                "Demo account missing or not working",
                "In-app purchases not configured or not reachable",
                "Backend or content feed down during review",
            ]
        ),
        Guideline(
            section: "2.2",
            title: "Beta Testing",
            summary: "Betas, demos and trial builds belong on TestFlight, not the App Store. TestFlight builds still have to follow the guidelines, and testers may not be paid for testing.",
            commonViolations: [
                "'Beta', 'demo' or 'test' in the app name or UI",
                "Store build with unfinished features left switched on",
                "Paying or rewarding TestFlight testers",
            ]
        ),
        Guideline(
            section: "2.3",
            title: "Accurate Metadata",
            summary: "Your description, screenshots, previews and privacy answers must match what the app actually does in this version. Every advertised feature should be easy for a reviewer to find.",
            commonViolations: [
                "Described features the reviewer cannot find",
                "Screenshots or copy from a different or future version",
                "Privacy details that don't match the binary",
            ]
        ),
        Guideline(
            section: "2.3.1",
            title: "Hidden or undocumented features",
            summary: "No hidden, dormant or undocumented functionality. Describe new features specifically in the Review Notes and make them reachable, and don't market the app as doing things it doesn't do. Remote switches that change reviewed behavior are a classic trigger.",
            commonViolations: [
                "Remote config or feature flags that unlock unreviewed features",
                "Server-driven UI that changes the app after approval",
                "Generic 'bug fixes' review notes for a feature release",
                "Marketing features or services the app doesn't have",
            ]
        ),
        Guideline(
            section: "2.3.2",
            title: "Disclose in-app purchases",
            summary: "If items, levels or features in your listing need an extra purchase, the description, screenshots and previews must say so. Promoted in-app purchases need proper metadata and must complete correctly when the app opens.",
            commonViolations: [
                "Screenshots show paid content with no purchase notice",
                "Description implies everything is free",
                "Promoted IAP that fails to finish on launch",
            ]
        ),
        Guideline(
            section: "2.3.3",
            title: "Screenshots show the app in use",
            summary: "Screenshots should show the real app running, not just title art, splash screens or login pages. Captions and overlays are fine if the app itself is clearly visible.",
            commonViolations: [
                "Only marketing art or splash/login screens",
                "Screenshots from another device class or platform",
            ]
        ),
        Guideline(
            section: "2.3.4",
            title: "App previews",
            summary: "App preview videos may only contain screen captures of the app itself (iMessage and sticker apps can show Messages). Narration and overlays are allowed to explain what is shown.",
            commonViolations: [
                "Preview with live-action or stock footage",
                "Preview built around device frames or unrelated content",
            ]
        ),
        Guideline(
            section: "2.3.5",
            title: "Correct category",
            summary: "Pick the App Store category that genuinely fits your app. Apple may move an app it thinks is badly categorized.",
            commonViolations: [
                "Utility listed under Games (or the reverse) to chase rankings",
            ]
        ),
        Guideline(
            section: "2.3.6",
            title: "Honest age rating",
            summary: "Answer the age rating questionnaire truthfully so parental controls work, and meet local rating or warning rules where the app is sold.",
            commonViolations: [
                "Under-reporting violence, gambling or mature themes",
                "Not declaring unrestricted web access or user content",
            ]
        ),
        Guideline(
            section: "2.3.7",
            title: "Name, subtitle and keywords",
            summary: "Use a unique name of at most 30 characters and keywords that describe your app. Don't stuff metadata with trademarks, competitor names, prices or irrelevant terms, and keep each field for its purpose.",
            commonViolations: [
                "App name over 30 characters or stuffed with keywords",
                "Competitor or trademarked names in keywords or subtitle",
                "Prices or 'free' claims in the name or screenshots",
                "Subtitle making unverifiable claims",
            ]
        ),
        Guideline(
            section: "2.3.8",
            title: "Metadata suitable for all ages",
            summary: "Icons, screenshots and previews must be fine for a 4+ audience even if the app is rated higher. Terms like 'For Kids' are reserved for the Kids Category, and names and icons should be consistent across the app and store.",
            commonViolations: [
                "Violent or suggestive imagery in the icon or screenshots",
                "'For Kids' wording outside the Kids Category",
                "Home screen name differs confusingly from the store name",
            ]
        ),
        Guideline(
            section: "2.3.9",
            title: "Rights to marketing assets",
            summary: "You need rights to everything in your icon, screenshots and previews, and sample screens should use made-up account data instead of real people's information.",
            commonViolations: [
                "Real names, emails or phone numbers in screenshots",
                "Unlicensed artwork, photos or celebrity likenesses",
            ]
        ),
        Guideline(
            section: "2.3.10",
            title: "Focus on Apple platforms",
            summary: "Keep the listing and app focused on the Apple platforms you support. Don't show other mobile platforms or app stores unless there is specific, approved functionality that requires it.",
            commonViolations: [
                "Android devices or Google Play badges in screenshots",
                "'Also available on Android' text in the description",
            ]
        ),
        Guideline(
            section: "2.3.11",
            title: "Complete pre-order apps",
            summary: "An app offered for pre-order must be complete as submitted, and the released version must not differ materially from what was advertised. Big changes mean restarting the pre-order.",
            commonViolations: [
                "Pre-order build that is a placeholder",
                "Changing the business model after pre-orders open",
            ]
        ),
        Guideline(
            section: "2.3.12",
            title: "Accurate What's New text",
            summary: "Release notes must describe new features and notable changes clearly. Generic text is only acceptable for bug fixes, security patches and performance work.",
            commonViolations: [
                "'Bug fixes and improvements' on a release with new features",
            ]
        ),
        Guideline(
            section: "2.3.13",
            title: "In-App Events",
            summary: "In-app events promoted on the App Store must be real, timely events with accurate metadata and a correct event type. They must happen when stated, follow the business rules, and deep-link to the right place.",
            commonViolations: [
                "Evergreen promotion dressed up as an event",
                "Event deep link opening the wrong screen",
                "Event times that don't match reality",
            ]
        ),
        Guideline(
            section: "2.4",
            title: "Hardware Compatibility",
            summary: "Apps should work well on the devices they run on, use power responsibly and not ask users to tinker with their devices. The 2.4.x items cover iPad, battery, Apple TV, system settings and the Mac App Store.",
            commonViolations: [
                "Broken layout when an iPhone app runs on iPad",
                "Excessive battery drain or heat",
            ]
        ),
        Guideline(
            section: "2.4.1",
            title: "iPad compatibility",
            summary: "iPhone apps should run properly on iPad whenever possible, and reviewers often test them there. Check every screen in iPad compatibility mode before submitting.",
            commonViolations: [
                "Overlapping or clipped UI on iPad",
                "Layouts hard-coded to iPhone screen sizes",
            ]
        ),
        Guideline(
            section: "2.4.2",
            title: "Power efficiency",
            summary: "Use power efficiently and avoid draining the battery, overheating the device or wearing out storage. Unrelated background work such as crypto mining, including via ad SDKs, is not allowed.",
            commonViolations: [
                "On-device cryptocurrency mining",
                "Endless background processing or excessive disk writes",
                "Telling users to charge the phone under a pillow or similar",
            ]
        ),
        Guideline(
            section: "2.4.3",
            title: "Apple TV input",
            summary: "Apple TV apps should be usable with the Siri Remote or standard game controllers. If a controller is required, say so clearly in the metadata.",
            commonViolations: [
                "tvOS app unusable with the Siri Remote alone",
                "Required controller not mentioned in the listing",
            ]
        ),
        Guideline(
            section: "2.4.4",
            title: "No restart or unrelated settings changes",
            summary: "Never tell users to restart their device or to change system settings that have nothing to do with the app's core purpose, such as turning off Wi-Fi or security features.",
            commonViolations: [
                "'Restart your phone' as a troubleshooting step",
                "Asking users to disable security or network settings",
            ]
        ),
        Guideline(
            section: "2.4.5",
            title: "Mac App Store requirements",
            summary: "Mac App Store apps must be sandboxed, packaged with Xcode as a single self-contained bundle, update only through the store, and not auto-launch, install extra code, request root, or use their own license keys or copy protection.",
            commonViolations: [
                "Missing App Sandbox entitlement",
                "Third-party installer or self-updater",
                "Launching at login without user consent",
                "Requesting root or setuid privileges",
                "License key screens or custom DRM",
            ]
        ),
        Guideline(
            section: "2.5",
            title: "Software Requirements",
            summary: "Build with public APIs, keep the app self-contained, and use system features such as background modes, WebKit, Siri and CallKit only for their intended purposes.",
            commonViolations: [
                "Private API usage",
                "Downloading code that changes app behavior",
                "Misused background modes",
            ]
        ),
        Guideline(
            section: "2.5.1",
            title: "Public APIs only",
            summary: "Use only public APIs, run on the currently shipping OS, and use frameworks for what they are meant for. Phase out deprecated technology, and mention integrations like HealthKit in the description.",
            commonViolations: [
                "Calling private selectors, classes or frameworks",
                "Using HealthKit or HomeKit for unrelated purposes",
                "Relying on deprecated APIs such as UIWebView",
                "HealthKit use not mentioned in the description",
            ]
        ),
        Guideline(
            section: "2.5.2",
            title: "Self-contained bundle",
            summary: "The app must stay inside its own container and must not download, install or run code that adds or changes features after review. Only educational coding apps may run downloaded code, and users must be able to see and edit it.",
            commonViolations: [
                "Downloading and executing scripts or plug-ins at runtime",
                "Hot-patching JavaScript or native code after approval",
                "Reading or writing files outside the app container",
                "Installing or launching other executables",
            ]
        ),
        Guideline(
            section: "2.5.3",
            title: "No malware or system disruption",
            summary: "Apps must not spread viruses or code that harms or disrupts the OS or hardware features such as push notifications or Game Center. Serious cases lead to removal from the developer program.",
            commonViolations: [
                "Code that interferes with system services",
                "Bundled compromised or malicious SDKs",
            ]
        ),
        Guideline(
            section: "2.5.4",
            title: "Background modes",
            summary: "Background execution is only for its intended uses, such as VoIP, audio playback, location, task completion and local notifications. Only declare modes the app truly uses for those purposes.",
            commonViolations: [
                "Background audio mode used just to stay alive",
                "Background location declared without a location feature",
                "UIBackgroundModes entries the app never uses",
            ]
        ),
        Guideline(
            section: "2.5.5",
            title: "IPv6-only networks",
            summary: "The app must work fully on IPv6-only networks, which is how App Review tests.",
            commonViolations: [
                "Hard-coded IPv4 addresses",
                "IPv4-only networking code or servers",
            ]
        ),
        Guideline(
            section: "2.5.6",
            title: "WebKit for web browsing",
            summary: "Apps that browse the web must use WebKit and WebKit JavaScript. Other browser engines require a special Apple entitlement available only in some regions.",
            commonViolations: [
                "Bundling a custom or third-party browser engine",
                "Alternative engine without the required entitlement",
            ]
        ),
        Guideline(
            section: "2.5.7",
            title: "Cellular video streaming (omitted)",
            summary: "Current guideline revisions mark this number as intentionally omitted; it used to set rules for long video streams over cellular. Treat old citations of it as stale.",
            commonViolations: []
        ),
        Guideline(
            section: "2.5.8",
            title: "No alternate home screens",
            summary: "Apps that build an alternative desktop or home screen environment are rejected.",
            commonViolations: [
                "Launcher or home screen replacement apps",
                "Fake springboard with multiple app-like widgets",
            ]
        ),
        Guideline(
            section: "2.5.9",
            title: "Don't override system controls",
            summary: "Apps must not change or disable standard controls like the volume buttons or Ring/Silent switch, or other native UI behavior, for example by blocking links to other apps.",
            commonViolations: [
                "Repurposing volume buttons for unrelated actions",
                "Blocking links that open other apps",
            ]
        ),
        Guideline(
            section: "2.5.10",
            title: "Empty or test ads (omitted)",
            summary: "Current revisions mark this number as intentionally omitted; it used to forbid empty ad banners and test ads. Shipping test ad units or blank ad slots can still fail review under 2.1.",
            commonViolations: []
        ),
        Guideline(
            section: "2.5.11",
            title: "SiriKit and Shortcuts",
            summary: "Only support intents your app can handle itself and that users would expect from it. Vocabulary and phrases should relate to your app, and requests should be fulfilled directly without ads in between.",
            commonViolations: [
                "Intents unrelated to the app's purpose",
                "Generic or third-party names as Siri vocabulary",
                "Showing ads before fulfilling a Siri request",
            ]
        ),
        Guideline(
            section: "2.5.12",
            title: "CallKit and SMS filtering",
            summary: "Call blocking and SMS fraud filters may only block numbers confirmed as spam. Describe the blocking criteria in the listing, and use the data only to run or improve the feature.",
            commonViolations: [
                "Blocking numbers not confirmed as spam",
                "Blocking criteria not explained in the description",
                "Using call or message data for other purposes",
            ]
        ),
        Guideline(
            section: "2.5.13",
            title: "Face authentication",
            summary: "Face-based account login must use LocalAuthentication (Face ID), not ARKit or other face tech, and users under 13 need another way to sign in.",
            commonViolations: [
                "Custom camera face matching for login",
                "No alternative login for younger users",
            ]
        ),
        Guideline(
            section: "2.5.14",
            title: "Consent for recording",
            summary: "Get explicit consent and show a clear visual or audible indicator whenever the app records or logs user activity, including camera, microphone, screen or input recording.",
            commonViolations: [
                "Recording audio or video without a visible indicator",
                "Screen or keystroke logging without consent",
                "Starting a recording before the user agrees",
            ]
        ),
        Guideline(
            section: "2.5.15",
            title: "Files app integration",
            summary: "If users can browse and pick files, include content from the Files app and their iCloud documents, not just the app's sandbox.",
            commonViolations: [
                "File picker limited to the app's own folder",
            ]
        ),
        Guideline(
            section: "2.5.16",
            title: "Widgets, extensions and App Clips",
            summary: "Widgets, extensions and notifications must relate to what the app does. Everything an App Clip can do must also be in the main app, and App Clips may not show ads.",
            commonViolations: [
                "Widget or notifications unrelated to the app",
                "App Clip features missing from the full app",
                "Ads inside an App Clip",
            ]
        ),
        Guideline(
            section: "2.5.17",
            title: "Matter",
            summary: "Apps that support Matter must start pairing through Apple's Matter support framework, and any non-Apple Matter components must be certified by the Connectivity Standards Alliance.",
            commonViolations: [
                "Custom Matter pairing flow bypassing Apple's framework",
                "Uncertified third-party Matter stack",
            ]
        ),
        Guideline(
            section: "2.5.18",
            title: "Display advertising",
            summary: "Display ads belong only in the main app, not in extensions, widgets, App Clips, notifications, keyboards or watch apps. Ads must fit the age rating, avoid sensitive-data targeting, be clearly closable, and users must be able to report bad ads.",
            commonViolations: [
                "Ads in a widget, extension, keyboard or App Clip",
                "Interstitials with tiny or hidden close buttons",
                "Ads targeted using health, kids or school data",
                "No way to report an inappropriate ad",
            ]
        ),

        // MARK: - 3 Business

        Guideline(
            section: "3",
            title: "Business",
            summary: "You can monetize in many ways, but the model must be clear to users and reviewers, prices must not be a rip-off, and reviews or rankings must never be manipulated.",
            commonViolations: [
                "Unclear business model with no explanation in review notes",
                "Obviously exploitative pricing",
            ]
        ),
        Guideline(
            section: "3.1",
            title: "Payments",
            summary: "Covers how money moves through the app: in-app purchase for digital goods and features, subscriptions, the specific exceptions where other payment methods are allowed, and cryptocurrency rules.",
            commonViolations: [
                "Selling digital content through an outside payment system",
            ]
        ),
        Guideline(
            section: "3.1.1",
            title: "In-App Purchase",
            summary: "Unlocking features or digital content inside the app must go through Apple's in-app purchase, not license keys, QR codes or crypto. Purchased credits must not expire, restorable items need a restore option, and loot box odds must be shown.",
            commonViolations: [
                "Stripe, PayPal or web checkout for digital content",
                "Unlocking features with license or promo codes sold elsewhere",
                "No Restore Purchases option",
                "Loot boxes without published odds",
                "Buttons or links steering users to outside payment",
            ]
        ),
        Guideline(
            section: "3.1.1(a)",
            title: "Link to Other Purchase Methods",
            summary: "Linking out to buy digital content on your own site needs a specific StoreKit entitlement and is limited to certain storefronts; the rules differ by region and have changed repeatedly, so check the current terms for each storefront you ship in.",
            commonViolations: [
                "External purchase link without the entitlement where one is required",
            ]
        ),
        Guideline(
            section: "3.1.2",
            title: "Subscriptions",
            summary: "Auto-renewing subscriptions must deliver ongoing value, last at least seven days, and work across the user's devices. Before purchase, explain clearly what the subscriber gets and what it costs, and never trick people into subscribing.",
            commonViolations: [
                "Subscription for static, one-time content",
                "Price, period or renewal terms unclear on the paywall",
                "Hidden or hard-to-find trial terms",
                "Removing features existing buyers already paid for",
            ]
        ),
        Guideline(
            section: "3.1.2(a)",
            title: "Permissible uses",
            summary: "Good subscription fits include new content, episodic media, multiplayer, SaaS and cloud services. Users must not have to do extra tasks, like posting or sharing, to get what they paid for.",
            commonViolations: [
                "Requiring social posts or contact uploads to get paid features",
            ]
        ),
        Guideline(
            section: "3.1.2(b)",
            title: "Upgrades and Downgrades",
            summary: "Make plan changes seamless and don't let users accidentally subscribe twice to versions of the same thing.",
            commonViolations: [
                "Subscription groups that allow duplicate overlapping plans",
            ]
        ),
        Guideline(
            section: "3.1.2(c)",
            title: "Subscription Information",
            summary: "Before asking someone to subscribe, clearly describe what they get for the price, such as the amount of content, storage or access level.",
            commonViolations: [
                "Paywall that doesn't say what the subscription includes",
                "Missing links to terms of use and privacy policy",
            ]
        ),
        Guideline(
            section: "3.1.3",
            title: "Other Purchase Methods",
            summary: "Lists the specific cases where payment methods other than in-app purchase are allowed. Outside those exceptions (and some storefront rules) the app still may not nudge users toward outside payment.",
            commonViolations: [
                "Claiming an exception that doesn't fit the product",
                "Calls to action for web purchases inside the app",
            ]
        ),
        Guideline(
            section: "3.1.3(a)",
            title: "Reader Apps",
            summary: "Apps for previously bought magazines, books, audio, music or video may let users access that content and offer free account signup and account management. A linked-out account page needs the relevant entitlement in many regions.",
            commonViolations: [
                "General SaaS claiming to be a reader app",
            ]
        ),
        Guideline(
            section: "3.1.3(b)",
            title: "Multiplatform Services",
            summary: "Content or subscriptions bought on the web or other platforms can be used in the app, as long as the same items are also available as in-app purchases.",
            commonViolations: [
                "Web-only plans that unlock the app with no IAP equivalent",
            ]
        ),
        Guideline(
            section: "3.1.3(c)",
            title: "Enterprise Services",
            summary: "Apps sold directly to organizations for their staff or students may skip in-app purchase; sales to individuals or families must use it.",
            commonViolations: [
                "'Enterprise' tier that any consumer can buy outside IAP",
            ]
        ),
        Guideline(
            section: "3.1.3(d)",
            title: "Person-to-Person Services",
            summary: "Real-time one-on-one services between two people, like tutoring or a personal training session, may use other payment methods. One-to-many live services must use in-app purchase.",
            commonViolations: [
                "Group classes paid outside IAP",
            ]
        ),
        Guideline(
            section: "3.1.3(e)",
            title: "Goods and Services Outside of the App",
            summary: "Physical goods and services used outside the app must be paid with something other than in-app purchase, such as Apple Pay or a card form.",
            commonViolations: [
                "Selling physical products or rides through IAP",
                "Bundling physical goods into an IAP subscription",
            ]
        ),
        Guideline(
            section: "3.1.3(f)",
            title: "Free Stand-alone Apps",
            summary: "A free companion app to a paid web tool (email, cloud storage, hosting and so on) can skip IAP if it has no purchasing and no calls to buy elsewhere.",
            commonViolations: [
                "Companion app that shows upgrade buttons to a web store",
            ]
        ),
        Guideline(
            section: "3.1.3(g)",
            title: "Advertising Management Apps",
            summary: "Apps whose only job is letting advertisers buy and manage ad campaigns across media may skip IAP. Buying promotion shown inside the same app, like post boosts, still needs IAP.",
            commonViolations: [
                "Paid post boosts sold outside IAP",
            ]
        ),
        Guideline(
            section: "3.1.4",
            title: "Hardware-Specific Content",
            summary: "Features that require specific hardware can be unlocked without IAP, and optional extras tied to an approved physical product can too if an IAP option also exists. You can't require buying unrelated products or doing marketing tasks to unlock features.",
            commonViolations: [
                "Requiring a purchase from your store to unlock app features",
                "'Share to unlock' gates",
            ]
        ),
        Guideline(
            section: "3.1.5",
            title: "Cryptocurrencies",
            summary: "Crypto wallets must be published from an organization account, and mining may only happen off the device. Exchanges need licenses in every region they serve; ICOs, crypto futures and similar products must come from licensed financial institutions; and no crypto rewards for tasks.",
            commonViolations: [
                "Wallet app published from an individual developer account",
                "Mining cryptocurrency on the device",
                "Exchange features in regions without a license",
                "Token sales or ICOs from an unlicensed company",
                "Paying crypto for downloads, referrals or social posts",
            ]
        ),
        Guideline(
            section: "3.1.6",
            title: "Apple Pay",
            summary: "Older guideline versions kept the Apple Pay rules here; recent revisions moved them to 4.9. Show all purchase details before payment, use Apple Pay branding correctly, and fully disclose recurring charges.",
            commonViolations: [
                "Price or terms not visible before the Apple Pay sheet",
                "Custom-drawn Apple Pay buttons",
            ]
        ),
        Guideline(
            section: "3.1.7",
            title: "Advertising",
            summary: "Older guideline versions kept display advertising rules here; recent revisions moved them to 2.5.18. Ads stay in the main app, suit the age rating and must be easy to dismiss.",
            commonViolations: [
                "Ads in extensions, widgets or App Clips",
                "Ads unsuitable for the app's age rating",
            ]
        ),
        Guideline(
            section: "3.2",
            title: "Other Business Model Issues",
            summary: "Beyond payments, these lists describe business practices Apple accepts and ones it rejects. They are examples, not an exhaustive list.",
            commonViolations: []
        ),
        Guideline(
            section: "3.2.1",
            title: "Acceptable",
            summary: "Allowed examples include promoting your own apps, curated third-party app recommendations for a specific need, rental content that expires, Wallet passes for payments or tickets, donations via approved nonprofits, and finance apps submitted by licensed institutions.",
            commonViolations: [
                "Trading or banking app not submitted by the licensed institution",
                "Fundraising without approved nonprofit status",
            ]
        ),
        Guideline(
            section: "3.2.2",
            title: "Unacceptable",
            summary: "Not allowed: store-like catalogs of other apps, inflating ad impressions or apps made mostly for ads, in-app charity collection by non-approved entities, binary options, predatory loans, and forcing users to rate, review or download other apps to use features.",
            commonViolations: [
                "Gating features behind ratings, reviews or other downloads",
                "App built mainly to display ads",
                "In-app app store or app catalog",
                "Loan app with APR over 36% or repayment within 60 days",
                "Restricting use arbitrarily by location or carrier",
            ]
        ),

        // MARK: - 4 Design

        Guideline(
            section: "4",
            title: "Design",
            summary: "Apps should be original, useful and well made. Minimal wrappers, clones and spammy duplicates are rejected, and Apple services and extensions must be used as intended.",
            commonViolations: []
        ),
        Guideline(
            section: "4.1",
            title: "Copycats",
            summary: "Build your own app rather than cloning a popular one with small changes. Don't impersonate other apps or services, or use another developer's brand or icon without permission.",
            commonViolations: [
                "Near-copy of a popular app's name or UI",
                "Icon or name imitating another brand",
                "Impersonating an official service",
            ]
        ),
        Guideline(
            section: "4.2",
            title: "Minimum Functionality",
            summary: "An app needs real features and native UI beyond a repackaged website, and must offer lasting utility or entertainment. Single songs, films, books or game guides belong in Apple's media stores instead.",
            commonViolations: [
                "App that is just a WKWebView of a website",
                "Very thin single-purpose app",
                "App that is only a book, PDF or guide",
            ]
        ),
        Guideline(
            section: "4.2.1",
            title: "ARKit experiences",
            summary: "AR apps should offer rich, integrated experiences; dropping a model into the camera view or replaying an animation isn't enough.",
            commonViolations: [
                "AR mode that only places a static 3D model",
            ]
        ),
        Guideline(
            section: "4.2.2",
            title: "Not just marketing or links",
            summary: "Except for catalogs, apps shouldn't mainly be ads, marketing material, web clippings, content aggregators or link lists.",
            commonViolations: [
                "Brochure-style marketing app",
                "App that is a list of links or an RSS feed reader",
            ]
        ),
        Guideline(
            section: "4.2.3",
            title: "Works on its own",
            summary: "The app must function without requiring another app to be installed. If it needs to download extra resources at first launch, disclose the size and ask before downloading.",
            commonViolations: [
                "App useless without a separate companion app",
                "Large silent download on first launch",
            ]
        ),
        Guideline(
            section: "4.2.6",
            title: "Template and app-generator apps",
            summary: "Apps made from commercial templates or app builders are rejected unless the content owner submits them. Builders should let clients make unique apps or host all clients in one 'picker' app.",
            commonViolations: [
                "Agency submitting template apps on behalf of clients",
            ]
        ),
        Guideline(
            section: "4.2.7",
            title: "Remote Desktop Clients",
            summary: "Remote desktop apps that mirror specific software must connect only to the user's own computer or console on a local network, run everything on the host, and not look like a store. Thin clients for cloud apps aren't allowed.",
            commonViolations: [
                "Streaming cloud-hosted apps through a thin client",
                "Store-like browsing of software the user doesn't own",
            ]
        ),
        Guideline(
            section: "4.3",
            title: "Spam",
            summary: "Don't submit many copies of the same app under different bundle IDs, or yet another app in a saturated category without something meaningfully new. Use one app with in-app options instead of per-city or per-team clones.",
            commonViolations: [
                "Many near-identical apps from one template",
                "Separate app per city, team or language",
                "Another plain flashlight, fart or fortune-telling app",
            ]
        ),
        Guideline(
            section: "4.4",
            title: "Extensions",
            summary: "Apps with extensions must follow Apple's extension documentation, include useful functionality like help and settings where possible, and accurately mention the extensions in marketing text. Extensions can't carry ads, marketing or in-app purchases.",
            commonViolations: [
                "Ads or purchases inside an extension",
                "Extension not disclosed in the description",
            ]
        ),
        Guideline(
            section: "4.4.1",
            title: "Keyboard extensions",
            summary: "Custom keyboards must actually provide input, offer a way to switch to the next keyboard, work without full access or network, and collect activity only to improve the keyboard. They can't launch other apps or repurpose keys.",
            commonViolations: [
                "Keyboard that requires Full Access to work",
                "No next-keyboard switch button",
                "Keyboard that opens other apps",
            ]
        ),
        Guideline(
            section: "4.4.2",
            title: "Safari extensions",
            summary: "Safari extensions must run on the current Safari, not interfere with Safari or system UI, contain no malicious or misleading code, and request access only to the sites they need.",
            commonViolations: [
                "Extension requesting access to all websites without need",
            ]
        ),
        Guideline(
            section: "4.5",
            title: "Apple Sites and Services",
            summary: "Rules for using Apple services such as RSS feeds, Apple Music, Game Center, push notifications and emoji. Use them as intended and never to spam, scrape or track users.",
            commonViolations: [
                "Scraping Apple websites or the App Store",
            ]
        ),
        Guideline(
            section: "4.5.1",
            title: "Apple RSS and scraping",
            summary: "You may use approved Apple RSS feeds, but not scrape Apple sites or build rankings from scraped data.",
            commonViolations: [
                "Scraping App Store charts or App Store Connect",
            ]
        ),
        Guideline(
            section: "4.5.2",
            title: "Apple Music",
            summary: "MusicKit playback must be user-started with standard controls, and you can't charge for or otherwise monetize access to Apple Music. Don't download or share Apple Music files, and disclose access to users' music data.",
            commonViolations: [
                "Charging for Apple Music playback features",
                "Downloading or exporting MusicKit audio",
            ]
        ),
        Guideline(
            section: "4.5.3",
            title: "No spam via Apple services",
            summary: "Don't use Game Center, push notifications, Live Activities or other Apple services to spam or phish users, and don't mine Game Center player data.",
            commonViolations: [
                "Unsolicited promotional messages through Apple services",
            ]
        ),
        Guideline(
            section: "4.5.4",
            title: "Push Notifications",
            summary: "The app must work without push notifications, and pushes must not carry sensitive personal data. Marketing pushes need explicit opt-in in the app and an easy opt-out.",
            commonViolations: [
                "App refuses to work until notifications are allowed",
                "Promotional pushes without opt-in consent",
                "Sensitive personal data in notification payloads",
            ]
        ),
        Guideline(
            section: "4.5.5",
            title: "Game Center Player IDs",
            summary: "Use Game Center player IDs only as Game Center's terms allow and never display them in the app or share them with third parties.",
            commonViolations: [
                "Showing or sending Game Center IDs to third parties",
            ]
        ),
        Guideline(
            section: "4.5.6",
            title: "Apple emoji",
            summary: "You may use Unicode characters that render as Apple emoji, but don't embed Apple emoji images in the app or use them on other platforms.",
            commonViolations: [
                "Apple emoji images bundled as assets",
            ]
        ),
        Guideline(
            section: "4.6",
            title: "Alternate App Icons",
            summary: "Apps may offer alternate icons, but changes should be user-initiated and reversible, and icon variants should match the app. Recent revisions list 4.6 as intentionally omitted, so treat it as guidance rather than a current rule.",
            commonViolations: [
                "Changing the app icon without the user asking",
            ]
        ),
        Guideline(
            section: "4.7",
            title: "Mini Apps, Mini Games, Streaming Games, Chatbots, Plug-ins, and Game Emulators",
            summary: "Apps may host software not built into the binary, such as HTML5 mini apps and games, streaming games, chatbots, plug-ins and emulator games. You are responsible for all of it meeting the guidelines and the 4.7.x rules.",
            commonViolations: [
                "Hosted mini apps that break content or payment rules",
                "Unmoderated chatbot output",
            ]
        ),
        Guideline(
            section: "4.7.1",
            title: "Hosted software obligations",
            summary: "Hosted software must follow the privacy rules, provide content filtering, reporting and blocking, and use in-app purchase for digital goods.",
            commonViolations: [
                "Mini games selling items outside IAP",
                "No reporting or blocking for hosted content",
            ]
        ),
        Guideline(
            section: "4.7.2",
            title: "No exposing native APIs",
            summary: "Don't expose native platform APIs or technologies to hosted software without Apple's prior permission.",
            commonViolations: [
                "JavaScript bridge giving mini apps access to native APIs",
            ]
        ),
        Guideline(
            section: "4.7.3",
            title: "Per-item data consent",
            summary: "Don't pass user data or privacy permissions to any hosted software without the user's explicit consent each time.",
            commonViolations: [
                "Sharing location or contacts with mini apps silently",
            ]
        ),
        Guideline(
            section: "4.7.4",
            title: "Software index",
            summary: "Provide an index of the software and metadata available in the app, with universal links to each item.",
            commonViolations: [
                "No browsable index or universal links for hosted titles",
            ]
        ),
        Guideline(
            section: "4.7.5",
            title: "Age restrictions for hosted software",
            summary: "Let users see which hosted software exceeds the app's age rating, and restrict access for underage users based on verified or declared age.",
            commonViolations: [
                "Mature mini games available without an age check",
            ]
        ),
        Guideline(
            section: "4.8",
            title: "Login Services",
            summary: "If the app uses a third-party or social login for the user's main account, it must also offer an equivalent login that limits data to name and email, allows hiding the email, and doesn't track for ads without consent. Sign in with Apple qualifies; some account types are exempt.",
            commonViolations: [
                "Google or Facebook login offered without Sign in with Apple or an equivalent",
                "The equivalent option is hidden or less prominent",
            ]
        ),
        Guideline(
            section: "4.9",
            title: "Apple Pay",
            summary: "Show all material purchase details before an Apple Pay sale and use Apple Pay branding and UI correctly. Recurring payments must state the renewal period, what each period includes, the charges and how to cancel.",
            commonViolations: [
                "Price or terms not shown before the payment sheet",
                "Non-standard Apple Pay button or logo",
                "Recurring charges without cancellation info",
            ]
        ),
        Guideline(
            section: "4.10",
            title: "Monetizing Built-In Capabilities",
            summary: "You can't charge for capabilities the hardware or OS already provides, such as push notifications, the camera or gyroscope, or for Apple services like Apple Music access or iCloud storage.",
            commonViolations: [
                "Paywall on a flashlight, camera or notification feature",
                "Charging for access to iCloud storage",
            ]
        ),

        // MARK: - 5 Legal

        Guideline(
            section: "5",
            title: "Legal",
            summary: "Apps must follow the law everywhere they are offered. This section covers privacy, intellectual property, gambling, VPN and device management apps, and how developers must conduct themselves.",
            commonViolations: []
        ),
        Guideline(
            section: "5.1",
            title: "Privacy",
            summary: "Handle personal data carefully and in line with the law, Apple's developer agreement and user expectations. The 5.1.x items cover collection, sharing, health data, kids and location.",
            commonViolations: [
                "Collecting data the app doesn't need",
                "Privacy disclosures that don't match behavior",
            ]
        ),
        Guideline(
            section: "5.1.1",
            title: "Data Collection and Storage",
            summary: "Have a privacy policy in App Store Connect and inside the app, ask consent before collecting data, collect only what you need, and respect denied permissions. Don't force sign-up for non-account features, and let users delete their account in the app.",
            commonViolations: [
                "No privacy policy link in the app or App Store Connect",
                "Forcing account creation before using basic features",
                "No in-app account deletion",
                "Vague or missing permission purpose strings",
                "Requesting permissions unrelated to the feature",
            ]
        ),
        Guideline(
            section: "5.1.1(i)",
            title: "Privacy Policies",
            summary: "The privacy policy must be linked in App Store Connect and easy to reach in the app. It should say what you collect and how, how it is used, who it is shared with, how long it is kept, and how users can revoke consent or request deletion.",
            commonViolations: [
                "Privacy policy URL broken or not linked in the app",
                "Policy that omits third-party sharing or retention",
            ]
        ),
        Guideline(
            section: "5.1.1(v)",
            title: "Account Sign-In",
            summary: "Only require login when the app truly needs an account, and don't demand personal data that isn't needed. Apps that let users create an account must also let them start account deletion from within the app.",
            commonViolations: [
                "Login wall in front of content not tied to an account",
                "Account deletion only by emailing support",
                "'Delete account' that only signs the user out",
            ]
        ),
        Guideline(
            section: "5.1.2",
            title: "Data Use and Sharing",
            summary: "Get permission before using or sharing personal data, including sending it to third-party AI services, and use App Tracking Transparency before tracking. Don't repurpose data without new consent, and don't use Health, HomeKit or face data for ads.",
            commonViolations: [
                "Tracking or IDFA use without an ATT prompt",
                "App Privacy labels that don't match SDK behavior",
                "Sending user data to third-party AI without disclosure",
                "Requiring tracking or notifications to use the app",
                "Harvesting contacts to build marketing lists",
            ]
        ),
        Guideline(
            section: "5.1.3",
            title: "Health and Health Research",
            summary: "Health and fitness data can't be used for advertising or shared with third parties except to improve health care or research with consent. Don't write false data into HealthKit or store health records in iCloud; research studies need consent and ethics board approval.",
            commonViolations: [
                "Sharing HealthKit data with ad or analytics SDKs",
                "Writing fake or inaccurate data to HealthKit",
                "Health study without informed consent or ethics approval",
            ]
        ),
        Guideline(
            section: "5.1.4",
            title: "Kids",
            summary: "Follow children's privacy laws such as COPPA and GDPR. Ask for birthdates or parental contacts only to comply with them, and apps primarily for kids should avoid third-party ads and analytics. A parental gate is not the same as parental consent.",
            commonViolations: [
                "Third-party analytics or ads in an app aimed at kids",
                "Collecting children's data without parental consent",
                "Age gate that blocks all functionality",
            ]
        ),
        Guideline(
            section: "5.1.5",
            title: "Location Services",
            summary: "Use location only when directly relevant to a feature, explain why in the app, and get consent before collecting or sharing it. Location must not be used for emergency services or autonomous vehicle control, with narrow exceptions.",
            commonViolations: [
                "Requesting Always location without a clear need",
                "Vague location purpose string",
                "Sharing location data without consent",
            ]
        ),
        Guideline(
            section: "5.2",
            title: "Intellectual Property",
            summary: "Only use content you created or have a license for. Infringing apps can be removed, and you can report others who copy your work.",
            commonViolations: [
                "Unlicensed logos, characters, music or images",
            ]
        ),
        Guideline(
            section: "5.2.1",
            title: "Generally",
            summary: "Don't use others' protected material such as trademarks, copyrighted works or patented ideas without permission, and don't use misleading names or metadata. Submit the app as the rights holder or licensee.",
            commonViolations: [
                "Third-party brand name in the app name or keywords",
                "Fan app using copyrighted characters without a license",
            ]
        ),
        Guideline(
            section: "5.2.2",
            title: "Third-Party Sites/Services",
            summary: "If you use, show or monetize content from a third-party service, the service's terms must allow it, and Apple may ask for proof.",
            commonViolations: [
                "Unofficial client scraping another service",
                "No written permission to use a third-party API commercially",
            ]
        ),
        Guideline(
            section: "5.2.3",
            title: "Audio/Video Downloading",
            summary: "Apps must not enable illegal file sharing or let users save, convert or download media from services like YouTube, SoundCloud or Apple Music without explicit authorization.",
            commonViolations: [
                "YouTube or social video downloader",
                "Torrent or file-sharing client for pirated media",
            ]
        ),
        Guideline(
            section: "5.2.4",
            title: "Apple Endorsements",
            summary: "Don't suggest that Apple made, supplies or endorses your app or product.",
            commonViolations: [
                "'Approved by Apple' or fake Editor's Choice badges",
            ]
        ),
        Guideline(
            section: "5.2.5",
            title: "Apple Products",
            summary: "Don't make apps or UI that could be confused with Apple products, interfaces, apps or ad campaigns, and don't misuse Apple music previews, activity rings or WeatherKit data without the required attribution.",
            commonViolations: [
                "UI copying an Apple app like Messages or the App Store",
                "Activity rings imitating Apple's Activity app",
                "WeatherKit data without attribution",
            ]
        ),
        Guideline(
            section: "5.3",
            title: "Gaming, Gambling, and Lotteries",
            summary: "Gambling, contests and lotteries are heavily regulated: check the law in every storefront, and expect extra review time.",
            commonViolations: [
                "Real-money gaming without required licenses",
            ]
        ),
        Guideline(
            section: "5.3.1",
            title: "Developer-sponsored sweepstakes",
            summary: "Sweepstakes and contests must be sponsored by the app's developer.",
            commonViolations: [
                "Third-party contests run through your app",
            ]
        ),
        Guideline(
            section: "5.3.2",
            title: "Official contest rules",
            summary: "Contest and sweepstakes rules must be shown in the app and state clearly that Apple is not a sponsor or involved.",
            commonViolations: [
                "No official rules or no Apple non-sponsorship statement",
            ]
        ),
        Guideline(
            section: "5.3.3",
            title: "No IAP for real-money gaming",
            summary: "In-app purchase may not be used to buy credit or currency for real-money gambling.",
            commonViolations: [
                "Selling betting credits through IAP",
            ]
        ),
        Guideline(
            section: "5.3.4",
            title: "Real-money gaming licensing",
            summary: "Betting, poker, casino, racing and lottery apps need licenses where offered, must be geo-restricted to those places, and must be free to download. Tools that help cheat at gambling, like card counters, aren't allowed.",
            commonViolations: [
                "Paid download for a gambling app",
                "No geo-restriction to licensed regions",
                "Card counting or gambling cheat tools",
            ]
        ),
        Guideline(
            section: "5.4",
            title: "VPN Apps",
            summary: "VPN apps must use NEVPNManager, come from an organization account, and explain what data they collect before use. They may not sell or share user data, and must follow local VPN laws and licensing.",
            commonViolations: [
                "VPN app published from an individual account",
                "No data collection disclosure before use",
                "Sharing or selling user traffic data",
            ]
        ),
        Guideline(
            section: "5.5",
            title: "Mobile Device Management",
            summary: "MDM apps need Apple's approval for the capability and are limited to businesses, schools, government and some parental-control or security providers. They must disclose data use up front and must not sell or share user data.",
            commonViolations: [
                "MDM features without the approved capability",
                "Third-party analytics tracking managed users",
            ]
        ),
        Guideline(
            section: "5.6",
            title: "Developer Code of Conduct",
            summary: "Treat users and Apple with respect and honesty. Manipulating reviews or charts, misleading customers or App Review, and hiding identity can lead to removal from the developer program.",
            commonViolations: [
                "Misleading App Review about how the app works",
                "Bait-and-switch pricing or deceptive marketing",
            ]
        ),
        Guideline(
            section: "5.6.1",
            title: "App Store Reviews",
            summary: "Respond to reviews politely and ask for ratings only through Apple's review prompt API. Custom review prompts are not allowed.",
            commonViolations: [
                "Custom rating popups instead of the system prompt",
                "Rewarding users for positive reviews",
            ]
        ),
        Guideline(
            section: "5.6.2",
            title: "Developer Identity",
            summary: "Keep your developer account information accurate and current so Apple and customers know who they are dealing with.",
            commonViolations: [
                "Submitting under a misleading or false identity",
            ]
        ),
        Guideline(
            section: "5.6.3",
            title: "Discovery Fraud",
            summary: "Don't manipulate charts, search, reviews or referrals through fake downloads, paid installs or similar tricks.",
            commonViolations: [
                "Buying fake installs or reviews",
                "Incentivized downloads to boost rankings",
            ]
        ),
        Guideline(
            section: "5.6.4",
            title: "App Quality",
            summary: "Apple watches for patterns like excessive complaints, refund requests or misleading behavior as signs of poor quality or fraud, and may act on them.",
            commonViolations: [
                "High refund rates from misleading purchases",
            ]
        ),
    ]
}
