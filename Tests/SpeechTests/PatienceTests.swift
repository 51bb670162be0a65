import Testing
@testable import Speech

/// `Patience.value(of:within:)`: a shared task's value if it comes in time, else nil, and the task goes on.
@Suite struct PatienceTests {
    @Test func aTaskThatIsReadyInTimeGivesItsValue() async throws {
        let task = Task<Int, any Error> { 42 }
        #expect(try await Patience.value(of: task, within: .seconds(5)) == 42)
    }

    @Test func aSlowTaskGivesNilAtTheLimitAndGoesOn() async throws {
        // The task cannot finish before the test lets it, so a nil proves the wait ended first.
        let (go, letGo) = AsyncStream.makeStream(of: Void.self)
        let task = Task<Int, any Error> {
            for await _ in go { return 7 }
            return 0
        }
        #expect(try await Patience.value(of: task, within: .milliseconds(20)) == nil)
        letGo.yield()
        #expect(try await task.value == 7)
    }

    @Test func aFailingTaskPassesItsErrorOn() async throws {
        let task = Task<Int, any Error> { throw SpeechError.engineUnavailable("no espeak-ng") }
        await #expect(throws: SpeechError.engineUnavailable("no espeak-ng")) {
            try await Patience.value(of: task, within: .seconds(5))
        }
    }
}
