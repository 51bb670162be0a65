import ArgumentParser
import Audio
import Foundation
import FunZoneServer
import Speech
import SpeechCoach

/// SpeakUp from the command line: analyse a recording as the app would.
struct SpeakUpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "speakup", abstract: "SpeakUp's coach from the command line.", subcommands: [Analyze.self])

    struct Analyze: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Analyse a WAV recording (any rate, mono or stereo) and print the take's analysis as JSON.",
            discussion: "Uses pocketsphinx with filled pauses and discourse markers, the level envelope and the pitch track, then the coach, exactly as a recorded take in the app.")

        @Argument(help: "The recording (WAV, at most 10 minutes).") var file: String
        @Option(help: "The prompt the talk answered (relevance is judged against it).") var prompt: String?
        @Option(name: .customLong("target-wpm"), help: "The pace target in words a minute (100–200).") var targetWPM = 150

        func run() async throws {
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
                throw ValidationError("Cannot read \(file): \(error.localizedDescription)")
            }
            let info: WAVInfo
            do { info = try WAVFile.validate(data, maximumDuration: SpeakUpLimits.maximumSeconds) } catch {
                throw ValidationError("\(file) is not a usable recording: \(error)")
            }
            let samples = PCMConversion.speechSamples(data, info: info)
            let features = try await TakeListener(recognizer: PocketSphinxRecognizer(poolSize: 2)).features(of: samples)
            let settings = CoachSettings(targetWPM: targetWPM, autoPace: false)
            let analysis = try Coach.analyze(features.input(prompt: prompt, settings: settings))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(analysis), as: UTF8.self))
        }
    }
}
