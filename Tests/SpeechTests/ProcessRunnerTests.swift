import Foundation
import Testing
@testable import Speech

@Suite("running engine programs")
struct ProcessRunnerTests {
    /// Pipe ends this process holds (sockets and files that other suites open meanwhile are left out).
    func openPipes() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").filter { entry in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)"))?.hasPrefix("pipe:") == true
        }.count
    }

    @Test("a program's pipes are closed when it is done, not when its timeout would have passed")
    func noDescriptorsLeft() async throws {
        let before = try openPipes()
        for _ in 0..<200 { _ = try await ProcessRunner.run("true", []) }
        // Other suites run programs meanwhile and hold a few pipes of their own; 200 runs held
        // 1,200 pipe ends before the fix.
        let after = try openPipes()
        #expect(after - before < 100, "\(before) pipe ends before, \(after) after")
        let echoed = try await ProcessRunner.run("cat", [], input: Data("hello".utf8))
        #expect(String(decoding: echoed, as: UTF8.self) == "hello")
    }
}
