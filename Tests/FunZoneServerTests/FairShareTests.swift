import Foundation
import NIOCore
import NIOPosix
import Synchronization
import Testing
@testable import FunZoneServer

/// The fair share of costly work: slots, turns between families, refusals, and clients that leave.
@Suite struct FairShareTests {
    /// A piece of work that runs until it is let go, noting when it began.
    final class Held: Sendable {
        private let started = Mutex<[String]>([])
        private let released = Mutex<Set<String>>([])

        func run(_ name: String) async throws -> String {
            started.withLock { $0.append(name) }
            while !released.withLock({ $0.contains(name) }) {
                try Task.checkCancellation()
                try await Task.sleep(for: .milliseconds(5))
            }
            return name
        }

        func release(_ name: String) { _ = released.withLock { $0.insert(name) } }
        var order: [String] { started.withLock { $0 } }
    }

    static func owner(_ key: String, closed: EventLoopFuture<Void>? = nil) -> WorkOwner { WorkOwner(key: key, closed: closed) }

    /// Waits (a few seconds at most) until `condition` holds.
    static func eventually(_ condition: () async -> Bool) async throws {
        for _ in 0..<600 {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("the condition never held")
    }

    @Test func aFreedSlotGoesToTheFamilyWithFewestRunningThenTheOneWhoseTurnIsLongestAgo() async throws {
        let share = FairShare(name: "test", slots: 1, patience: .seconds(30))
        let held = Held()
        var tasks: [Task<String, any Error>] = []
        for index in 1...4 {
            tasks.append(Task { try await WorkOwner.$current.withValue(Self.owner("A")) { try await share.run { try await held.run("A\(index)") } } })
            try await Self.eventually { await share.load.waiting == index - 1 && held.order.count == 1 }
        }
        tasks.append(Task { try await WorkOwner.$current.withValue(Self.owner("B")) { try await share.run { try await held.run("B1") } } })
        try await Self.eventually { await share.load.waiting == 4 }
        for name in ["A1", "B1", "A2", "A3", "A4"] {
            try await Self.eventually { held.order.last == name }
            held.release(name)
        }
        for task in tasks { _ = try await task.value }
        #expect(held.order == ["A1", "B1", "A2", "A3", "A4"])
        #expect(await share.load.running.isEmpty)
    }

    @Test func oneFamilyNeverHoldsEverySlotSoAnotherStartsAtOnce() async throws {
        let share = FairShare(name: "test", slots: 2, patience: .seconds(30))
        #expect(share.perOwner == 1)
        let held = Held()
        let mine = (1...3).map { index in
            Task { try await WorkOwner.$current.withValue(Self.owner("A")) { try await share.run { try await held.run("A\(index)") } } }
        }
        try await Self.eventually { await share.load.waiting == 2 && held.order.count == 1 }
        // B's piece starts in the slot A may not take, while A's two wait.
        let other = Task { try await WorkOwner.$current.withValue(Self.owner("B")) { try await share.run { try await held.run("B") } } }
        try await Self.eventually { held.order.contains("B") }
        #expect(await share.load.running == ["A": 1, "B": 1])
        for name in ["B", "A1", "A2", "A3"] {
            try await Self.eventually { held.order.contains(name) }
            held.release(name)
        }
        _ = try await other.value
        for task in mine { _ = try await task.value }
        // Alone on a one-slot share, a family has it all.
        #expect(FairShare(name: "one", slots: 1).perOwner == 1)
        #expect(FairShare(name: "wide", slots: 8, perOwner: 8).perOwner == 8)
    }

    @Test func aWaitLongerThanThePatienceIsRefusedWithARetryAfter() async throws {
        let share = FairShare(name: "test", slots: 1, patience: .milliseconds(100))
        let held = Held()
        let first = Task { try await share.run { try await held.run("first") } }
        try await Self.eventually { held.order == ["first"] }
        await #expect(throws: FairShare.Busy.self) { try await share.run { "second" } }
        do {
            _ = try await share.run { "third" }
            Issue.record("a third piece got in while the first held the only slot")
        } catch let busy as FairShare.Busy {
            #expect(busy.retryAfter >= 1 && busy.retryAfter <= 60 && busy.work == "test")
        }
        held.release("first")
        #expect(try await first.value == "first")
        #expect(try await share.run { "now" } == "now")
    }

    @Test func aFamilyMayQueueOnlySoMany() async throws {
        let share = FairShare(name: "test", slots: 1, patience: .seconds(30), queuePerOwner: 2)
        let held = Held()
        let running = Task { try await WorkOwner.$current.withValue(Self.owner("A")) { try await share.run { try await held.run("A0") } } }
        try await Self.eventually { held.order == ["A0"] }
        let queued = (1...2).map { index in
            Task { try await WorkOwner.$current.withValue(Self.owner("A")) { try await share.run { try await held.run("A\(index)") } } }
        }
        try await Self.eventually { await share.load.waiting == 2 }
        await #expect(throws: FairShare.Busy.self) { try await WorkOwner.$current.withValue(Self.owner("A")) { try await share.run { "A3" } } }
        // Another family still gets in line.
        let other = Task { try await WorkOwner.$current.withValue(Self.owner("B")) { try await share.run { "B" } } }
        try await Self.eventually { await share.load.waiting == 3 }
        for name in ["A0", "A1", "A2"] { held.release(name) }
        _ = try await running.value
        for task in queued { _ = try await task.value }
        #expect(try await other.value == "B")
    }

    @Test func aClientThatLeavesWhileWaitingLeavesTheQueue() async throws {
        let share = FairShare(name: "test", slots: 1, patience: .seconds(30))
        let held = Held()
        let first = Task { try await share.run { try await held.run("first") } }
        try await Self.eventually { held.order == ["first"] }
        let connection = MultiThreadedEventLoopGroup.singleton.next().makePromise(of: Void.self)
        let leaving = Task { try await WorkOwner.$current.withValue(Self.owner("B", closed: connection.futureResult)) { try await share.run { "never" } } }
        try await Self.eventually { await share.load.waiting == 1 }
        connection.succeed()
        await #expect(throws: WorkOwner.Gone.self) { try await leaving.value }
        #expect(await share.load.waiting == 0)
        held.release("first")
        _ = try await first.value
        #expect(held.order == ["first"])
    }

    @Test func workIsCancelledWhenItsClientLeaves() async throws {
        let share = FairShare(name: "test", slots: 1, patience: .seconds(30))
        let held = Held()
        let connection = MultiThreadedEventLoopGroup.singleton.next().makePromise(of: Void.self)
        let running = Task { try await WorkOwner.$current.withValue(Self.owner("A", closed: connection.futureResult)) { try await share.run { try await held.run("A") } } }
        try await Self.eventually { held.order == ["A"] }
        connection.succeed()
        await #expect(throws: WorkOwner.Gone.self) { try await running.value }
        // Its slot is free again.
        try await Self.eventually { await share.load.running.isEmpty }
        #expect(try await share.run { "next" } == "next")
    }

    @Test func aCancelledWaitLeavesTheQueueAndAFinishedRequestsLaterCloseChangesNothing() async throws {
        let share = FairShare(name: "test", slots: 1, patience: .seconds(30))
        let held = Held()
        let connection = MultiThreadedEventLoopGroup.singleton.next().makePromise(of: Void.self)
        // Done before its connection closes (keep-alive): the close later is nothing to it.
        #expect(try await WorkOwner.$current.withValue(Self.owner("A", closed: connection.futureResult)) { try await share.run { "done" } } == "done")
        connection.succeed()
        let first = Task { try await share.run { try await held.run("first") } }
        try await Self.eventually { held.order == ["first"] }
        let waiting = Task { try await share.run { "never" } }
        try await Self.eventually { await share.load.waiting == 1 }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(await share.load.waiting == 0)
        held.release("first")
        _ = try await first.value
    }
}
