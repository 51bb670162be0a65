import ArgumentParser
import Foundation
import FunZoneServer
import Hub
import Logging
import MailClient
import Speech
import Storage

@main
struct FunZoneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "funzone",
        abstract: "Kids Fun Zone: a self-hosted family learning suite.",
        subcommands: [Serve.self, Migrate.self, CreateParent.self, ResetPassword.self, Backup.self, Restore.self, Export.self, SpeakUpCommand.self, MirrorBuddyCommand.self],
        defaultSubcommand: Serve.self)
}

/// Where the data lives: shared by every subcommand.
struct StorageOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: "Folder for the SQLite file and recordings (env FUNZONE_DATA; default ./data).")
    var dataDir: String?

    @Option(name: .customLong("database-url"),
            help: "postgres://user:password@host:port/db to use PostgreSQL instead of SQLite (env DATABASE_URL).")
    var databaseURL: String?

    @Flag(name: .customLong("durable"), help: ArgumentHelp(
        "SQLite: flush the disk at every commit (synchronous=FULL), so a power cut loses no acknowledged write. Without it a power cut may lose the writes since SQLite's last checkpoint (up to about 4 MB of changes; a crash of the server alone loses none); the database stays whole either way (env FUNZONE_DURABLE=1)."))
    var durable = false

    var isDurable: Bool { durable || ProcessInfo.processInfo.environment["FUNZONE_DURABLE"] == "1" }

    var resolvedDataDir: String {
        dataDir ?? ProcessInfo.processInfo.environment["FUNZONE_DATA"] ?? "data"
    }

    /// Opens the database, runs `body`, and closes it whether `body` succeeds or throws.
    func withDatabase<R>(logger: Logger = Logger(label: "funzone"), _ body: (Database) async throws -> R) async throws -> R {
        try await openDatabase(logger: logger).closing(body)
    }

    /// Opens the database. Everything written under the data folder from here on is private
    /// (0600 files in 0700 folders), and a folder made before that rule is tightened first.
    /// The PostgreSQL address asked for, or nil for the SQLite file in the data folder.
    var postgresURL: String? {
        (databaseURL ?? ProcessInfo.processInfo.environment["DATABASE_URL"]).flatMap { $0.isEmpty ? nil : $0 }
    }

    func openDatabase(logger: Logger) async throws -> Database {
        DataFolder.keepPrivate()
        if let url = postgresURL {
            return try await Database.postgres(url: url, logger: logger)
        }
        try prepareDataFolder(logger: logger)
        return try await SQLiteFileCheck.open(path: "\(resolvedDataDir)/funzone.sqlite", dataFolder: resolvedDataDir, durable: isDurable, logger: logger)
    }

    /// Makes the data folder, private, and tightens one an older version made (0644 files in 0755 folders).
    func prepareDataFolder(logger: Logger) throws {
        let tightened = try DataFolder.prepare(resolvedDataDir)
        if tightened > 0 {
            logger.notice("the data folder is now private to this user", metadata: ["entries": "\(tightened)", "folder": "\(resolvedDataDir)"])
        }
    }
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the web server (migrates the database first).")

    @OptionGroup var storage: StorageOptions
    @Option(help: "Address to listen on (0.0.0.0: this machine and the home network; 127.0.0.1: this machine only).") var host = "0.0.0.0"
    @Option(help: "Port for plain HTTP (env PORT). This machine uses it as is; other devices are sent to HTTPS.") var port: Int?
    @Option(name: .customLong("https-port"), help: "Port for HTTPS, which tablets and phones use (env FUNZONE_HTTPS_PORT).") var httpsPort: Int?
    @Flag(name: .customLong("no-https"), help: "Serve no HTTPS (behind a reverse proxy that does, or on this machine only).") var noHTTPS = false
    @Option(name: .customLong("tls-cert"), help: ArgumentHelp(
        "A certificate (PEM, with its chain) to serve HTTPS with instead of the one made from our own home authority.", valueName: "path"))
    var tlsCert: String?
    @Option(name: .customLong("tls-key"), help: ArgumentHelp("The private key (PEM) of --tls-cert.", valueName: "path")) var tlsKey: String?
    @Option(name: .customLong("public-url"), help: ArgumentHelp(
        "The address other devices open, when a reverse proxy or a name of your own serves it, e.g. https://fun.example.org (env FUNZONE_PUBLIC_URL). Links, QR codes and the phones' settings use it.",
        valueName: "url"))
    var publicURL: String?
    @Option(name: .customLong("web-root"), help: "Folder with the web client (env FUNZONE_WEB; default ./Web).") var webRoot: String?
    @Option(name: .customLong("smtp-url"), help: "smtp[s]://[user:pass@]host[:port]?from=address[&ca=file][&tls=optional] to e-mail parents: STARTTLS or smtps; nothing crosses a network unencrypted unless tls=optional, the password never (env FUNZONE_SMTP_URL).")
    var smtpURL: String?
    @Flag(name: .customLong("open-signup"), help: "Let more than one family sign up (hosting).") var openSignup = false
    @Flag(name: .customLong("secure-cookies"), help: "Mark cookies Secure (when served over HTTPS).") var secureCookies = false
    @Option(name: .customLong("trust-proxy"), help: ArgumentHelp(
        "Behind a reverse proxy: its addresses or ranges, e.g. 127.0.0.1 or 10.0.0.0/8,fd00::/8. Only its connections may say who the client is (the rightmost X-Forwarded-For entry that is not one of them) and whether it came by HTTPS (X-Forwarded-Proto), and they are not sent to HTTPS.",
        valueName: "addresses"))
    var trustProxy: String?
    @Option(name: .customLong("max-connections"), help: ArgumentHelp(
        "Connections held open at once from all addresses (default 4,096, or fewer to stay 264 below ulimit -n, 16 at least); 127.0.0.1 has 8 more for /healthz.", valueName: "n"))
    var maxConnections: Int?
    @Option(name: .customLong("max-connections-per-address"), help: ArgumentHelp(
        "Connections one address may hold open at once (a --trust-proxy proxy's are not counted per address).", valueName: "n"))
    var maxConnectionsPerAddress = 64
    @Option(name: .customLong("header-timeout"), help: ArgumentHelp(
        "Seconds a request's address and headers may take to arrive: from the connection opening, or on a kept-alive connection from their first byte.", valueName: "seconds"))
    var headerTimeout: Double = 10
    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp(
        "Seconds a kept-alive connection may sit quiet between requests before it is closed; past them a request body must have come at 1 KB/s on average.", valueName: "seconds"))
    var idleTimeout: Double = 30
    @Option(name: .customLong("disk-reserve-mb"), help: ArgumentHelp(
        "Megabytes of free disk under the data folder below which new uploads are refused (507 disk_full; reads and sign-in go on) and /healthz answers 503 with the disk \"low\".", valueName: "MB"))
    var diskReserveMB = 256
    @Option(name: .customLong("family-quota-mb"), help: ArgumentHelp(
        "Megabytes of recordings, photos, PDFs, drawings, spoken requests and phone reports each family may keep; past it new uploads get 507 storage_quota_full and the parent area shows what to delete (0: no quota).",
        valueName: "MB"))
    var familyQuotaMB = 2048
    @Option(name: .customLong("bcrypt-cost"), help: "bcrypt cost for new passwords (10–16).") var bcryptCost: UInt8 = 12
    @Option(name: .customLong("read-cache-ttl"),
            help: "Seconds kid-screen reads may come from memory (0: off). Other instances' writes show within this time.")
    var readCacheTTL: Double = 1
    @Option(name: .customLong("speech-cache-mb"), help: "Megabytes of spoken audio kept on disk (least recently used go first).")
    var speechCacheMB = 64
    @Option(name: .customLong("recognizer-url"), help: ArgumentHelp(
        "An OpenAI-compatible transcription service for free speech, e.g. a whisper.cpp server (env FUNZONE_RECOGNIZER_URL; its key in FUNZONE_RECOGNIZER_KEY). Grammars and spelling stay on pocketsphinx.",
        valueName: "url"))
    var recognizerURL: String?
    @Option(name: .customLong("recognizer-model"), help: "The model name sent to --recognizer-url.") var recognizerModel = "whisper-1"
    @Option(name: .customLong("llm-url"), help: ArgumentHelp(
        "An optional OpenAI-compatible chat model (/v1/chat/completions), e.g. a llama.cpp server or Ollama at http://127.0.0.1:11434 (env FUNZONE_LLM_URL; its key in FUNZONE_LLM_KEY). MirrorBuddy's coach words its answers with it, from the student's own notes only; everything works without it.",
        valueName: "url"))
    var llmURL: String?
    @Option(name: .customLong("llm-model"), help: "The model name sent to --llm-url (env FUNZONE_LLM_MODEL; default llama3.2).") var llmModel: String?
    @Option(name: .customLong("llm-timeout"), help: "Seconds (1-300) to wait for the model before answering without it.") var llmTimeout: Double = 20
    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error.") var logLevel = "info"
    @Option(name: .customLong("tamper-check-interval"), help: "Seconds between SpotCheck's looks for phones that stopped checking in.")
    var tamperCheckInterval: Double = 60
    @Option(name: .customLong("secret-key-file"), help: ArgumentHelp(
        "Key that seals SpotCheck phones' secrets at rest (made on first run; env FUNZONE_SECRET_KEY overrides; share it between instances).",
        valueName: "path"))
    var secretKeyFile: String?
    @Option(name: .customLong("letter-templates"), help: ArgumentHelp(
        "File that keeps spelling by voice's letter templates (made from espeak-ng on first run, about half a minute; default <data-dir>/letter-templates-v2.bin).",
        valueName: "path"))
    var letterTemplates: String?
    /// Browser tests move the server's clock (SpotCheck's tamper warning after 2 h) by writing seconds to this file.
    @Option(name: .customLong("test-clock-offset-file"), help: .hidden) var testClockOffsetFile: String?

    func run() async throws {
        var logger = Logger(label: "funzone")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        guard (10...16).contains(bcryptCost) else { throw ValidationError("--bcrypt-cost must be 10 to 16.") }
        guard tamperCheckInterval >= 0.1 else { throw ValidationError("--tamper-check-interval must be at least 0.1 seconds.") }
        _ = try connectionLimits()
        _ = try trustedProxies()
        guard diskReserveMB >= 0 else { throw ValidationError("--disk-reserve-mb must be 0 or more.") }
        guard familyQuotaMB >= 0 else { throw ValidationError("--family-quota-mb must be 0 (no quota) or more.") }
        let webRoot = self.webRoot ?? ProcessInfo.processInfo.environment["FUNZONE_WEB"] ?? "Web"
        guard FileManager.default.fileExists(atPath: "\(webRoot)/index.html") else {
            throw ValidationError("No web client at \(webRoot)/index.html: run from the repository root or pass --web-root.")
        }
        var mailer: any Mailer = DisabledMailer()
        if let smtp = smtpURL ?? ProcessInfo.processInfo.environment["FUNZONE_SMTP_URL"], !smtp.isEmpty {
            mailer = MailOutbox(mailer: SMTPMailer(configuration: try SMTPConfiguration(url: smtp)), logger: logger)
        }
        try await storage.withDatabase(logger: logger) { database in
            // Keys, the HTTPS authority and the speech cache live in the data folder whichever database
            // holds the rows (recordings and pictures too on SQLite; PostgreSQL keeps those itself).
            if storage.postgresURL != nil { try storage.prepareDataFolder(logger: logger) }
            let applied = try await Migrations.run(on: database, now: Clock.live.now())
            if !applied.isEmpty { logger.info("database migrated", metadata: ["applied": "\(applied.map(\.version))"]) }
            try await serve(database: database, mailer: mailer, webRoot: webRoot, logger: logger)
        }
    }

    /// The proxies of --trust-proxy, checked.
    private func trustedProxies() throws -> TrustedProxies {
        guard let trustProxy else { return .none }
        do { return try TrustedProxies(parsing: trustProxy) } catch { throw ValidationError("\(error)") }
    }

    /// The connection limits asked for, checked (the total against ulimit -n).
    private func connectionLimits() throws -> ConnectionLimits {
        guard maxConnectionsPerAddress >= 1 else { throw ValidationError("--max-connections-per-address must be at least 1.") }
        guard (0.5...600).contains(headerTimeout) else { throw ValidationError("--header-timeout must be 0.5 to 600 seconds.") }
        guard (1...3600).contains(idleTimeout) else { throw ValidationError("--idle-timeout must be 1 to 3600 seconds.") }
        var total = ConnectionLimits.defaultTotal()
        if let maxConnections {
            switch ConnectionLimits.checkedTotal(maxConnections) {
            case .success(let asked): total = asked
            case .failure(let error): throw ValidationError(error.message)
            }
        }
        return ConnectionLimits(perAddress: maxConnectionsPerAddress, total: total, headSeconds: headerTimeout, idleSeconds: idleTimeout)
    }

    private func serve(database: Database, mailer: any Mailer, webRoot: String, logger: Logger) async throws {
        // Spelling by voice compares letters with templates made from espeak-ng once (about half a
        // minute) and kept in the data folder; they are made now, not when the first child spells.
        // A child who spells before they are ready waits 3 s at most, then is told to type instead.
        let speller = PocketSphinxRecognizer(letterTemplates: URL(fileURLWithPath: letterTemplates ?? "\(storage.resolvedDataDir)/letter-templates-v2.bin"),
                                             spellingPatience: .seconds(3))
        Task {
            do { try await speller.prepareSpelling() } catch { logger.warning("spelling by voice is unavailable: \(error)") }
        }
        let port = self.port ?? ProcessInfo.processInfo.environment["PORT"].flatMap(Int.init) ?? 8080
        let (network, https) = try homeNetwork(port: port, logger: logger)
        let clock = testClockOffsetFile.map { OffsetClock(file: $0).clock } ?? .live
        let services = Services(
            database: database, blobs: try storage.blobStore(database: database),
            registry: AppRegistry(installed: FunZoneApp.installedApps(webRoot: webRoot)),
            clock: clock, ids: .live, random: .live,
            hasher: PasswordHasher(cost: bcryptCost), mailer: mailer,
            speech: SpeechServices(recognizer: try recognizer(), speaker: SpeechSpeaker(cache: try SpeechCache(
                directory: URL(fileURLWithPath: storage.resolvedDataDir).appendingPathComponent("speech-cache"),
                maximumBytes: speechCacheMB * 1024 * 1024, now: clock.now)), speller: speller),
            sealer: try SecretSealer.load(environment: ProcessInfo.processInfo.environment,
                                          file: URL(fileURLWithPath: secretKeyFile ?? "\(storage.resolvedDataDir)/secret.key")),
            options: .init(openSignup: openSignup, secureCookies: secureCookies, trustedProxies: try trustedProxies(),
                           readCacheTTL: max(0, readCacheTTL), tamperCheckInterval: tamperCheckInterval,
                           connectionLimits: try connectionLimits(), dataFolder: storage.resolvedDataDir, diskReserveMB: diskReserveMB,
                           familyQuotaMB: familyQuotaMB),
            network: network, authority: https?.authority, model: try languageModel())
        if let model = services.model?.model { logger.notice("MirrorBuddy's coach words its answers with \(model.name)") }
        if let remote = try recognizer() as? OpenAITranscriptionRecognizer {
            logger.notice("free speech is recognised by \(remote.endpoint.absoluteString) (model \(remote.model))")
        }
        if try await services.families.familyCount() == 0 {
            logger.notice("""
                First run: open http://127.0.0.1:\(port) on this machine to create your family, \
                or run `funzone create-parent --email you@example.org --family "Our Family"`.
                """)
        }
        logger.notice("Tablets and phones at home: open \(network.setupURL) (the parent area's \"Tablets & phones\" tab shows a QR code).")
        let server = try FunZoneApp.buildServer(services: services, webRoot: webRoot, host: host, port: port,
                                                https: https.map { (port: $0.port, configuration: $0.setup.configuration) }, logger: logger)
        let deadline = ShutdownDeadline.arm(logger: logger)
        try await server.run()
        await services.healthSettled()
        deadline.disarm()
    }
}

