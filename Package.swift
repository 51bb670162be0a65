// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "KidsFunZone",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "funzone", targets: ["funzone"]),
        .executable(name: "greenlight", targets: ["greenlight"]),
        .library(name: "Greenlight", targets: ["Greenlight"]),
        .library(name: "Hub", targets: ["Hub"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/async-kit.git", from: "1.22.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // Domain: pure Swift, Foundation only.
        .target(name: "TextRules"),
        .target(name: "Hub", dependencies: ["TextRules"]),
        // Signal loops (resampling, pitch by autocorrelation) run 30-100x slower unoptimised: debug
        // builds optimise them too, so the browser tests analyse a take as fast as a family's server.
        .target(name: "Audio", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),

        // Speech: pocketsphinx in-process, espeak-ng and flite voices.
        .systemLibrary(name: "CPocketSphinx", pkgConfig: "pocketsphinx", providers: [.apt(["libpocketsphinx-dev"])]),
        // Spellflare's rules: word bank, levels, sessions, progress merging, spaced repetition.
        .target(name: "Spelling", dependencies: ["TextRules"]),
        // Coloring Fun: drawings as actions, undo/redo, brushes, shapes, flood fill, rendering and PNG.
        .systemLibrary(name: "SystemZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "Coloring", dependencies: ["SystemZlib"]),
        // MirrorBuddy's rules: subjects, tasks and their sections, the one XP / level / streak / badge / quest
        // system, and text for reading (sentences, words, Italian syllables).
        .target(name: "Study", dependencies: ["CStemmer", "TextRules"]),
        // SpotCheck's rules: quiet hours, device status, pairing codes, request signatures, Shortcut reports.
        .target(name: "SpotCheck", dependencies: ["TextRules", .product(name: "Crypto", package: "swift-crypto")]),
        // Running a program (never a shell) with a time limit, off Swift's cooperative threads.
        .target(name: "Programs"),
        // Text from PDFs (poppler's pdfinfo, pdftotext, pdftoppm) and photos of pages (tesseract), as programs.
        .target(name: "DocumentText", dependencies: ["Programs"]),
        .target(name: "Speech", dependencies: [
            "Audio", "CPocketSphinx", "Programs", "TextRules",
            .product(name: "Crypto", package: "swift-crypto"),
        ], swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // SpeakUp's coach: every metric, score and tip of a spoken take, and the prompts. Debian's
        // Snowball stemmer (libstemmer-dev, no pkg-config file: the module map links it) stems content words.
        .systemLibrary(name: "CStemmer", providers: [.apt(["libstemmer-dev"])]),
        .target(name: "SpeechCoach", dependencies: ["CStemmer", "TextRules"], resources: [.copy("Resources/prompts.json")],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),

        // Printing: SpeakUp's journal PDF and score card PNG, drawn with Debian's cairo and laid out with pango.
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        .target(name: "Printing", dependencies: ["CPangoCairo", "SpeechCoach"]),

        // Effects behind small clients. Storage keeps the domain's values (an adapter depends on
        // the domain it stores; the domain modules never import Storage).
        .target(name: "Storage", dependencies: [
            "Hub", "SpotCheck", "Spelling", "SpeechCoach", "Study",
            .product(name: "AsyncKit", package: "async-kit"),
            .product(name: "SQLKit", package: "sql-kit"),
            .product(name: "SQLiteKit", package: "sqlite-kit"),
            .product(name: "PostgresKit", package: "postgres-kit"),
            .product(name: "Logging", package: "swift-log"),
            // Backups and a family's export are zip files (funzone backup / restore / export).
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]),
        .target(name: "MailClient", dependencies: [
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // HTTP server: one controller per app.
        .target(name: "FunZoneServer", dependencies: [
            "Hub", "Audio", "Speech", "Spelling", "Coloring", "SpotCheck", "SpeechCoach", "Study", "Storage", "MailClient", "Printing", "DocumentText",
            "TextRules", "Programs",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTLS", package: "hummingbird"),
            .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            // SpeakUp's live recording: the page streams its audio, the server answers with counts.
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "NIOWebSocket", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            // The home network's HTTPS: our own certificate authority and server certificate.
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
        ], resources: [.copy("Resources/openapi.yaml")]),
        .executableTarget(name: "funzone", dependencies: [
            "FunZoneServer", "Storage", "Speech", "Audio", "SpeechCoach", "Study", "DocumentText",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Greenlight: the App Store pre-submission scanner (independent of the server).
        .target(name: "Greenlight", dependencies: [
            .product(name: "Yams", package: "Yams"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]),
        .executableTarget(name: "greenlight", dependencies: [
            "Greenlight",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Benchmarks/ColoringBench: flood fill and rendering figures (swift run -c release coloring-bench).
        .executableTarget(name: "coloring-bench", dependencies: ["Coloring"], path: "Benchmarks/ColoringBench"),
        // Benchmarks/PrintBench: the journal PDF and score card figures (swift run -c release print-bench).
        .executableTarget(name: "print-bench", dependencies: ["Printing", "SpeechCoach"], path: "Benchmarks/PrintBench"),
        // Benchmarks/StudyBench: FSRS's time per review against py-fsrs (python3 Benchmarks/mirrorbuddy-fsrs.py).
        .executableTarget(name: "study-bench", dependencies: ["Study"], path: "Benchmarks/StudyBench"),
        // Benchmarks/StorageBench: what durable writes cost and keep through kill -9 (swift run -c release storage-bench cost|crash).
        .executableTarget(name: "storage-bench", dependencies: ["Storage", .product(name: "Logging", package: "swift-log"),
                                                                .product(name: "SQLKit", package: "sql-kit")], path: "Benchmarks/StorageBench"),
        .executableTarget(name: "coach-bench", dependencies: ["Study", "Storage", .product(name: "Logging", package: "swift-log"),
                                                              .product(name: "SQLKit", package: "sql-kit")], path: "Benchmarks/CoachBench"),

        // Test doubles (scripted speech engines, a mailer that keeps what it sends): tests only, never
        // linked into the server or the CLI.
        .target(name: "TestSupport", dependencies: ["Speech", "Audio", "MailClient"]),

        .testTarget(name: "HubTests", dependencies: ["Hub", "TextRules"]),
        .testTarget(name: "GreenlightTests", dependencies: [
            "Greenlight", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ], exclude: ["Fixtures"]),
        .testTarget(name: "AudioTests", dependencies: ["Audio"]),
        .testTarget(name: "SpeechCoachTests", dependencies: ["SpeechCoach"]),
        .testTarget(name: "StudyTests", dependencies: ["Study", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "DocumentTextTests", dependencies: ["DocumentText"]),
        .testTarget(name: "PrintingTests", dependencies: ["Printing", "SpeechCoach", "TestSupport"]),
        .testTarget(name: "SpellingTests", dependencies: [
            "Spelling",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "ColoringTests", dependencies: [
            "Coloring",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "SpotCheckTests", dependencies: [
            "SpotCheck",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "SpeechTests", dependencies: [
            "Speech", "Audio", "Programs", "TestSupport",
            // A seeded generator for repeatable test audio.
            .product(name: "PropertyBased", package: "swift-property-based"),
            // A small OpenAI-compatible transcription server for the remote recogniser's tests.
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
        ], exclude: ["Fixtures"]),
        .testTarget(name: "MailClientTests", dependencies: [
            "MailClient",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
        ]),
        .testTarget(name: "FunZoneServerTests", dependencies: [
            "FunZoneServer", "Hub", "Storage", "MailClient", "Speech", "Audio", "Spelling", "Coloring", "SpotCheck", "TestSupport", "Programs", "Study",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            .product(name: "NIOWebSocket", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Yams", package: "Yams"),
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]),
    ]
)
