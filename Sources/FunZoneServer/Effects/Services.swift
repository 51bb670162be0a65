import Coloring
import DocumentText
import Foundation
import Hub
import Logging
import MailClient
import Prometheus
import Storage

/// Everything the routes need, assembled once at start-up. Effects are injected so tests can
/// move the clock or swap the mailer while still using the real database. The clock, ids and
/// randomness have no defaults: the server passes `.live`, each test its own, so a test cannot
/// silently get the live one.
public struct Services: Sendable {
    public let database: Database
    public let families: FamilyStore
    public let children: ChildStore
    public let sessions: SessionStore
    public let requests: AppRequestStore
    public let purchases: PurchaseStore
    public let hubs: HubStore
    public let spelling: SpellingStore
    public let coloring: ColoringStore
    public let spotcheck: SpotCheckStore
    public let speakUp: SpeakUpStore
    public let mirrorBuddy: MirrorBuddyStore
    /// Seals phones' secrets at rest (SpotCheck).
    public let sealer: SecretSealer
    /// Renders drawings (thumbnails, PNG export) with the colouring pages and stamp pictures.
    public let drawingRenderer: DrawingRenderer
    /// Journal PDFs and score cards: a few at a time, one per family.
    let printing = PrintQueue()
    /// Drawings rendered (thumbnails, exports) share the cores fairly between families.
    let renders = FairShare(name: FairShare.renderWork)
    /// MirrorBuddy's materials from PDFs and photos, read in the background.
    let reading = MaterialReading()
    /// Text from PDFs (poppler) and photos (tesseract), with its limits.
    public var documents = DocumentReader()
    /// What the server notes where no request's logger reaches.
    let log = Logger(label: "funzone")
    public let rateLimits: RateLimitStore
    public let blobs: any BlobStore
    public let registry: AppRegistry
    public let clock: Clock
    /// New rows' ids.
    public let ids: IDGenerator
    /// The chance in play (gate questions, word picks); never secrets.
    public let random: Randomness
    public let hasher: PasswordHasher
    public let payments: any PaymentProvider
    public let mailer: any Mailer
    public let metrics: PrometheusCollectorRegistry
    public let speech: SpeechServices
    /// The optional language model (--llm-url), shared fairly; nil: every feature without it.
    public let model: ModelGate?
    public let options: Options
    /// What `/healthz` reports (checked at most once a second).
    let health: HealthProbe
    /// Whether uploads still fit above the disk reserve.
    let diskRoom: DiskRoom
    /// Each family's storage use against its quota, and how long it keeps what piles up.
    let storage: FamilyStorageStore
    let quota: FamilyQuota
    /// How the family's other devices reach this server: every link handed to a device comes from here.
    public let network: HomeNetwork
    /// Our own certificate authority, when this server serves HTTPS with it (nil with `--tls-cert` or no HTTPS).
    public let authority: HomeAuthority?
    let cache: ReadCache

    /// Stamp pictures, read once from the colour emoji font (nil when the font is not installed:
    /// drawings then render without their stamps).
    static let emojiFont: ColorEmojiFont? = try? ColorEmojiFont()

    /// A signed-in family device stays signed in this long after its last use.
    static let sessionLifetime: TimeInterval = 30 * 24 * 3600

    public struct Options: Sendable {
        /// Allow sign-up of further families (hosting); a home server takes only its first family.
        public var openSignup: Bool
        /// Mark cookies Secure (serve behind HTTPS).
        public var secureCookies: Bool
        /// The reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed (`--trust-proxy`).
        public var trustedProxies: TrustedProxies
        /// Seconds a kid-screen read (session, hub) may be served from memory; 0 turns it off.
        /// Another instance's writes show after at most this long; this instance's at once.
        public var readCacheTTL: TimeInterval
        /// How often the tamper watch looks for phones that stopped checking in.
        public var tamperCheckInterval: TimeInterval
        /// Seconds without a message after which a live SpeakUp recording is closed (a phone locked
        /// mid-take must not hold its decoder until TCP gives up).
        public var liveIdleSeconds: TimeInterval
        /// Connections held at once, per address and in all, and how long a request head and a quiet connection are waited for.
        public var connectionLimits: ConnectionLimits
        /// The folder whose disk `/healthz` watches (the data folder; nil: not watched).
        public var dataFolder: String?
        /// Megabytes of free disk below which `/healthz` reports the disk as low.
        public var diskReserveMB: Int
        /// Megabytes of files and drawings each family may keep (0: no quota).
        public var familyQuotaMB: Int