extension Serve {
    /// The optional chat model of --llm-url / FUNZONE_LLM_URL.
    func languageModel() throws -> ModelGate? {
        let environment = ProcessInfo.processInfo.environment
        guard let text = (llmURL ?? environment["FUNZONE_LLM_URL"]).flatMap({ $0.isEmpty ? nil : $0 }) else { return nil }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host?.isEmpty == false else {
            throw ValidationError("--llm-url must be an http(s) address, e.g. http://127.0.0.1:11434")
        }
        guard (1...300).contains(llmTimeout) else { throw ValidationError("--llm-timeout must be 1 to 300 seconds.") }
        let key = environment["FUNZONE_LLM_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        return ModelGate(model: OpenAIChatModel(baseURL: url, model: llmModel ?? environment["FUNZONE_LLM_MODEL"] ?? "llama3.2", apiKey: key,
                                                timeout: llmTimeout))
    }

    /// Where the other devices find us, and the HTTPS listener (nil with --no-https).
    func homeNetwork(port: Int, logger: Logger) throws -> (HomeNetwork, (port: Int, setup: HTTPSSetup, authority: HomeAuthority?)?) {
        let environment = ProcessInfo.processInfo.environment
        let publicURL = (self.publicURL ?? environment["FUNZONE_PUBLIC_URL"]).flatMap { $0.isEmpty ? nil : $0 }
        if let publicURL {
            guard let url = URL(string: publicURL), ["http", "https"].contains(url.scheme ?? ""), let host = url.host, !host.isEmpty else {
                throw ValidationError("--public-url must be an http(s) address, e.g. https://fun.example.org.")
            }
            guard !HomeNetwork.isLoopbackHost(host) else {
                throw ValidationError("--public-url must be an address other devices can reach, not \(host).")
            }
        }
        guard (tlsCert == nil) == (tlsKey == nil) else { throw ValidationError("--tls-cert and --tls-key go together.") }
        let httpsPort = self.httpsPort ?? environment["FUNZONE_HTTPS_PORT"].flatMap(Int.init) ?? 8443
        guard noHTTPS || (1...65535).contains(httpsPort) && httpsPort != port else {
            throw ValidationError("--https-port must be a port from 1 to 65535 other than --port.")
        }
        let network = HomeNetwork.discover(publicURL: publicURL, httpsPort: noHTTPS ? nil : httpsPort, httpPort: port)
        guard !noHTTPS else { return (network, nil) }
        let setup: HTTPSSetup
        if let tlsCert, let tlsKey {
            do { setup = try HTTPSSetup.files(certificate: tlsCert, key: tlsKey) } catch {
                throw ValidationError("Could not read --tls-cert/--tls-key as PEM: \(error)")
            }
        } else {
            setup = try HTTPSSetup.homeAuthority(directory: URL(fileURLWithPath: storage.resolvedDataDir).appendingPathComponent("tls"), network: network, now: Clock.live.now())
        }
        return (network, (port: httpsPort, setup: setup, authority: setup.authority))
    }

    /// pocketsphinx, or a remote service for free speech with pocketsphinx for grammars.
    func recognizer() throws -> any SpeechRecognizer {
        let environment = ProcessInfo.processInfo.environment
        guard let address = recognizerURL ?? environment["FUNZONE_RECOGNIZER_URL"], !address.isEmpty else { return Self.local }
        guard let url = URL(string: address), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            throw ValidationError("--recognizer-url must be an http(s) address, e.g. http://127.0.0.1:8178.")
        }
        return OpenAITranscriptionRecognizer(baseURL: url, model: recognizerModel, apiKey: environment["FUNZONE_RECOGNIZER_KEY"],
                                             constrained: Self.local)
    }

    private static let local = PocketSphinxRecognizer()
}

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Apply database migrations and exit.")
    @OptionGroup var storage: StorageOptions

    func run() async throws {
        let applied = try await storage.withDatabase { try await Migrations.run(on: $0, now: Clock.live.now()) }
        print(applied.isEmpty ? "Database is up to date." : "Applied: " + applied.map { "\($0.version) \($0.name)" }.joined(separator: ", "))
    }
}

