import AVFoundation
import Speech
import SwiftUI

struct RecorderView: View {
    @State private var recorder: AVAudioRecorder?

    var body: some View {
        Button("Record") { start() }
    }

    func start() {
        let recognizer = SFSpeechRecognizer(locale: Locale(identifier: "en-US"))
        _ = recognizer
        recorder = try? AVAudioRecorder(url: FileManager.default.temporaryDirectory.appendingPathComponent("take.m4a"), settings: [:])
        recorder?.record()
    }
}
