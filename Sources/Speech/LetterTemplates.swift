import Audio
import CPocketSphinx
import Foundation
import Programs

/// Every letter name said by 96 espeak-ng voices (4 accents × 12 variants × 2 speeds), as
/// `LetterFeatures`: a letter a child says is compared with each letter's templates by dynamic time
/// warping, a second opinion beside the acoustic model's grammar scores that separates the E-set
/// (b/d/p/v…), vowels and m/n much better on their own (round3.md: +20 points of accuracy at the
/// same false-accept rate). The bank is made once from espeak-ng (about half a minute of CPU) and
/// kept in a file. No voice of the benchmark (flite) is in it.
public final class LetterTemplates: Sendable {
    /// Each letter's templates: where their frames start in `frames`, and how many.
    let offsets: [[Int32]]
    let lengths: [[Int32]]
    /// All templates' features, already divided by `scale`.
    let frames: [Float]
    /// Each dimension's standard deviation over the bank; a recording's features are divided by it too.
    let scale: [Float]
    let longest: Int

    /// Distances averaged per letter: the nearest few templates.
    static let nearest = 3
    /// How far the warping may leave the diagonal, as a share of the longer sequence.
    static let band: Float = 0.2
    /// A letter's distance when it was not compared.
    static let notCompared = 1e9

    var count: Int { offsets.reduce(0) { $0 + $1.count } }

    init(letters: [Int], lengths: [Int], frames: [Float], scale: [Float]) {
        var offsets = [[Int32]](repeating: [], count: 26), byLetter = [[Int32]](repeating: [], count: 26)
        var start = 0
        for (letter, length) in zip(letters, lengths) {
            offsets[letter].append(Int32(start))
            byLetter[letter].append(Int32(length))
            start += length
        }
        self.offsets = offsets
        self.lengths = byLetter
        self.frames = frames
        self.scale = scale
        self.longest = lengths.max() ?? 0
    }

    /// For each letter of `wanted` (0 = a), the mean distance from `features` (one letter of a
    /// recording, `LetterFeatures.letter`) to its nearest templates; `notCompared` for the others.
    func distances(_ features: [Float], wanted: Set<Int>) -> [Double] {
        var result = [Double](repeating: Self.notCompared, count: 26)
        let dimensions = LetterFeatures.dimensions, length = features.count / dimensions
        guard length > 0 else { return result }
        let query = features.indices.map { features[$0] / scale[$0 % dimensions] }
        var scratch = [Float](repeating: 0, count: 2 * (longest + 1))
        for letter in wanted.sorted() where !offsets[letter].isEmpty {
            var out = [Float](repeating: 0, count: offsets[letter].count)
            fz_dtw(query, Int32(length), frames, offsets[letter], lengths[letter], Int32(out.count), Int32(dimensions), Self.band,
                   &scratch, &out)
            let nearest = out.sorted().prefix(Self.nearest)
            result[letter] = nearest.reduce(0) { $0 + Double($1) } / Double(nearest.count)
        }
        return result
    }
}

// MARK: - Making the bank

extension LetterTemplates {
    /// One template recording: a letter name said by one voice (16 kHz mono).
    struct Clip: Sendable {
        var voice: Int
        var letter: Int
        var samples: [Int16]
    }

    /// The espeak-ng voices: accent, variant and speed (words per minute).
    static let voices: [(voice: String, speed: Int)] = {
        let variants = ["", "f1", "f3", "f5", "m1", "m3", "m5", "m7", "klatt", "klatt3", "Annie", "Andy"]
        return ["en-us", "en-us-nyc", "en-029", "en-gb-x-rp"].flatMap { accent in
            variants.flatMap { variant in [120, 170].map { (voice: variant.isEmpty ? accent : "\(accent)+\(variant)", speed: $0) } }
        }
    }()

