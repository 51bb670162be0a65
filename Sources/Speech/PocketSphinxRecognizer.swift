import Foundation

/// pocketsphinx in-process, with a pool of decoders so concurrent requests do not queue behind
/// one another; the pool is bounded (by default by the cores) since each decoder holds its own
/// model search state and decoding is CPU-bound.
public actor PocketSphinxRecognizer: SpeechRecognizer {
    public nonisolated let name = "pocketsphinx"
    let model: PocketSphinxDecoder.Model
    let extraArguments: [String]
    let capacity: Int
    private var idle: [PocketSphinxDecoder] = []
    private var created = 0
    private var waiters: [CheckedContinuation<PocketSphinxDecoder, any Error>] = []

    public init(poolSize: Int = ProcessInfo.processInfo.activeProcessorCount, extraArguments: [String] = []) {
        self.model = .debian
        self.extraArguments = extraArguments
        self.capacity = max(1, poolSize)
    }

    /// Whether the engine and its model are installed.
    public nonisolated var isAvailable: Bool { PocketSphinxDecoder.Model.debian.isInstalled }

    /// Decoders made so far (for tests: the pool never grows past its capacity).
    public var decodersCreated: Int { created }

    public nonisolated func transcribe(_ samples: [Int16], mode: RecognitionMode) async throws -> Transcript {
        let decoder = try await checkOut()
        do {
            let (words, alternatives) = try await offCooperativePool { try decoder.decode(samples, mode: mode) }
            await checkIn(decoder)
            let duration = Double(samples.count) / 16_000
            if case .keywords(let phrases) = mode {
                return Transcript(words: KeywordSpotter.spot(phrases, in: words), duration: duration, engine: name)
            }
            return Transcript(words: words, alternatives: alternatives, duration: duration, engine: name)
        } catch {
            await checkIn(decoder)
            throw error
        }
    }

    private func checkOut() async throws -> PocketSphinxDecoder {
        if let decoder = idle.popLast() { return decoder }
        if created < capacity {
            created += 1
            do {
                let model = model, extraArguments = extraArguments
                return try await offCooperativePool { try PocketSphinxDecoder(model: model, extraArguments: extraArguments) }
            } catch {
                created -= 1
                throw error
            }
        }
        return try await withCheckedThrowingContinuation { waiters.append($0) }
    }

    private func checkIn(_ decoder: PocketSphinxDecoder) {
        if !waiters.isEmpty {
            waiters.removeFirst().resume(returning: decoder)
        } else {
            idle.append(decoder)
        }
    }
}
