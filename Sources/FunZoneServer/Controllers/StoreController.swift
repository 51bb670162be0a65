import Foundation
import Hub
import Hummingbird
import Storage

/// Purchases ("remove ads"): the product list, buying behind the parent gate, restore, and the
/// family's entitlements every app reads.
struct StoreController {
    let services: Services

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        let signedIn = api.signedIn()
        signedIn.get("store/products", use: products)
        signedIn.get("store/entitlements", use: entitlements)
        signedIn.post("store/purchase", use: purchase)
        signedIn.post("store/restore", use: restore)
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
        /// When it was bought and by which parent (nil when not owned, or not known).
        let purchasedAt: Date?
        let purchasedBy: String?
    }

    struct EntitlementsView: Codable {
        let owned: [String]
        let adsRemoved: Bool
    }

    struct ProductList: Codable { let products: [ProductView] }

    @Sendable func products(_ request: Request, caller: SignedIn) async throws -> Reply<ProductList> {
        let session = caller.session
        let purchases = Dictionary(try await services.purchases.purchases(in: session.scope).map { ($0.productId, $0) },
                                   uniquingKeysWith: { first, _ in first })
        let parents = Dictionary(uniqueKeysWithValues: try await services.families.parents(in: session.scope).map { ($0.id, $0.name) })
        return Reply(ProductList(products: Store.products.map { product in
            let purchase = purchases[product.id]
            return ProductView(id: product.id, name: product.name, summary: product.summary, displayPrice: product.displayPrice,
                               priceCents: product.priceCents, currency: product.currency, kind: product.kind, owned: purchase != nil,
                               purchasedAt: purchase?.purchasedAt, purchasedBy: purchase?.purchasedBy.flatMap { parents[$0] })
        }))
    }

    @Sendable func entitlements(_ request: Request, caller: SignedIn) async throws -> Reply<EntitlementsView> {
        let session = caller.session
        return Reply(try await view(in: session.scope))
    }

    struct PurchaseRequest: Codable {
        let productId: String
        /// A parent's password: needed unless the parent area is open on this device.
        let password: String?
    }

    struct PurchaseResponse: Codable {
        let owned: [String]
        let adsRemoved: Bool
        /// What was bought, for whom it is recorded, and whether it was new (false: the family owned it already).
        let product: String
        let displayPrice: String
        let purchasedBy: String
        let charged: Bool
    }

    /// From a kid's screen: a fresh parent-gate pass on this device (spent by the purchase) and a
    /// parent's password; from the open parent area, that parent. Records who bought it and when.
    @Sendable func purchase(_ request: Request, caller: SignedIn) async throws -> Reply<PurchaseResponse> {
        let session = caller.session
        let body = try await request.decodeJSON(PurchaseRequest.self, context: caller.context)
        let product = try Store.product(id: body.productId)
        let usesGatePass = try services.requireGrownUp(session)
        let buyer: ParentAccount
        if usesGatePass {
            guard let password = body.password, !password.isEmpty else {
                throw APIError(.passwordRequired, "A parent's password is needed to buy \(product.name).")
            }
            buyer = try await services.familyParent(password: password, session: session)
        } else {
            guard let parent = try await services.families.parent(id: session.parentId, in: session.scope) else { throw APIError.unauthorized }
            buyer = parent
        }
        let owned = try await services.purchases.ownedProducts(in: session.scope)
        var charged = false
        if !owned.contains(product.id) {
            let receipt = try await services.payments.purchase(product, familyId: session.familyId)
            charged = try await record(receipt, in: session.scope, by: buyer.id)
        }
        if usesGatePass { try await services.spendGatePass(session) }
        let entitlements = try await view(in: session.scope)
        return Reply(PurchaseResponse(owned: entitlements.owned, adsRemoved: entitlements.adsRemoved, product: product.name,
                                                      displayPrice: product.displayPrice, purchasedBy: buyer.name, charged: charged))
    }

    struct RestoreResponse: Codable {
        let owned: [String]
        let adsRemoved: Bool
        /// Names of the products this restore added (empty: nothing was missing).
        let restored: [String]
    }

    /// Asks the provider for receipts it holds and adds any the family is missing; says which.
    @Sendable func restore(_ request: Request, caller: SignedIn) async throws -> Reply<RestoreResponse> {
        let session = caller.session
        var restored: [String] = []
        for receipt in try await services.payments.restore(familyId: session.familyId)
        where try await record(receipt, in: session.scope, by: nil) {
            restored.append((try? Store.product(id: receipt.productId).name) ?? receipt.productId)
        }
        let entitlements = try await view(in: session.scope)
        return Reply(RestoreResponse(owned: entitlements.owned, adsRemoved: entitlements.adsRemoved, restored: restored))
    }

    private func record(_ receipt: Receipt, in scope: FamilyScope, by parentId: ParentID?) async throws -> Bool {
        try await services.purchases.record(Purchase(
            id: services.ids.next(), familyId: scope.familyId, productId: receipt.productId,
            provider: receipt.provider, receipt: receipt.reference, purchasedAt: services.clock.now(), purchasedBy: parentId), in: scope)
    }

    private func view(in scope: FamilyScope) async throws -> EntitlementsView {
        let entitlements = Entitlements(owned: try await services.purchases.ownedProducts(in: scope))
        return EntitlementsView(owned: entitlements.owned.sorted(), adsRemoved: entitlements.adsRemoved)
    }
}