    /// Every letter in every voice, from espeak-ng (a British voice's "z" is "zed", so it is left out).
    static func espeakClips() async throws -> [Clip] {
        let jobs = voices.indices.flatMap { voice in
            (0..<26).filter { !(voices[voice].voice.hasPrefix("en-gb") && $0 == 25) }.map { (voice: voice, letter: $0) }
        }
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        return try await withThrowingTaskGroup(of: Clip.self) { group in
            var clips: [Clip] = [], next = 0
            func start() {
                guard next < jobs.count else { return }
                let job = jobs[next]
                next += 1
                group.addTask { Clip(voice: job.voice, letter: job.letter, samples: try await espeakLetter(job.letter, voice: voices[job.voice])) }
            }
            for _ in 0..<width { start() }
            while let clip = try await group.next() {
                clips.append(clip)
                start()
            }
            return clips.sorted { ($0.voice, $0.letter) < ($1.voice, $1.letter) }
        }
    }

    private static func espeakLetter(_ letter: Int, voice: (voice: String, speed: Int)) async throws -> [Int16] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("letter-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: file) }
        let name = String(UnicodeScalar(UInt8(65 + letter)))
        _ = try await ProcessRunner.run("espeak-ng", ["-v", voice.voice, "-s", "\(voice.speed)", "-w", file.path, name])
        let data = try Data(contentsOf: file)
        let samples = PCMConversion.speechSamples(data, info: try WAVFile.parse(data))
        // espeak-ng's own leading and trailing quiet (under 0.5 % of full scale) is cut.
        guard let first = samples.firstIndex(where: { abs(Int($0)) > 164 }), let last = samples.lastIndex(where: { abs(Int($0)) > 164 }) else {
            return []
        }
        return Array(samples[first...last])
    }

    /// The bank from `clips`: each is set in 0.3 s of a quiet noise floor on each side, as a letter
    /// of a recording is; its speech is found by `LetterSegmenter`; each voice's mean over its
    /// letters' speech is taken out; every dimension is scaled by its spread over the whole bank.
    static func build(_ clips: [Clip], cepstra: ([[Int16]]) async throws -> [[Float]]) async throws -> LetterTemplates {
        var noise = UInt64(0x9E37_79B9_7F4A_7C15)
        let quiet = [Int16](repeating: 0, count: 4800)
        var placed: [(clip: Clip, samples: [Int16], core: ClosedRange<Int>)] = []
        for clip in clips where !clip.samples.isEmpty {
            let samples = (quiet + clip.samples + quiet).map { sample -> Int16 in
                noise = noise &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int16(clamping: Int(sample) + Int(noise >> 33) % 131 - 65)
            }
            let spans = LetterSegmenter.letters(samples)
            guard let first = spans.first, let last = spans.last else { continue }
            placed.append((clip, samples, first.core.lowerBound...last.core.upperBound))
        }
        let computed = try await cepstra(placed.map(\.samples))
        let found = zip(placed, computed).map { (clip: $0.clip, cepstra: $1, core: $0.core) }
        // Each voice's mean over the speech of all its letters.
        var sums: [Int: (sum: [Double], frames: Int)] = [:]
        for item in found {
            let mean = LetterFeatures.speakerMean(item.cepstra, cores: [item.core])
            let frames = min(item.core.upperBound, item.cepstra.count / LetterFeatures.cepstra - 1) - max(0, item.core.lowerBound) + 1
            guard frames > 0 else { continue }
            var total = sums[item.clip.voice] ?? ([Double](repeating: 0, count: LetterFeatures.cepstra), 0)
            for dimension in mean.indices { total.sum[dimension] += Double(mean[dimension]) * Double(frames) }
            total.frames += frames
            sums[item.clip.voice] = total
        }
        let means = sums.mapValues { total in total.sum.map { Float($0 / Double(total.frames)) } }
        var letters: [Int] = [], lengths: [Int] = [], frames: [Float] = []
        for item in found {
            guard let mean = means[item.clip.voice] else { continue }
            let features = LetterFeatures.letter(item.cepstra, core: item.core, mean: mean)
            guard !features.isEmpty else { continue }
            letters.append(item.clip.letter)
            lengths.append(features.count / LetterFeatures.dimensions)
            frames += features
        }
        let dimensions = LetterFeatures.dimensions, rows = frames.count / dimensions
        guard rows > 1 else { throw SpeechError.engineUnavailable("espeak-ng made no letter templates") }
        var scale = [Float](repeating: 1, count: dimensions)
        for dimension in 0..<dimensions {
            var sum = 0.0, squares = 0.0
            for row in 0..<rows { let value = Double(frames[row * dimensions + dimension]); sum += value; squares += value * value }
            let mean = sum / Double(rows)
            scale[dimension] = Float(max(1e-6, (squares / Double(rows) - mean * mean).squareRoot()))
        }
        for index in frames.indices { frames[index] /= scale[index % dimensions] }
        return LetterTemplates(letters: letters, lengths: lengths, frames: frames, scale: scale)
    }
}

