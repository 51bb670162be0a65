import Testing
@testable import Hub

@Suite struct AppRegistryTests {
    @Test func catalogueMatchesTheSeedsOrderAndPlaceholders() {
        let registry = AppRegistry(installed: ["coloring", "spellflare", "speakup", "mirrorbuddy"])
        #expect(registry.apps.map(\.id) == ["coloring", "spellflare", "speakup", "mirrorbuddy", "music", "puzzles", "stories"])
        #expect(registry.apps.map(\.icon) == ["🎨", "🐝", "🎤", "📚", "🎵", "🧩", "📖"])
        #expect(registry.apps.filter(\.isAvailable).count == 4)
        #expect(registry.apps.filter { !$0.isAvailable }.allSatisfy { $0.subtitle == "Coming Soon" && $0.color == "#d2d2e6" })
        // Seed 000: Coloring Fun is (255, 150, 180).
        #expect(registry.apps[0].color == "#c2185b")
    }

    @Test func anAppWhoseClientIsNotShippedIsAPlaceholderOnItsOwn() throws {
        let registry = AppRegistry(installed: ["coloring"])
        #expect(try registry.app(id: "coloring").isAvailable)
        let spellflare = try registry.app(id: "spellflare")
        #expect(!spellflare.isAvailable)
        #expect(spellflare.subtitle == "Coming Soon")
        #expect(spellflare.icon == "🐝")
    }

    @Test func tilesHideAppsAndShowRequestAnswersOnlyOnPlaceholders() {
        let registry = AppRegistry(installed: ["coloring"])
        let tiles = registry.tiles(hidden: ["puzzles"], latestRequests: ["music": .approved, "coloring": .pending])
        #expect(!tiles.contains { $0.app.id == "puzzles" })
        #expect(tiles.first { $0.app.id == "music" }?.request == .approved)
        #expect(tiles.first { $0.app.id == "coloring" }?.request == nil)
        #expect(tiles.first { $0.app.id == "stories" }?.request == nil)
    }

    @Test func aNoteGoesWithTheAnswerAndAnAppAskedForAndApprovedHasArrivedOnceItIsHere() {
        let registry = AppRegistry(installed: ["coloring", "spellflare"])
        let tiles = registry.tiles(hidden: [], latestRequests: ["music": .approved, "coloring": .approved, "spellflare": .declined, "puzzles": .pending],
                                   notes: ["music": "We'll look for one this weekend", "coloring": "Here it is", "stories": "stale"])
        let tile = { (id: String) in tiles.first { $0.app.id == id } }
        #expect(tile("music")?.note == "We'll look for one this weekend" && tile("music")?.arrived == false)
        #expect(tile("coloring")?.arrived == true && tile("coloring")?.request == nil && tile("coloring")?.note == nil)
        #expect(tile("spellflare")?.arrived == false)
        #expect(tile("puzzles")?.arrived == false)
        // A note without a request of this child's is never shown.
        #expect(tile("stories")?.note == nil)
    }

    @Test func unknownAppsAreErrors() {
        #expect(throws: HubError.unknownApp("nope")) { try AppRegistry(installed: []).app(id: "nope") }
    }
}

@Suite struct AppRequestTests {
    @Test func notesAreTrimmedShortAndOptional() throws {
        #expect(try AppRequest.validatedNote(nil) == nil)
        #expect(try AppRequest.validatedNote("   ") == nil)
        #expect(try AppRequest.validatedNote(" Soon! ") == "Soon!")
        #expect(try AppRequest.validatedNote(String(repeating: "a", count: 200)) != nil)
        #expect(throws: HubError.self) { try AppRequest.validatedNote(String(repeating: "a", count: 201)) }
        // 500 characters of text, not 2 MB in a few "characters".
        #expect(throws: HubError.self) { try AppRequest.validatedText("a" + String(repeating: "\u{0301}", count: 1_000_000), hasAudio: false) }
        #expect(try AppRequest.validatedText(String(repeating: "🦄", count: 500), hasAudio: false).count == 500)
        // Counted in bytes too: 200 families of joined emoji are far more than 800 bytes.
        #expect(throws: HubError.self) { try AppRequest.validatedNote(String(repeating: "👩‍👩‍👧‍👦", count: 60)) }
    }

    @Test func textRules() throws {
        #expect(try AppRequest.validatedText("  I want music! ", hasAudio: false) == "I want music!")
        #expect(try AppRequest.validatedText("", hasAudio: true) == "")
        #expect(throws: HubError.self) { try AppRequest.validatedText("  ", hasAudio: false) }
        #expect(throws: HubError.self) { try AppRequest.validatedText(String(repeating: "a", count: 501), hasAudio: true) }
        #expect(try AppRequest.validatedText(String(repeating: "a", count: 500), hasAudio: false).count == 500)
    }

    @Test func onlyPlaceholdersCanBeRequested() throws {
        let registry = AppRegistry(installed: ["coloring"])
        #expect(throws: HubError.appNotRequestable("coloring")) { try AppRequest.checkRequestable(try registry.app(id: "coloring")) }
        try AppRequest.checkRequestable(try registry.app(id: "music"))
    }

    @Test(arguments: [("approved", AppRequest.Status.approved), ("declined", .declined)])
    func decisions(raw: String, status: AppRequest.Status) throws {
        #expect(try AppRequest.decision(raw) == status)
    }

    @Test(arguments: ["pending", "APPROVED", "", "maybe"])
    func badDecisions(raw: String) {
        #expect(throws: HubError.invalidDecision(raw)) { try AppRequest.decision(raw) }
    }
}