        public init(openSignup: Bool = false, secureCookies: Bool = false, trustedProxies: TrustedProxies = .none, readCacheTTL: TimeInterval = 1,
                    tamperCheckInterval: TimeInterval = 60, liveIdleSeconds: TimeInterval = 15, connectionLimits: ConnectionLimits = ConnectionLimits(),
                    dataFolder: String? = nil, diskReserveMB: Int = 256, familyQuotaMB: Int = 2048) {
            self.openSignup = openSignup
            self.secureCookies = secureCookies
            self.trustedProxies = trustedProxies
            self.readCacheTTL = readCacheTTL
            self.tamperCheckInterval = tamperCheckInterval
            self.liveIdleSeconds = liveIdleSeconds
            self.connectionLimits = connectionLimits
            self.dataFolder = dataFolder
            self.diskReserveMB = diskReserveMB
            self.familyQuotaMB = familyQuotaMB
        }
    }

    public init(database: Database, blobs: any BlobStore, registry: AppRegistry, clock: Clock, ids: IDGenerator, random: Randomness,
                hasher: PasswordHasher = PasswordHasher(), payments: any PaymentProvider = LocalPaymentProvider(),
                mailer: any Mailer = DisabledMailer(), metrics: PrometheusCollectorRegistry = PrometheusCollectorRegistry(),
                speech: SpeechServices = SpeechServices(), sealer: SecretSealer = .ephemeral(), options: Options = Options(),
                network: HomeNetwork = .none, authority: HomeAuthority? = nil, model: ModelGate? = nil) {
        self.database = database
        self.families = FamilyStore(database: database)
        self.children = ChildStore(database: database)
        self.sessions = SessionStore(database: database)
        self.requests = AppRequestStore(database: database)
        self.purchases = PurchaseStore(database: database)
        self.hubs = HubStore(database: database)
        self.spelling = SpellingStore(database: database)
        self.coloring = ColoringStore(database: database)
        self.spotcheck = SpotCheckStore(database: database)
        self.speakUp = SpeakUpStore(database: database)
        self.mirrorBuddy = MirrorBuddyStore(database: database)
        self.sealer = sealer
        self.drawingRenderer = DrawingRenderer(stamps: Self.emojiFont, outlines: PageCatalog.outlines)
        self.rateLimits = RateLimitStore(database: database)
        self.blobs = blobs
        self.registry = registry
        self.clock = clock
        self.ids = ids
        self.random = random
        self.hasher = hasher
        self.payments = payments
        self.mailer = mailer
        self.metrics = metrics
        self.speech = speech
        self.model = model
        self.options = options
        self.network = network
        self.authority = authority
        self.cache = ReadCache(ttl: options.readCacheTTL)
        let instance = "\(ProcessInfo.processInfo.hostName)-\(ProcessInfo.processInfo.processIdentifier)"
        self.health = HealthProbe(database: database, clock: clock, instance: instance, dataFolder: options.dataFolder, reserveMB: options.diskReserveMB)
        self.diskRoom = DiskRoom(folder: options.dataFolder, reserveMB: options.diskReserveMB)
        self.storage = FamilyStorageStore(database: database)
        self.quota = FamilyQuota(store: storage, quotaMB: options.familyQuotaMB)
    }
}