// MARK: - The bank's file

extension LetterTemplates {
    private static let magic = Array("FZLT".utf8)
    private static let version: UInt32 = 2

    /// "FZLT", version, template count, then the scale, each template's letter and length, and the
    /// frames (little-endian).
    func encoded() -> Data {
        var data = Data(Self.magic)
        func append<Value>(_ values: [Value]) { values.withUnsafeBytes { data.append(contentsOf: $0) } }
        var letterOf: [UInt32] = [], lengthOf: [UInt32] = []
        var ordered: [Float] = []
        for letter in 0..<26 {
            for (offset, length) in zip(offsets[letter], lengths[letter]) {
                letterOf.append(UInt32(letter))
                lengthOf.append(UInt32(length))
                let start = Int(offset) * LetterFeatures.dimensions
                ordered += frames[start..<(start + Int(length) * LetterFeatures.dimensions)]
            }
        }
        append([Self.version, UInt32(letterOf.count)])
        append(scale)
        append(letterOf)
        append(lengthOf)
        append(ordered)
        return data
    }

    /// The bank from `encoded()`, or nil for anything else (another version, a cut file).
    convenience init?(encoded data: Data) {
        let bytes = [UInt8](data)
        var position = 0
        func read<Value>(_ count: Int, as: Value.Type) -> [Value]? {
            let size = count * MemoryLayout<Value>.size
            guard count >= 0, position + size <= bytes.count else { return nil }
            defer { position += size }
            return bytes[position..<(position + size)].withUnsafeBytes { Array($0.bindMemory(to: Value.self)) }
        }
        guard Array(bytes.prefix(4)) == Self.magic else { return nil }
        position = 4
        guard let header = read(2, as: UInt32.self), header[0] == Self.version, header[1] < 100_000,
              let scale = read(LetterFeatures.dimensions, as: Float.self),
              let letters = read(Int(header[1]), as: UInt32.self), letters.allSatisfy({ $0 < 26 }),
              let lengths = read(Int(header[1]), as: UInt32.self), lengths.allSatisfy({ $0 > 0 && $0 < 10_000 }),
              let frames = read(lengths.reduce(0) { $0 + Int($1) } * LetterFeatures.dimensions, as: Float.self),
              position == bytes.count else { return nil }
        self.init(letters: letters.map(Int.init), lengths: lengths.map(Int.init), frames: frames, scale: scale)
    }

    /// The bank kept in `file`, or made from espeak-ng and kept there (written whole or not at all,
    /// so processes sharing the file never read half of one).
    static func load(file: URL, cepstra: @escaping @Sendable ([[Int16]]) async throws -> [[Float]]) async throws -> LetterTemplates {
        if let data = try? Data(contentsOf: file), let bank = LetterTemplates(encoded: data) { return bank }
        let bank = try await build(try await espeakClips(), cepstra: cepstra)
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? bank.encoded().write(to: file, options: .atomic)
        return bank
    }
}
