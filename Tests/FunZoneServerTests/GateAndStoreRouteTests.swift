import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import Testing
@testable import FunZoneServer

@Suite struct GateRouteTests {
    @Test(arguments: TestDatabase.all)
    func threeWrongAnswersLockTheGateForAMinute(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let tablet = try await app.setUpFamily()
            try await tablet.expectError(.post, "/api/gate/answer", ["answer": 42], status: .conflict, code: "gate_no_question")
            for attemptsLeft in [2, 1] {
                let question = try await tablet.decoded(ParentGateController.ChallengeResponse.self, .post, "/api/gate/challenge", expect: .created)
                let wrong = question.left * question.right + 1
                let response = try await tablet.request(.post, "/api/gate/answer", json: ["answer": wrong])
                try expectErrorShape(response, status: .unprocessableContent, code: "gate_wrong")
                #expect(String(buffer: response.body).contains("\"attemptsLeft\":\"\(attemptsLeft)\""))
                // A question is answered once.
                try await tablet.expectError(.post, "/api/gate/answer", ["answer": wrong - 1], status: .conflict, code: "gate_no_question")
            }
            let third = try await tablet.json(.post, "/api/gate/challenge", expect: .created)
            try await tablet.expectError(.post, "/api/gate/answer", ["answer": 0], status: .tooManyRequests, code: "gate_locked")
            _ = third
            try await tablet.expectError(.post, "/api/gate/challenge", status: .tooManyRequests, code: "gate_locked")
            app.clock.advance(by: 59)
            try await tablet.expectError(.post, "/api/gate/challenge", status: .tooManyRequests, code: "gate_locked")
            app.clock.advance(by: 2)
            try await app.passGate(tablet)
            let session = try await tablet.decoded(AccountController.SessionResponse.self, .get, "/api/session")
            #expect(session.gatePassed == true)
        }
    }

    @Test(arguments: TestDatabase.all)
    func theParentAreaNeedsTheGateThenThePasswordAndClosesAfterFifteenIdleMinutes(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let tablet = try await app.setUpFamily()
            _ = try await tablet.json(.post, "/api/parent/lock", expect: .noContent)
            try await tablet.expectError(.get, "/api/parent/requests", status: .forbidden, code: "parent_locked")
            try await tablet.expectError(.post, "/api/parent/unlock", ["password": TestApp.password], status: .forbidden, code: "gate_required")
            try await app.passGate(tablet)
            try await tablet.expectError(.post, "/api/parent/unlock", ["password": "wrong password"], status: .unauthorized, code: "wrong_password")
            _ = try await tablet.json(.post, "/api/parent/unlock", ["password": TestApp.password], expect: .noContent)
            _ = try await tablet.json(.get, "/api/parent/requests", expect: .ok)
            // Activity keeps it open…
            app.clock.advance(by: 14 * 60)
            _ = try await tablet.json(.get, "/api/parent/requests", expect: .ok)
            app.clock.advance(by: 14 * 60)
            _ = try await tablet.json(.get, "/api/parent/requests", expect: .ok)
            // …fifteen idle minutes close it.
            app.clock.advance(by: 15 * 60)
            try await tablet.expectError(.get, "/api/parent/requests", status: .forbidden, code: "parent_locked")
            // A gate pass is spent by the unlock and does not last.
            try await tablet.expectError(.post, "/api/parent/unlock", ["password": TestApp.password], status: .forbidden, code: "gate_required")
        }
    }
}

struct ProductBody: Encodable {
    let productId: String
    var password: String? = nil
}

