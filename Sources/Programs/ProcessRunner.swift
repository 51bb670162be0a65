import Foundation

/// Runs a program with arguments (never a shell) and returns its standard output.
public enum ProcessRunner {
    public struct Failure: Error { public let message: String }

    /// `environment` adds to (or replaces entries of) this process's environment for the program;
    /// `maxOutput` bytes of output at most (the program is stopped past them). Cancelling the task
    /// stops the program (SIGTERM, then SIGKILL five seconds later).
    public static func run(_ executable: String, _ arguments: [String], input: Data? = nil, timeout: TimeInterval = 30,
                           environment: [String: String] = [:], maxOutput: Int? = nil) async throws -> Data {
        let running = Running()
        do {
            return try await withTaskCancellationHandler {
                try await offCooperativePool {
                    try runBlocking(executable, arguments, input: input, timeout: timeout, environment: environment, maxOutput: maxOutput, running: running)
                }
            } onCancel: {
                running.stop()
            }
        } catch {
            // A program stopped because its task was cancelled failed for that reason, not its own.
            try Task.checkCancellation()
            throw error
        }
    }

    /// The program a task runs, for its cancellation to stop.
    public final class Running: @unchecked Sendable {
        private let lock = NSLock()
        private var process: Process?
        private var stopped = false

        public init() {}

        func started(_ process: Process) {
            let stop = lock.withLock { self.process = process; return stopped }
            if stop { Self.end(process) }
        }

        public func stop() {
            let process = lock.withLock { stopped = true; return self.process }
            if let process { Self.end(process) }
        }

        /// SIGTERM, and SIGKILL if it is still running five seconds later.
        static func end(_ process: Process) {
            guard process.isRunning else { return }
            process.terminate()
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + 5) { [weak process] in
                if let process, process.isRunning { kill(pid, SIGKILL) }
            }
        }
    }

    /// A program that ends before reading all its input must not end this process with it: writing
    /// to its closed pipe raises SIGPIPE, which kills by default. Ignored once, for the whole process.
    private static let pipesMayClose: Void = { signal(SIGPIPE, SIG_IGN) }()

    public static func runBlocking(_ executable: String, _ arguments: [String], input: Data?, timeout: TimeInterval,
                                   environment: [String: String] = [:], maxOutput: Int? = nil, running: Running = Running()) throws -> Data {
        _ = pipesMayClose
        guard let path = locate(executable) else { throw Failure(message: "\(executable) is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let output = Pipe(), errors = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = stdin
        // Every pipe end is closed here, not when the objects happen to go: a cancelled timer stays
        // queued until its deadline, and with it anything it holds. Making letter templates runs
        // thousands of programs in a minute; descriptors held that long passed 1,024 and
        // Foundation's Process.run crashed the server.
        defer {
            for handle in [output.fileHandleForReading, output.fileHandleForWriting, errors.fileHandleForReading,
                           errors.fileHandleForWriting, stdin.fileHandleForReading, stdin.fileHandleForWriting] {
                try? handle.close()
            }
        }
        try process.run()
        running.started(process)
        let timer = DispatchWorkItem { [weak process] in if let process { Running.end(process) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        // Input is written, and errors read, beside the output: a program that writes while it
        // reads (opusenc on a minute of audio) fills one pipe while this side waits on another,
        // and both would wait for ever.
        let sides = DispatchGroup()
        let writer = stdin.fileHandleForWriting
        DispatchQueue.global().async(group: sides) {
            if let input { try? writer.write(contentsOf: input) }
            try? writer.close()
        }
        let errorData = LockedData()
        let errorReader = errors.fileHandleForReading
        DispatchQueue.global().async(group: sides) { errorData.set(errorReader.readDataToEndOfFile()) }
        var data = Data()
        var tooMuch = false
        let reader = output.fileHandleForReading
        while true {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            if let maxOutput, data.count + chunk.count > maxOutput {
                tooMuch = true
                Running.end(process)
                while !reader.availableData.isEmpty {}  // drained, so the program is never blocked writing
                break
            }
            data.append(chunk)
        }
        sides.wait()
        let errorText = String(decoding: errorData.get(), as: UTF8.self)
        process.waitUntilExit()
        timer.cancel()
        if tooMuch { throw Failure(message: "\(executable) wrote more than \(maxOutput ?? 0) bytes and was stopped") }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure(message: "\(executable) failed (\(process.terminationStatus)): \(errorText.prefix(300))")
        }
        return data
    }

    /// The program's path: as given when absolute, else the first executable file of that name on
    /// `searchPath` (this process's PATH), then in /usr/bin and /usr/local/bin.
    public static func locate(_ executable: String, searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        if executable.hasPrefix("/") { return FileManager.default.isExecutableFile(atPath: executable) ? executable : nil }
        // Typed on purpose: untyped, `split` + an array literal inferred [ArraySlice<Character>], so
        // every PATH entry was interpolated as a list of characters and only /usr/bin was ever found.
        let searched: [String] = (searchPath ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        return (searched + ["/usr/bin", "/usr/local/bin"]).map { "\($0)/\(executable)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// Bytes handed from one thread to another.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}
