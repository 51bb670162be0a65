import Foundation
import Programs

/// Ogg Opus, the format recordings are kept in (opus-tools): about a tenth of a WAV's size, and
/// back to WAV for a browser that cannot play Opus (Safari before iOS 17).
public enum OpusAudio {
    /// A WAV as Ogg Opus at 24 kbit/s, tuned for speech. `timeout` grows with the length of the audio.
    public static func encode(wav: Data, timeout: TimeInterval = 120) async throws -> Data {
        do {
            return try await ProcessRunner.run("opusenc", ["--quiet", "--bitrate", "24", "--speech", "-", "-"], input: wav, timeout: timeout)
        } catch let failure as ProcessRunner.Failure {
            throw SpeechError.synthesisFailed(failure.message)
        }
    }

    /// Ogg Opus back to a 16 kHz 16-bit WAV (the rate takes were recorded at).
    public static func decode(opus: Data, timeout: TimeInterval = 60) async throws -> Data {
        do {
            var wav = try await ProcessRunner.run("opusdec", ["--quiet", "--force-wav", "--rate", "16000", "-", "-"], input: opus, timeout: timeout)
            // Written to a pipe, the header's sizes say "unknown"; a browser seeks only in a WAV whose sizes are right.
            if wav.count >= 44, wav.prefix(4).elementsEqual("RIFF".utf8), wav[36..<40].elementsEqual("data".utf8) {
                wav.replaceSubrange(4..<8, with: withUnsafeBytes(of: UInt32(wav.count - 8).littleEndian) { Data($0) })
                wav.replaceSubrange(40..<44, with: withUnsafeBytes(of: UInt32(wav.count - 44).littleEndian) { Data($0) })
            }
            return wav
        } catch let failure as ProcessRunner.Failure {
            throw SpeechError.synthesisFailed(failure.message)
        }
    }
}
