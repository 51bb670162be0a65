import Foundation
import Testing
@testable import Audio

/// Builds WAV files byte by byte, so each header field is under the test's control.
func makeWAV(format: UInt16 = 1, channels: UInt16 = 1, rate: UInt32 = 16000, bits: UInt16 = 16,
             frames: Int = 1600, extraChunk: Bool = false, declaredDataSize: UInt32? = nil, extensible: Bool = false) -> Data {
    func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xff), UInt8(v >> 8)] }
    func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xff) } }
    let blockAlign = channels * bits / 8
    let dataSize = UInt32(frames) * UInt32(blockAlign)
    var fmt: [UInt8] = le16(extensible ? 0xFFFE : format) + le16(channels) + le32(rate) + le32(rate * UInt32(blockAlign)) + le16(blockAlign) + le16(bits)
    if extensible { fmt += le16(22) + le16(bits) + le32(0) + le16(format) + [UInt8](repeating: 0, count: 14) }
    var body: [UInt8] = Array("WAVE".utf8) + Array("fmt ".utf8) + le32(UInt32(fmt.count)) + fmt
    if extraChunk { body += Array("LIST".utf8) + le32(3) + [1, 2, 3, 0] }  // odd size: padded to even
    body += Array("data".utf8) + le32(declaredDataSize ?? dataSize) + [UInt8](repeating: 0, count: Int(dataSize))
    return Data(Array("RIFF".utf8) + le32(UInt32(body.count)) + body)
}

@Suite struct WAVFileTests {
    @Test func readsSixteenKilohertzMono() throws {
        let info = try WAVFile.parse(makeWAV())
        #expect(info.encoding == .pcmInteger)
        #expect(info.channels == 1 && info.sampleRate == 16000 && info.bitsPerSample == 16)
        #expect(info.frameCount == 1600)
        #expect(abs(info.duration - 0.1) < 1e-9)
        #expect(info.dataRange == 44..<3244)
    }

    @Test(arguments: [
        (UInt16(1), UInt16(2), UInt32(48000), UInt16(16)),
        (1, 1, 44100, 8), (1, 2, 22050, 24), (1, 1, 8000, 32), (3, 1, 48000, 32), (3, 2, 96000, 64),
    ])
    func readsWhatBrowsersAndUsersSend(format: UInt16, channels: UInt16, rate: UInt32, bits: UInt16) throws {
        let info = try WAVFile.parse(makeWAV(format: format, channels: channels, rate: rate, bits: bits, frames: Int(rate)))
        #expect(info.channels == Int(channels) && info.sampleRate == Int(rate))
        #expect(abs(info.duration - 1) < 1e-9)
        #expect(info.encoding == (format == 3 ? .pcmFloat : .pcmInteger))
    }

    @Test func skipsOtherChunksAndReadsExtensibleHeaders() throws {
        #expect(try WAVFile.parse(makeWAV(extraChunk: true)).frameCount == 1600)
        #expect(try WAVFile.parse(makeWAV(format: 3, bits: 32, extensible: true)).encoding == .pcmFloat)
    }

    @Test func toleratesStreamingWritersThatOverstateTheDataSize() throws {
        #expect(try WAVFile.parse(makeWAV(declaredDataSize: 0xFFFF_FFFF)).frameCount == 1600)
    }

    @Test func rejectsWhatIsNotPCMWAV() {
        #expect(throws: AudioError.notWAV) { try WAVFile.parse(Data("hello world, not audio".utf8)) }
        #expect(throws: AudioError.empty) { try WAVFile.parse(Data()) }
        #expect(throws: AudioError.self) { try WAVFile.parse(makeWAV(format: 2)) }  // ADPCM
        #expect(throws: AudioError.self) { try WAVFile.parse(makeWAV(bits: 12)) }
        #expect(throws: AudioError.self) { try WAVFile.parse(makeWAV(channels: 0)) }
        #expect(throws: AudioError.self) { try WAVFile.parse(makeWAV(rate: 1000)) }
    }

    @Test func rejectsCutAndEmptyFiles() {
        #expect(throws: AudioError.truncated) { try WAVFile.parse(makeWAV().prefix(30)) }
        #expect(throws: AudioError.empty) { try WAVFile.parse(makeWAV(frames: 0)) }
    }

    @Test func enforcesTheDurationLimit() throws {
        let minute = makeWAV(frames: 16000 * 60)
        #expect(try WAVFile.validate(minute, maximumDuration: 60).duration == 60)
        #expect(throws: AudioError.tooLong(seconds: 61, limit: 60)) { try WAVFile.validate(makeWAV(frames: 16000 * 61), maximumDuration: 60) }
    }
}
