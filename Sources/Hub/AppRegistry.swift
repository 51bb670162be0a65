import Foundation

/// One tile of the hub: a mini-app, built or still a wish.
public struct MiniApp: Codable, Equatable, Sendable {
    public let id: String
    public let name: String
    public let subtitle: String
    public let icon: String
    /// Tile colour as "#rrggbb" (seed 000 gives RGB triples).
    public let color: String
    public let isAvailable: Bool
}

/// The apps the hub knows, in the order the seed lists them.
public struct AppRegistry: Sendable {
    /// Every app the hub knows about, whether or not it is built yet.
    public static let catalog: [MiniApp] = [
        MiniApp(id: "coloring", name: "Coloring Fun", subtitle: "Draw & Stamp!", icon: "🎨", color: "#c2185b", isAvailable: true),
        MiniApp(id: "spellflare", name: "Spellflare", subtitle: "Spell it out!", icon: "🐝", color: "#7c3aed", isAvailable: true),
        // SpeakUp's teal darkened from the seed's #0d8488 (4.49:1 under white text, just short of WCAG AA).
        MiniApp(id: "speakup", name: "SpeakUp", subtitle: "Practice talking!", icon: "🎤", color: "#0a6c70", isAvailable: true),
        // MirrorBuddy's amber darkened from the seed's #f59e0b (2.1:1 under white text) to 5:1.
        MiniApp(id: "mirrorbuddy", name: "MirrorBuddy", subtitle: "Study together!", icon: "📚", color: "#b45309", isAvailable: true),
        MiniApp(id: "music", name: "Music Maker", subtitle: "Coming Soon", icon: "🎵", color: "#d2d2e6", isAvailable: false),
        MiniApp(id: "puzzles", name: "Puzzle Play", subtitle: "Coming Soon", icon: "🧩", color: "#d2d2e6", isAvailable: false),
        MiniApp(id: "stories", name: "Story Time", subtitle: "Coming Soon", icon: "📖", color: "#d2d2e6", isAvailable: false),
    ]

    public let apps: [MiniApp]

    /// The registry for a server where only `installed` apps have their client shipped:
    /// any other app shows as a placeholder on its own, so a tile never opens an empty page.
    public init(installed: Set<String>) {
        apps = Self.catalog.map { app in
            guard app.isAvailable, !installed.contains(app.id) else { return app }
            return MiniApp(id: app.id, name: app.name, subtitle: "Coming Soon", icon: app.icon,
                           color: "#d2d2e6", isAvailable: false)
        }
    }

    public func app(id: String) throws(HubError) -> MiniApp {
        guard let app = apps.first(where: { $0.id == id }) else { throw .unknownApp(id) }
        return app
    }

    /// The tiles one child sees: the apps a parent has not hidden, each with the child's latest
    /// request for it (and the parent's note) when the app is a placeholder, and `arrived` when an
    /// app the child was told yes to is here now.
    public func tiles(hidden: Set<String>, latestRequests: [String: AppRequest.Status], notes: [String: String] = [:]) -> [HubTile] {
        apps.filter { !hidden.contains($0.id) }.map { app in
            app.isAvailable
                ? HubTile(app: app, request: nil, note: nil, arrived: latestRequests[app.id] == .approved)
                : HubTile(app: app, request: latestRequests[app.id], note: latestRequests[app.id] == nil ? nil : notes[app.id], arrived: false)
        }
    }
}

/// A tile as a child's hub draws it.
public struct HubTile: Codable, Equatable, Sendable {
    public let app: MiniApp
    /// The state of this child's latest request for the app, if any.
    public let request: AppRequest.Status?
    /// The parent's note with their answer.
    public let note: String?
    /// The child asked for this app, a grown-up said yes, and now it is here.
    public let arrived: Bool

    public init(app: MiniApp, request: AppRequest.Status?, note: String? = nil, arrived: Bool = false) {
        self.app = app
        self.request = request
        self.note = note
        self.arrived = arrived
    }
}
