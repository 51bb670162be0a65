import Coloring
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
import Testing
@testable import FunZoneServer

/// Every route of the router's table, walked: a stranger gets nothing, another family's ids are
/// never found, a hidden app refuses all of its routes. A route added later is walked too; a new
/// route anyone may call has to be named in `open`.
@Suite struct RouteTableTests {
    /// Routes that answer without a signed-in session: the front door, health and the API's own
    /// description, sign-up and sign-in, a new device's certificate, the forgotten password, the
    /// browser libraries from Debian, and the phone's pairing (its other routes are signed per request).
    static let open: Set<String> = [
        "GET /healthz", "GET /healthz/live", "GET /healthz/ready", "GET /metrics", "GET /api/connect", "GET /ca.crt", "GET /ca.pem", "GET /kids-fun-zone.mobileconfig", "GET /vendor/**",
        "GET /api/ping", "GET /api/openapi.yaml", "GET /api/session", "POST /api/setup", "POST /api/signin", "POST /api/signout",
        "POST /api/join", "POST /api/password/forgot", "POST /api/password/reset", "POST /pair",
    ]

    struct Route: CustomStringConvertible {
        let method: HTTPRequest.Method
        let path: String  // "/api/parent/children/{childId}"
        var description: String { "\(method.rawValue) \(path)" }
        var parameters: [String] { path.split(separator: "/").compactMap(Self.parameter) }

        func uri(_ value: (String) -> String) -> String {
            "/" + path.split(separator: "/").map { Self.parameter($0).map(value) ?? String($0) }.joined(separator: "/")
        }

        /// "{childId}" or ":childId" → "childId".
        static func parameter(_ segment: Substring) -> String? {
            if segment.hasPrefix("{") && segment.hasSuffix("}") { return String(segment.dropFirst().dropLast()) }
            return segment.hasPrefix(":") ? String(segment.dropFirst()) : nil
        }
    }

    static func routes(_ app: TestApp) -> [Route] {
        FunZoneApp.buildRouter(services: app.services, webRoot: TestApp.webRoot).routes
            .map { Route(method: $0.method, path: $0.path.description.hasPrefix("/") ? $0.path.description : "/" + $0.path.description) }
            .sorted { $0.description < $1.description }
    }

    /// Ids that are not family rows: an app, a colouring page, a stamp, a drill, a passage, a lesson activity.
    static func catalogue(_ name: String) -> String? {
        switch name {
        case "appId": "spellflare"
        case "pageId": "cat"
        case "drillId": "filler-elimination"
        case "passageId": "the-lost-kite"
        case "activityId": "w1-l1-a1"
        case "emoji": "🐶".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        default: nil
        }
    }

