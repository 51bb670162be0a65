import Foundation

/// Something a family can buy (seeds 002 and 004: StoreKit's "remove_ads").
public struct Product: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable { case nonConsumable = "non_consumable" }

    public let id: String
    public let name: String
    public let summary: String
    public let priceCents: Int
    public let currency: String
    public let kind: Kind

    /// "$0.99"
    public var displayPrice: String {
        let symbol = currency == "USD" ? "$" : currency + " "
        return "\(symbol)\(priceCents / 100).\(String(format: "%02d", priceCents % 100))"
    }
}

/// The product list and the rules of owning them.
public enum Store {
    public static let removeAds = Product(
        id: "remove_ads", name: "Remove Ads",
        summary: "Hide the house ads in every app, for the whole family.",
        priceCents: 99, currency: "USD", kind: .nonConsumable)

    public static let products = [removeAds]

    public static func product(id: String) throws(HubError) -> Product {
        guard let product = products.first(where: { $0.id == id }) else { throw .unknownProduct(id) }
        return product
    }
}

/// What a family owns; every app reads it.
public struct Entitlements: Codable, Equatable, Sendable {
    public var owned: Set<String>

    public init(owned: Set<String> = []) { self.owned = owned }

    public var adsRemoved: Bool { owned.contains(Store.removeAds.id) }
}
