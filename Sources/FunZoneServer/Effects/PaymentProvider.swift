import Foundation
import Storage
import Hub

/// A receipt a payment provider hands back for a purchase.
public struct Receipt: Sendable, Equatable {
    public let productId: String
    public let provider: String
    public let reference: String
}

/// Takes money for a product. The local provider (the default) records a receipt without
/// charging, as a self-hosted family server has no store to charge through.
public protocol PaymentProvider: Sendable {
    var id: String { get }
    func purchase(_ product: Product, familyId: FamilyID) async throws -> Receipt
    /// Receipts the provider itself knows for the family (a real store would be asked here).
    func restore(familyId: FamilyID) async throws -> [Receipt]
}

public struct LocalPaymentProvider: PaymentProvider {
    public let id = "local"
    public init() {}

    public func purchase(_ product: Product, familyId: FamilyID) async throws -> Receipt {
        Receipt(productId: product.id, provider: id, reference: "local-\(UUID().uuidString.lowercased())")
    }

    public func restore(familyId: FamilyID) async throws -> [Receipt] { [] }
}
