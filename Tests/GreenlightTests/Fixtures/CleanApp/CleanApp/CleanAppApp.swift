import SwiftUI

@main
struct CleanAppApp: App {
    var body: some Scene {
        WindowGroup { ContentView() }
    }
}
