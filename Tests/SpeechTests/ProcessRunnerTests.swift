import Foundation
import Testing
@testable import Speech

@Suite("running engine programs")
struct ProcessRunnerTests {
    func openDescriptors() throws -> Int { try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count }

    @Test("a program's pipes are closed when it is done, not when its timeout would have passed")
    func noDescriptorsLeft() async throws {
        let before = try openDescriptors()
        for _ in 0..<200 { _ = try await ProcessRunner.run("true", []) }
        // Other suites run meanwhile and open a few of their own; 200 runs held 1,200 before the fix.
        #expect(try openDescriptors() - before < 100)
        let echoed = try await ProcessRunner.run("cat", [], input: Data("hello".utf8))
        #expect(String(decoding: echoed, as: UTF8.self) == "hello")
    }
}
