import ArgumentParser
import Audio
import Foundation
import FunZoneServer
import Speech
import SpeechCoach

/// SpeakUp from the command line: analyse a recording as the app would.
struct SpeakUpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "speakup", abstract: "SpeakUp's coach from the command line.", subcommands: [Analyze.self, Reanalyze.self])

    struct Analyze: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Analyse a WAV recording (any rate, mono or stereo) and print the take's analysis as JSON.",
            discussion: "Uses pocketsphinx with filled pauses and discourse markers, the level envelope and the pitch track, then the coach, exactly as a recorded take in the app.")

        @Argument(help: "The recording (WAV, at most 10 minutes).") var file: String
        @Option(help: "The prompt the talk answered (relevance is judged against it).") var prompt: String?
        @Option(name: .customLong("target-wpm"), help: "The pace target in words a minute (100–200).") var targetWPM = 150
        @Flag(help: ArgumentHelp("Hear it as a live recording: sent in quarter-second pieces, decoded stretch by stretch as it arrives, as the app's recording screen does. Prints the seconds from the end of the audio to the analysis on standard error.",
                                 discussion: "")) var live = false
        @Flag(name: .customLong("real-time"), help: "With --live: send the pieces at the pace they were spoken (default: as fast as they are heard).") var realTime = false

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
            let recognizer = PocketSphinxRecognizer(poolSize: 2)
            var stopped: Date?
            let features: TakeFeatures
            if live { (features, stopped) = try await heardLive(samples, recognizer: recognizer) } else {
                features = try await TakeListener(recognizer: recognizer).features(of: samples)
            }
            let settings = CoachSettings(targetWPM: targetWPM, autoPace: false)
            let analysis = try Coach.analyze(features.input(prompt: prompt, settings: settings))
            if let stopped { FileHandle.standardError.write(Data(String(format: "stop to analysis: %.3f s for %.1f s of audio\n", Date().timeIntervalSince(stopped), features.duration).utf8)) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(analysis), as: UTF8.self))
        }

        /// The features of `samples` heard as a live recording, and when its last piece was sent.
        private func heardLive(_ samples: [Int16], recognizer: PocketSphinxRecognizer) async throws -> (TakeFeatures, Date) {
            let stream = try await recognizer.liveTranscription()
            let piece = 4_000
            let began = Date()
            for start in stride(from: 0, to: samples.count, by: piece) {
                if realTime {
                    let due = began.addingTimeInterval(Double(start) / 16_000)
                    if due > Date() { try await Task.sleep(for: .seconds(due.timeIntervalSinceNow)) }
                }
                try await stream.append(Array(samples[start..<min(samples.count, start + piece)]))
            }
            let stopped = Date()
            return (try await TakeListener.features(of: stream, samples: samples), stopped)
        }
    }
}