/// Reads a password from FUNZONE_PASSWORD or, interactively, from the terminal without echo.
func readPassword(prompt: String) throws -> String {
    if let password = ProcessInfo.processInfo.environment["FUNZONE_PASSWORD"] { return password }
    guard let password = getpass(prompt).map({ String(cString: $0) }) else { throw ValidationError("No password given.") }
    return password
}

struct CreateParent: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create-parent",
        abstract: "Create the family and its first parent (or add a parent to the only family).",
        discussion: "The password is read from the terminal, or from FUNZONE_PASSWORD.")
    @OptionGroup var storage: StorageOptions
    @Option(help: "The parent's e-mail address (their sign-in).") var email: String
    @Option(help: "The parent's name.") var name = "Parent"
    @Option(help: "The family's name, when creating the family.") var family = "Our Family"

    func run() async throws {
        let email = try Account.normalizedEmail(self.email)
        let name = try Account.validatedName(self.name)
        let familyName = try Account.validatedName(family)
        let password = try readPassword(prompt: "Password for \(email): ")
        try Account.validatePassword(password)
        try await storage.withDatabase { database in
            _ = try await Migrations.run(on: database, now: Clock.live.now())
            let store = FamilyStore(database: database)
            guard try await store.familyCount() == 0 else {
                throw ValidationError("A family already exists: add parents with an invite code from the parent area.")
            }
            let familyId: FamilyID = IDGenerator.live.make()
            try await store.createFamily(id: familyId, name: familyName, parent: ParentAccount(
                id: IDGenerator.live.make(), familyId: familyId, email: email, name: name,
                passwordHash: try await PasswordHasher().hash(password), createdAt: Date()))
        }
        print("Created the family \"\(familyName)\" with parent \(email). Open the app and sign in.")
    }
}

struct ResetPassword: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset-password",
        abstract: "Set a new password for a parent and sign them out everywhere.",
        discussion: "The password is read from the terminal, or from FUNZONE_PASSWORD.")
    @OptionGroup var storage: StorageOptions
    @Option(help: "The parent's e-mail address.") var email: String

    func run() async throws {
        let email = try Account.normalizedEmail(self.email)
        try await storage.withDatabase { database in
            let store = FamilyStore(database: database)
            guard let parent = try await store.parent(email: email) else { throw ValidationError("No parent with the e-mail \(email).") }
            let password = try readPassword(prompt: "New password for \(parent.email): ")
            try Account.validatePassword(password)
            try await store.setPassword(parentId: parent.id, hash: try await PasswordHasher().hash(password))
        }
        print("Password changed for \(email); their devices must sign in again.")
    }
}

/// Readable messages for the rule errors the commands can hit.
extension HubError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .invalidEmail: "That is not a valid e-mail address."
        case .weakPassword(let minimum): "Use a password of \(minimum) to 72 characters."
        case .invalidName(let name): "\"\(name)\" is not a valid name (1 to 40 characters)."
        default: String(describing: self)
        }
    }
}