    @Test(arguments: TestDatabase.all)
    func aCallerWhoIsNotSignedInIsRefusedByEveryRouteButTheOpenOnes(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["spellflare", "coloring", "speakup", "mirrorbuddy"]) { app in
            let routes = Self.routes(app)
            #expect(routes.count > 70)
            #expect(Self.open.subtracting(routes.map(\.description)).sorted() == [], "open routes the router lacks")
            let stranger = app.user()
            _ = try await stranger.json(.get, "/api/session", expect: .ok)  // a CSRF token, as a page has
            for route in routes where Self.open.contains(route.description) {  // the open list says what is true
                let response = try await stranger.request(route.method, route.uri { _ in "x" }, body: ByteBuffer(string: "{}"),
                                                          headers: [.contentType: "application/json"])
                #expect(response.status != .unauthorized && response.status != .forbidden, "\(route) is not open: \(response.status)")
            }
            for route in routes where !Self.open.contains(route.description) {
                let uri = route.uri { Self.catalogue($0) ?? UUID().uuidString.lowercased() }
                let response = try await stranger.request(route.method, uri, body: ByteBuffer(string: "{}"), headers: [.contentType: "application/json"])
                #expect(response.status == .unauthorized || response.status == .forbidden, "\(route): \(response.status) \(String(buffer: response.body))")
                let body = try? JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect((body?["error"] as? [String: Any])?["code"] is String, "\(route) answers without the error shape")
            }
        }
    }

    @Test(arguments: TestDatabase.all)
    func anotherFamilysIdsAreNotFoundByAnyRouteAndChangeNothing(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["spellflare", "coloring", "speakup", "mirrorbuddy"], openSignup: true) { app in
            let rossi = try await Family.rossi(app)
            let before = try await rossi.snapshot()
            // The Bianchis hold every key: a parent's phone with the parent area open, a tablet with
            // a child picked and a gate pass; every call is one that would succeed on their own ids.
            let bianchi = try await app.setUpFamily(email: "bo@example.org", family: "Bianchi")
            let bo = try await app.addChild(bianchi, name: "Bo", grade: 2)
            let tablet = app.user()
            _ = try await tablet.json(.post, "/api/signin", ["email": "bo@example.org", "password": TestApp.password], expect: .ok)
            _ = try await tablet.json(.post, "/api/kids/select", ["childId": bo], expect: .ok)
            let drawing = try ColoringRouteTests.drawing([ColoringRouteTests.scribble]).encoded()

            var walked = 0
            for route in Self.routes(app) where route.parameters.contains(where: { Self.catalogue($0) == nil }) {
                let device = route.path.hasPrefix("/api/parent/") ? bianchi : tablet
                try await app.passGate(device)
                let uri = route.uri { Self.catalogue($0) ?? rossi.ids[$0] ?? "missing-\($0)" }
                #expect(!uri.contains("missing-"), "\(route): no Rossi row for this parameter in the test")
                let body: ByteBuffer = switch route.description {
                case "POST /api/spellflare/sessions/{sessionId}/answers": ByteBuffer(string: #"{"seq": 0, "answer": "rocket"}"#)
                case "PUT /api/coloring/drawings/{drawingId}": ByteBuffer(bytes: drawing)
                case "PATCH /api/coloring/drawings/{drawingId}": ByteBuffer(string: #"{"keep": 0, "actions": [], "undone": []}"#)
                case "DELETE /api/parent/children/{childId}", "DELETE /api/parent/parents/{parentId}", "DELETE /api/parent/mirrorbuddy/children/{childId}":
                    ByteBuffer(string: #"{"confirm": true}"#)
                case "PATCH /api/parent/spotcheck/devices/{deviceId}": ByteBuffer(string: #"{"name": "Mine now"}"#)
                case "POST /api/parent/requests/{requestId}/decision": ByteBuffer(string: #"{"status": "approved"}"#)
                case "PUT /api/parent/children/{childId}/apps/{appId}": ByteBuffer(string: #"{"hidden": true}"#)
                case "POST /api/mirrorbuddy/cards/{cardId}/review": ByteBuffer(string: #"{"rating": "easy", "reps": 0}"#)
                case "PUT /api/mirrorbuddy/maps/{mapId}": ByteBuffer(string: #"{"revision": 1, "nodes": [{"id": "r", "parentId": null, "label": "Mia"}]}"#)
                case "POST /api/mirrorbuddy/quizzes/{quizId}/hint": ByteBuffer(string: #"{"position": 0}"#)
                case "POST /api/mirrorbuddy/quizzes/{quizId}/answers": ByteBuffer(string: #"{"position": 0, "answer": "Roma"}"#)
                default: ByteBuffer(string: "{}")
                }
                let response = try await device.request(route.method, uri, body: body, headers: [.contentType: "application/json", .ifMatch: "\"1\""])
                #expect(response.status == .notFound, "\(route) with the Rossis' ids: \(response.status) \(String(buffer: response.body))")
                walked += 1
            }
            #expect(walked >= 20)
            #expect(try await rossi.snapshot() == before, "a stranger's calls changed the Rossis' data")
        }
    }

    @Test(arguments: TestDatabase.all)
    func anAppHiddenForTheChildRefusesEveryRouteOfIt(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["spellflare", "coloring", "speakup", "mirrorbuddy"]) { app in
            let rossi = try await Family.rossi(app)
            let mia = rossi.ids["childId"]!
            var walked = 0
            for appId in ["spellflare", "coloring", "mirrorbuddy"] {
                _ = try await rossi.parent.json(.put, "/api/parent/children/\(mia)/apps/\(appId)", ["hidden": true], expect: .ok)
                for route in Self.routes(app) where route.path.hasPrefix("/api/\(appId)/") {
                    let uri = route.uri { Self.catalogue($0) ?? rossi.ids[$0] ?? "none" }
                    let response = try await rossi.tablet.request(route.method, uri, body: ByteBuffer(string: "{}"), headers: [.contentType: "application/json"])
                    try expectErrorShape(response, status: .forbidden, code: "app_hidden")
                    walked += 1
                }
                _ = try await rossi.parent.json(.put, "/api/parent/children/\(mia)/apps/\(appId)", ["hidden": false], expect: .ok)
            }
            #expect(walked >= 15)
        }
    }
}

/// The Rossis with one of everything a route can name by id, all made through the API.
struct Family {
    /// The parent's phone (parent area open) and the tablet Mia plays on.
    let parent: Browser
    let tablet: Browser
    let ids: [String: String]

    static func rossi(_ app: TestApp) async throws -> Family {
        let parent = try await app.setUpFamily()
        let mia = try await app.addChild(parent)
        let invite = try await parent.decoded(AccountController.InviteResponse.self, .post, "/api/parent/invites", expect: .created)
        let partner = try await app.user().decoded(AccountController.SessionResponse.self, .post, "/api/join",
                                                   ["inviteCode": invite.code, "name": "Rita", "email": "rita@example.org",
                                                    "password": TestApp.password], expect: .created)
        let list = try await parent.decoded(SpellflareParentController.ListView.self, .post, "/api/parent/spellflare/lists",
                                            ["name": "Space", "text": "rocket\nplanet"], expect: .created)
        let device = try await parent.decoded(SpotCheckParentController.CreateResponse.self, .post, "/api/parent/spotcheck/devices",
                                              ["name": "Mia's iPhone"], expect: .created)
        let tablet = app.user()
        _ = try await tablet.json(.post, "/api/signin", ["email": "ada@example.org", "password": TestApp.password], expect: .ok)
        _ = try await tablet.json(.post, "/api/kids/select", ["childId": mia], expect: .ok)
        let request = try await tablet.decoded(AppRequestsController.RequestView.self, .post, "/api/requests",
                                               RequestBody(appId: "music", text: "drums please", audioWav: toneWAV().base64EncodedString()),
                                               expect: .created)
        let game = try await tablet.decoded(Speller.Game.self, .post, "/api/spellflare/sessions", ["grade": 2, "level": 1], expect: .created)
        let drawing = try await tablet.request(.post, "/api/coloring/drawings", body: ByteBuffer(bytes: try ColoringRouteTests.drawing([ColoringRouteTests.scribble]).encoded()),
                                               headers: [.contentType: "application/json"])
        #expect(drawing.status == .created)
        let take = try await tablet.request(.post, "/api/speakup/takes", body: ByteBuffer(bytes: toneWAV()), headers: [.contentType: "audio/wav"])
        #expect(take.status == .created, "\(String(buffer: take.body))")
        let prompt = try await tablet.decoded(SpeakUpPromptsController.LibraryResponse.Item.self, .post, "/api/speakup/prompts",
                                              ["text": "Tell us about your garden"], expect: .created)
        let goal = try await tablet.decoded(SpeakUpHabits.GoalView.self, .post, "/api/speakup/goals", ["kind": "practiceTime"], expect: .created)
        // Mia (Show & Tell) challenges her brother on a prompt: her stars are the bar.
        let leo = try await app.addChild(parent, name: "Leo", grade: 6)
        let prompted = try await tablet.request(.post, "/api/speakup/takes?promptId=storytelling-01", body: ByteBuffer(bytes: toneWAV()),
                                                headers: [.contentType: "audio/wav"])
        let challenge = try await tablet.decoded(SpeakUpChallenges.ChallengeView.self, .post, "/api/speakup/challenges",
                                                 ["takeId": try prompted.decoded(SpeakUpView.Take.self).id.rawValue, "toChildId": leo],
                                                 expect: .created)
        // Mia's MirrorBuddy: a subject of her own, a material filed under it, a task for it.
        let subject = try await tablet.decoded(MirrorBuddyView.SubjectView.self, .post, "/api/mirrorbuddy/subjects",
                                               ["name": "Latino", "colour": "#336699"], expect: .created)
        let material = try await tablet.decoded(MirrorBuddyView.MaterialView.self, .post, "/api/mirrorbuddy/materials",
                                                ["title": "Gallia", "subjectId": subject.id, "text": "Gallia est omnis divisa in partes tres."],
                                                expect: .created)
        let task = try await tablet.decoded(MirrorBuddyView.TaskView.self, .post, "/api/mirrorbuddy/tasks",
                                            ["title": "Tradurre", "subjectId": subject.id, "materialId": material.id], expect: .created)
        struct NewCards: Encodable { let materialId: String; let cards: [[String: String]] }
        let card = try await tablet.decoded(MirrorBuddyCards.AddResponse.self, .post, "/api/mirrorbuddy/cards",
                                            NewCards(materialId: material.id, cards: [["front": "Gallia?", "back": "Divisa in partes tres."]]),
                                            expect: .created).cards[0]
        let map = try await tablet.decoded(MirrorBuddyMaps.MapView.self, .post, "/api/mirrorbuddy/materials/\(material.id)/mind-map", expect: .created)
        struct SubjectCards: Encodable { let subjectId: String; let cards: [[String: String]] }
        let capitals = [["Italia?", "Roma"], ["Francia?", "Parigi"], ["Spagna?", "Madrid"]].map { ["front": $0[0], "back": $0[1]] }
        _ = try await tablet.decoded(MirrorBuddyCards.AddResponse.self, .post, "/api/mirrorbuddy/cards",
                                     SubjectCards(subjectId: subject.id, cards: capitals), expect: .created)
        let quiz = try await tablet.decoded(MirrorBuddyView.QuizView.self, .post, "/api/mirrorbuddy/quizzes", ["subjectId": subject.id],
                                            expect: .created)
        let member = partner.parent?.id.rawValue
        return Family(parent: parent, tablet: tablet, ids: [
            "childId": mia, "parentId": member ?? "", "requestId": request.id.rawValue, "sessionId": game.id,
            "drawingId": try drawing.decoded(ColoringController.DrawingView.self).id.rawValue, "listId": list.id,
            "deviceId": device.device.id.rawValue, "takeId": try take.decoded(SpeakUpView.Take.self).id.rawValue,
            "promptId": prompt.id, "goalId": goal.id, "challengeId": challenge.id,
            "subjectId": subject.id, "materialId": material.id, "taskId": task.id, "cardId": card.id, "mapId": map.id,
            "quizId": quiz.id,
        ])
    }

    /// What the Rossis' parent sees of their rows, to compare before and after a stranger's calls.
    func snapshot() async throws -> [String] {
        var seen: [String] = []
        let parentView = ["/api/parent/family", "/api/parent/children", "/api/parent/requests", "/api/parent/spellflare/lists",
                          "/api/parent/spotcheck/devices"]
        let childView = ["/api/coloring/drawings", "/api/spellflare/me", "/api/spellflare/sessions/\(ids["sessionId"]!)",
                         "/api/coloring/drawings/\(ids["drawingId"]!)", "/api/speakup/takes", "/api/speakup/takes/\(ids["takeId"]!)",
                         "/api/speakup/prompts", "/api/speakup/habits", "/api/speakup/challenges",
                         "/api/mirrorbuddy/me", "/api/mirrorbuddy/settings", "/api/mirrorbuddy/materials", "/api/mirrorbuddy/tasks",
                         "/api/mirrorbuddy/materials/\(ids["materialId"]!)", "/api/mirrorbuddy/cards",
                         "/api/mirrorbuddy/cards/\(ids["cardId"]!)", "/api/mirrorbuddy/maps", "/api/mirrorbuddy/maps/\(ids["mapId"]!)",
                         "/api/mirrorbuddy/quizzes", "/api/mirrorbuddy/quizzes/\(ids["quizId"]!)", "/api/mirrorbuddy/mastery"]
        for uri in parentView + childView {
            let response = try await (parentView.contains(uri) ? parent : tablet).request(.get, uri)
            #expect(response.status == .ok, "\(uri): \(String(buffer: response.body))")
            seen.append("\(uri) \(String(buffer: response.body))")
        }
        return seen
    }
}
