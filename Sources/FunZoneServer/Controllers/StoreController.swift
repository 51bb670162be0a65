import Foundation
import Hub
import Hummingbird
import Storage

/// Purchases ("remove ads"): the product list, buying behind the parent gate, restore, and the
/// family's entitlements every app reads.
struct StoreController {
    let services: Services

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.get("store/products", use: products)
        api.get("store/entitlements", use: entitlements)
        api.post("store/purchase", use: purchase)
        api.post("store/restore", use: restore)
    }

    struct ProductView: Codable {
        let id: String
        let name: String
        let summary: String
        let displayPrice: String
        let priceCents: Int
        let currency: String
        let kind: Product.Kind
        let owned: Bool
    }

    struct EntitlementsView: Codable {
        let owned: [String]
        let adsRemoved: Bool
    }

    @Sendable func products(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.requireSession()
        let owned = try await services.purchases.ownedProducts(familyId: session.familyId)
        return try JSONResponse.make(["products": Store.products.map {
            ProductView(id: $0.id, name: $0.name, summary: $0.summary, displayPrice: $0.displayPrice, priceCents: $0.priceCents,
                        currency: $0.currency, kind: $0.kind, owned: owned.contains($0.id))
        }])
    }

    @Sendable func entitlements(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.requireSession()
        return try JSONResponse.make(try await view(familyId: session.familyId))
    }

    struct PurchaseRequest: Codable { let productId: String }

    /// Needs a fresh parent-gate pass on this device (spent by the purchase) or the open parent area.
    @Sendable func purchase(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.requireSession()
        let body = try await request.decodeJSON(PurchaseRequest.self, context: context)
        let product = try Store.product(id: body.productId)
        let usesGatePass = try services.requireGrownUp(session)
        let owned = try await services.purchases.ownedProducts(familyId: session.familyId)
        if !owned.contains(product.id) {
            let receipt = try await services.payments.purchase(product, familyId: session.familyId)
            try await record(receipt, familyId: session.familyId)
        }
        if usesGatePass { try await services.spendGatePass(session) }
        return try JSONResponse.make(try await view(familyId: session.familyId))
    }

    /// Asks the provider for receipts it holds and adds any the family is missing.
    @Sendable func restore(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.requireSession()
        for receipt in try await services.payments.restore(familyId: session.familyId) {
            try await record(receipt, familyId: session.familyId)
        }
        return try JSONResponse.make(try await view(familyId: session.familyId))
    }

    private func record(_ receipt: Receipt, familyId: String) async throws {
        try await services.purchases.record(PurchaseRow(
            id: UUID().uuidString.lowercased(), familyId: familyId, productId: receipt.productId,
            provider: receipt.provider, receipt: receipt.reference, purchasedAt: services.clock.now().millis))
    }

    private func view(familyId: String) async throws -> EntitlementsView {
        let entitlements = Entitlements(owned: try await services.purchases.ownedProducts(familyId: familyId))
        return EntitlementsView(owned: entitlements.owned.sorted(), adsRemoved: entitlements.adsRemoved)
    }
}
