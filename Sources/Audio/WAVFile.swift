import Foundation

/// What a WAV upload holds, read from its RIFF header without decoding the samples.
public struct WAVInfo: Equatable, Sendable {
    public enum Encoding: Equatable, Sendable { case pcmInteger, pcmFloat }

    public let encoding: Encoding
    public let channels: Int
    public let sampleRate: Int
    public let bitsPerSample: Int
    /// Byte range of the sample data inside the file.
    public let dataRange: Range<Int>

    public var frameCount: Int { dataRange.count / max(1, channels * bitsPerSample / 8) }
    public var duration: TimeInterval { Double(frameCount) / Double(sampleRate) }
}

/// Why an upload is not audio we accept.
public enum AudioError: Error, Equatable, Sendable {
    case notWAV
    case unsupportedEncoding(String)
    case truncated
    case empty
    case tooLong(seconds: Double, limit: Double)
}

public enum WAVFile {
    /// Parses the RIFF/WAVE header of `data`: PCM integer (8–32 bit) or float (32/64 bit), any rate and channel count.
    public static func parse(_ data: Data) throws(AudioError) -> WAVInfo {
        let bytes = [UInt8](data)
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count >= 12, ascii(bytes, 0, 4) == "RIFF", ascii(bytes, 8, 4) == "WAVE" else { throw .notWAV }
        var offset = 12
        var format: (tag: Int, channels: Int, rate: Int, bits: Int)?
        while offset + 8 <= bytes.count {
            let id = ascii(bytes, offset, 4)
            let size = Int(le32(bytes, offset + 4))
            let body = offset + 8
            switch id {
            case "fmt ":
                guard size >= 16, body + 16 <= bytes.count else { throw .truncated }
                var tag = Int(le16(bytes, body))
                if tag == 0xFFFE, size >= 40, body + 26 <= bytes.count { tag = Int(le16(bytes, body + 24)) }
                format = (tag, Int(le16(bytes, body + 2)), Int(le32(bytes, body + 4)), Int(le16(bytes, body + 14)))
            case "data":
                guard let format else { throw .truncated }
                let end = min(bytes.count, body + size)  // streaming writers leave the size unset or too large
                return try info(format, dataRange: body..<end)
            default:
                break
            }
            offset = body + size + (size & 1)
        }
        throw .truncated
    }

    private static func info(_ format: (tag: Int, channels: Int, rate: Int, bits: Int), dataRange: Range<Int>) throws(AudioError) -> WAVInfo {
        let encoding: WAVInfo.Encoding
        switch (format.tag, format.bits) {
        case (1, 8), (1, 16), (1, 24), (1, 32): encoding = .pcmInteger
        case (3, 32), (3, 64): encoding = .pcmFloat
        default: throw .unsupportedEncoding("format \(format.tag), \(format.bits) bits")
        }
        guard (1...8).contains(format.channels), (4000...192_000).contains(format.rate) else {
            throw .unsupportedEncoding("\(format.channels) channels at \(format.rate) Hz")
        }
        let info = WAVInfo(encoding: encoding, channels: format.channels, sampleRate: format.rate,
                           bitsPerSample: format.bits, dataRange: dataRange)
        guard info.frameCount > 0 else { throw .empty }
        return info
    }

    /// Parses and checks the length against `maximumDuration` seconds.
    public static func validate(_ data: Data, maximumDuration: TimeInterval) throws(AudioError) -> WAVInfo {
        let info = try parse(data)
        guard info.duration <= maximumDuration else { throw .tooLong(seconds: info.duration, limit: maximumDuration) }
        return info
    }

    private static func ascii(_ b: [UInt8], _ at: Int, _ n: Int) -> String {
        guard at + n <= b.count else { return "" }
        return String(decoding: b[at..<at + n], as: UTF8.self)
    }
    private static func le16(_ b: [UInt8], _ at: Int) -> UInt16 { UInt16(b[at]) | UInt16(b[at + 1]) << 8 }
    private static func le32(_ b: [UInt8], _ at: Int) -> UInt32 {
        guard at + 4 <= b.count else { return 0 }
        return UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
    }
}
