import Foundation

/// What one take may cost: its length, its upload and the recordings a profile keeps.
public enum SpeakUpLimits {
    /// The longest take (the original's longest duration pill is 10 minutes).
    public static let maximumSeconds: TimeInterval = 600
    /// 10 minutes of 16 kHz mono 16-bit WAV is 19.2 MB; the page sends that format.
    public static let uploadBytes = 20 * 1024 * 1024
    /// Ogg Opus at 24 kbit/s is about 3 KB a second: 200 MB keeps some 18 hours of talks per profile.
    public static let storedAudioBytesPerProfile: Int64 = 200 * 1024 * 1024
}
