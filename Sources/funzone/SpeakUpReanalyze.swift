import ArgumentParser
import Foundation
import FunZoneServer
import SpeechCoach
import Storage

extension SpeakUpCommand {
    struct Reanalyze: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Redo stored takes' analyses with this version of the coach.",
            discussion: """
                Takes analysed by an older version of the coach (below \(TakeAnalysis.currentVersion)) are redone from the \
                words, fillers, levels and pitch kept with them (so takes whose recording was not kept are redone too), with \
                the speaker's current settings, the pace target the take was scored against and the coaching focus of the \
                takes before it. A take that cannot be redone is named and left as it was (exit status 1). Safe to run while \
                the server runs, and again after an interruption.
                """)
        @OptionGroup var storage: StorageOptions
        @Flag(help: "Redo takes already at the current version too.") var all = false

        func run() async throws {
            let report = try await storage.withDatabase { database in
                _ = try await Migrations.run(on: database, now: Date())
                return try await SpeakUpReanalysis.run(database: database, all: all)
            }
            print("Reanalysed \(report.redone) of \(report.seen) takes (coach version \(TakeAnalysis.currentVersion)).")
            if !report.failed.isEmpty {
                print("Left as they were (\(report.failed.count)):\n" + report.failed.joined(separator: "\n"))
                throw ExitCode(1)
            }
        }
    }
}
