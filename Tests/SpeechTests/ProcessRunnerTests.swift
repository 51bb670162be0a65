import Foundation
import Programs
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

    @Test("a program is looked up on PATH in order, then in /usr/bin; absolute paths are taken as they are")
    func lookup() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = folder.appendingPathComponent("cat")
        try Data("#!/bin/sh\n".utf8).write(to: program)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        // A folder earlier on PATH wins over /usr/bin (this once found only /usr/bin: PATH entries
        // were read as lists of characters).
        #expect(ProcessRunner.locate("cat", searchPath: "\(folder.path):/usr/bin") == program.path)
        #expect(ProcessRunner.locate("cat", searchPath: "/nowhere:\(folder.path)") == program.path)
        #expect(ProcessRunner.locate("cat", searchPath: "/nowhere") == "/usr/bin/cat")
        #expect(ProcessRunner.locate("no-such-program-here", searchPath: folder.path) == nil)
        #expect(ProcessRunner.locate(program.path, searchPath: nil) == program.path)
        #expect(ProcessRunner.locate("/usr/bin/no-such-program", searchPath: nil) == nil)
    }

    @Test("a program that writes while it reads gets all its input (2 MB through cat, once a deadlock), and one that reads none is no harm")
    func bigInputs() async throws {
        let input = Data((0..<2_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let echoed = try await ProcessRunner.run("cat", [], input: input, timeout: 20)
        #expect(echoed == input)
        // `true` exits without reading: the write meets a closed pipe (SIGPIPE, ignored) and the run still ends.
        _ = try await ProcessRunner.run("true", [], input: input, timeout: 20)
        // Errors are read beside the output: 1 MB on stderr does not stall a program writing to stdout.
        let noisy = try await ProcessRunner.run("sh", ["-c", "head -c 1000000 /dev/zero >&2; echo done"], timeout: 20)
        #expect(String(decoding: noisy, as: UTF8.self) == "done\n")
    }

    @Test("a program that writes too much is stopped at the cap")
    func outputIsCapped() async throws {
        do {
            _ = try await ProcessRunner.run("yes", [], timeout: 20, maxOutput: 100_000)
            Issue.record("yes never ends: it must have been stopped")
        } catch let failure as ProcessRunner.Failure {
            #expect(failure.message.contains("more than 100000 bytes"))
        }
    }

    @Test("cancelling the task stops its program")
    func cancellingStopsTheProgram() async throws {
        let task = Task { try await ProcessRunner.run("sleep", ["30"], timeout: 60) }
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
