import Foundation
import SQLKit

/// Receipts of what each family bought; a product is owned once per family.
public struct PurchaseStore: Sendable {
    let database: Database
    public init(database: Database) { self.database = database }

    private var sql: any SQLDatabase { database.sql }

    /// Records a receipt; buying an owned product again keeps the first receipt. True when it was new.
    @discardableResult
    public func record(_ purchase: Purchase, in scope: FamilyScope) async throws -> Bool {
        try scope.check(purchase)
        return try await !sql.raw("""
            INSERT INTO purchases (id, family_id, product_id, provider, receipt, purchased_at, purchased_by)
            VALUES (\(bind: purchase.id), \(bind: scope.familyId), \(bind: purchase.productId),
                    \(bind: purchase.provider), \(bind: purchase.receipt), \(bind: purchase.purchasedAt.millis), \(bind: purchase.purchasedBy))
            ON CONFLICT (family_id, product_id) DO NOTHING
            RETURNING id
            """).all().isEmpty
    }

    public func purchases(in scope: FamilyScope) async throws -> [Purchase] {
        try await sql.raw("SELECT * FROM purchases WHERE family_id = \(bind: scope.familyId) ORDER BY purchased_at")
            .all(decoding: PurchaseRow.self, keyDecodingStrategy: .convertFromSnakeCase).map(\.value)
    }

    public func ownedProducts(in scope: FamilyScope) async throws -> Set<String> {
        Set(try await sql.raw("SELECT product_id FROM purchases WHERE family_id = \(bind: scope.familyId)")
            .all().map { try $0.decode(column: "product_id", as: String.self) })
    }
}