@Suite struct StoreRouteTests {
    @Test(arguments: TestDatabase.all)
    func removeAdsIsBoughtBehindTheGateForTheWholeFamily(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let tablet = try await app.setUpFamily()
            let mia = try await app.addChild(tablet)
            _ = try await tablet.json(.post, "/api/kids/select", ["childId": mia], expect: .ok)
            let removeAds = try #require(try await tablet.decoded(StoreController.ProductList.self, .get, "/api/store/products").products.first)
            #expect(removeAds.id == "remove_ads" && removeAds.displayPrice == "$0.99" && removeAds.owned == false)

            try await tablet.expectError(.post, "/api/store/purchase", ProductBody(productId: "remove_ads"), status: .forbidden, code: "gate_required")
            try await app.passGate(tablet)
            try await tablet.expectError(.post, "/api/store/purchase", ProductBody(productId: "gems"), status: .notFound, code: "unknown_product")
            // The multiplication alone is not enough (a grade-5 child answers it): a parent's password too.
            try await tablet.expectError(.post, "/api/store/purchase", ProductBody(productId: "remove_ads"), status: .forbidden, code: "password_required")
            try await tablet.expectError(.post, "/api/store/purchase", ProductBody(productId: "remove_ads", password: "a child's guess"),
                                         status: .unauthorized, code: "wrong_password")
            #expect(try await app.services.purchases.purchases(in: FamilyScope(familyId: try await familyId(app))).isEmpty)
            let bought = try await tablet.decoded(StoreController.PurchaseResponse.self, .post, "/api/store/purchase",
                                                  ProductBody(productId: "remove_ads", password: TestApp.password))
            #expect(bought.adsRemoved == true)
            #expect(bought.product == "Remove Ads" && bought.displayPrice == "$0.99")
            #expect(bought.purchasedBy == "Ada" && bought.charged == true)
            let owned = try await tablet.decoded(StoreController.ProductList.self, .get, "/api/store/products").products
            #expect(owned.first?.purchasedBy == "Ada" && owned.first?.purchasedAt != nil)
            #expect(try await tablet.decoded(HubController.HubResponse.self, .get, "/api/hub").adsRemoved == true)
            // The pass was spent.
            try await tablet.expectError(.post, "/api/store/purchase", ProductBody(productId: "remove_ads"), status: .forbidden, code: "gate_required")

            // Another device of the family sees it, and restore keeps it.
            let phone = app.user()
            _ = try await phone.json(.post, "/api/signin", ["email": "ada@example.org", "password": TestApp.password], expect: .ok)
            #expect(try await phone.decoded(StoreController.EntitlementsView.self, .get, "/api/store/entitlements").adsRemoved == true)
            let restored = try await phone.decoded(StoreController.RestoreResponse.self, .post, "/api/store/restore")
            #expect(restored.owned == ["remove_ads"])
            // The local provider holds no receipts: nothing was missing, and restore says so.
            #expect(restored.restored == [])
            // Signing in does not open the parent area: buying needs the gate there too.
            try await phone.expectError(.get, "/api/parent/requests", status: .forbidden, code: "parent_locked")
            try await phone.expectError(.post, "/api/store/purchase", ProductBody(productId: "remove_ads"), status: .forbidden, code: "gate_required")
            // Buying again in the open parent area keeps one receipt.
            try await app.passGate(phone)
            _ = try await phone.json(.post, "/api/parent/unlock", ["password": TestApp.password], expect: .noContent)
            let again = try await phone.decoded(StoreController.PurchaseResponse.self, .post, "/api/store/purchase",
                                                ProductBody(productId: "remove_ads"))
            #expect(again.charged == false)
            #expect(try await app.services.purchases.purchases(in: FamilyScope(familyId: try await familyId(app))).count == 1)
        }
    }

    @Test(arguments: TestDatabase.all)
    func aChildGuessingThePasswordOnTheTabletLocksOnlyTheTablet(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let phone = try await app.setUpFamily()
            let tablet = app.user()
            _ = try await tablet.json(.post, "/api/signin", ["email": "ada@example.org", "password": TestApp.password], expect: .ok)
            try await app.passGate(tablet)
            for guess in 1...5 {
                try await tablet.expectError(.post, "/api/store/purchase", ProductBody(productId: "remove_ads", password: "guess \(guess)xx"),
                                             status: .unauthorized, code: "wrong_password")
            }
            try await tablet.expectError(.post, "/api/store/purchase", ProductBody(productId: "remove_ads", password: TestApp.password),
                                         status: .tooManyRequests, code: "rate_limited")
            // The parent's own phone still opens the parent area with the right password.
            _ = try await phone.json(.post, "/api/parent/lock", expect: .noContent)
            try await app.passGate(phone)
            _ = try await phone.json(.post, "/api/parent/unlock", ["password": TestApp.password], expect: .noContent)
            _ = try await app.user().json(.post, "/api/signin", ["email": "ada@example.org", "password": TestApp.password], expect: .ok)
        }
    }
}
