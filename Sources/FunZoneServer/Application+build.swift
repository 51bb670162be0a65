import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOSSL
import ServiceLifecycle

/// Assembles the HTTP application: middleware, one controller per area, static files.
public enum FunZoneApp {
    /// The router with every route; also what the OpenAPI test reads.
    public static func buildRouter(services: Services, webRoot: String, logger: Logger = Logger(label: "funzone")) -> Router<AppRequestContext> {
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: PrometheusMetricsMiddleware(registry: services.metrics))
        router.add(middleware: SecurityHeadersMiddleware(network: services.network))
        router.add(middleware: ErrorMiddleware(clock: services.clock))
        router.add(middleware: ControlCharacterPaths())
        let known = MethodNotAllowed.Routes()
        router.add(middleware: MethodNotAllowed(routes: known))
        router.add(middleware: FileMiddleware(webRoot, cacheControl: .init([(MediaType(type: .any), [.noCache])]), searchForIndexHtml: true))
        router.add(middleware: SessionMiddleware(services: services))
        router.add(middleware: WorkOwnerMiddleware(services: services))

        SystemController(services: services, openAPIDocument: ByteBuffer(string: OpenAPIDocument.yaml)).addRoutes(to: router)
        HomeNetworkController(services: services).addRoutes(to: router)
        VendorController().addRoutes(to: router)
        let api = router.group("api")
        AccountController(services: services).addRoutes(to: api)
        FamilyStorageController(services: services).addRoutes(to: api)
        ParentAccountController(services: services, logger: logger).addRoutes(to: api)
        ChildrenController(services: services).addRoutes(to: api)
        ParentGateController(services: services).addRoutes(to: api)
        HubController(services: services).addRoutes(to: api)
        AppRequestsController(services: services).addRoutes(to: api)
        StoreController(services: services).addRoutes(to: api)
        SpeechController(services: services).addRoutes(to: api)
        SpellflareController(services: services).addRoutes(to: api)
        SpellflareParentController(services: services).addRoutes(to: api)
        ColoringController(services: services).addRoutes(to: api)
        ColoringParentController(services: services).addRoutes(to: api)
        SpeakUpController(services: services).addRoutes(to: api)
        MirrorBuddyController(services: services).addRoutes(to: api)
        SpeakUpParentController(services: services).addRoutes(to: api)
        MirrorBuddyParentController(services: services).addRoutes(to: api)
        SpotCheckParentController(services: services).addRoutes(to: api)
        // The phone's endpoints sit at the root, exactly where the iOS Shortcut calls them ({apiBaseURL}/policy).
        SpotCheckDeviceController(services: services).addRoutes(to: router)
        known.fill(from: router.routes.map { (path: $0.path.description, method: $0.method.rawValue) })
        return router
    }

    /// The routes a WebSocket may be opened on (SpeakUp's live recording), with the session and
    /// app checks every route has. A plain GET of the same path reaches the main router, which
    /// answers why no WebSocket was opened.
    public static func buildWebSocketRouter(services: Services) -> Router<AppRequestContext> {
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: ErrorMiddleware(clock: services.clock))
        router.add(middleware: SessionMiddleware(services: services))
        router.add(middleware: WorkOwnerMiddleware(services: services))
        SpeakUpLive(services: services).addRoutes(to: router.group("api"))
        return router
    }

    /// HTTP/1.1 that upgrades to a WebSocket where `buildWebSocketRouter` says so.
    static func http1(webSockets: RouterResponder<AppRequestContext>, secure: Bool, services: Services,
                      connections: ConnectionCounter) -> HTTPServerBuilder {
        // A proxy forwards plain HTTP; on HTTPS every connection is a device's own.
        let proxies = secure ? TrustedProxies.none : services.options.trustedProxies
        let responder = TransportResponder.make(webSockets, secure: secure, network: services.network, proxies: proxies)
        // No automatic ping: its pong is read only when the handler reads its next message, so a
        // server busy hearing a backlog of audio took its own silence for a dead page and closed
        // the take. A page that goes quiet is ended by the recording's own watchdog instead.
        // Quiet connections and slow heads and bodies are the ConnectionGuard's (GuardedConnections):
        // RequestWatch tells it where each request is.
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(additionalChannelHandlers: [RequestWatch()]),
            ws: .init(maxFrameSize: SpeakUpLive.maximumMessageBytes, autoPing: .disabled))
        return HTTPServerBuilder { http in
            GuardedConnections(
                base: AnswersUnreadableRequestHeads(base: HTTP1WebSocketUpgradeChannel(responder: http, webSocketResponder: responder,
                                                                                        configuration: configuration)),
                counter: connections, proxies: proxies)
        }
    }

    /// The server: plain HTTP on `port` (this machine, a trusted proxy, and a new device's
    /// certificate download; other devices are sent to HTTPS) and, with `tls`, HTTPS on `httpsPort`,
    /// both answered by one router; the background services run once.
    public static func buildServer(services: Services, webRoot: String, host: String, port: Int,
                                   https: (port: Int, configuration: TLSConfiguration)?, logger: Logger) throws -> ServiceGroup {
        var background: [any Service] = [MaintenanceService(services: services, logger: logger), TamperWatchService(services: services, logger: logger),
                                         MaterialReadingService(services: services)]
        if let outbox = services.mailer as? MailOutbox { background.append(outbox) }
        if services.mailer.isEnabled { background.append(DigestService(services: services, logger: logger)) }
        let router = buildRouter(services: services, webRoot: webRoot, logger: logger).buildResponder()
        let webSockets = buildWebSocketRouter(services: services).buildResponder()
        let connections = ConnectionCounter(limits: services.options.connectionLimits)
        let plain = Application(
            responder: TransportResponder.make(router, secure: false, network: services.network, proxies: services.options.trustedProxies),
            server: http1(webSockets: webSockets, secure: false, services: services, connections: connections),
            configuration: .init(address: .hostname(host, port: port), serverName: "funzone"),
            services: background, logger: logger)
        var listeners: [any Service] = [plain]
        if let https {
            listeners.append(Application(
                responder: TransportResponder.make(router, secure: true, network: services.network, proxies: .none),
                server: try .tls(http1(webSockets: webSockets, secure: true, services: services, connections: connections),
                                 tlsConfiguration: https.configuration),
                configuration: .init(address: .hostname(host, port: https.port), serverName: "funzone"),
                logger: logger))
        }
        // No cancellation after a grace period: cancelling a live take while pocketsphinx is still
        // hearing it aborted the process (an assertion in its search). ShutdownDeadline ends the
        // process at 9 s instead.
        return ServiceGroup(configuration: .init(services: listeners, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    }

    /// Apps whose web client is shipped (a folder with an index.html under the web root).
    public static func installedApps(webRoot: String) -> Set<String> {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: webRoot)) ?? []
        return Set(ids.filter { FileManager.default.fileExists(atPath: "\(webRoot)/\($0)/index.html") })
    }
}

/// A responder already built, where a builder is asked for.
struct Prebuilt<Responder: HTTPResponder>: HTTPResponderBuilder {
    let responder: Responder
    func buildResponder() -> Responder { responder }
}
