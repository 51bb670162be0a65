import CPocketSphinx

extension SteadyStretches {
    /// Energy (dB) and voicing per frame of `samples`, on the front end's grid (see `fz_energy_voicing`).
    static func energyAndVoicing(_ samples: [Int16], frames: Int) -> (energy: [Float], voicing: [Float]) {
        var energy = [Float](repeating: 0, count: frames), voicing = [Float](repeating: 0, count: frames)
        var scratch = [Float](repeating: 0, count: 1_536)
        samples.withUnsafeBufferPointer { pcm in
            fz_energy_voicing(pcm.baseAddress, pcm.count, Int32(frames), &energy, &voicing, &scratch)
        }
        return (energy, voicing)
    }
}

extension PocketSphinxDecoder {
    /// Filled pauses in the steady stretches of a recording (`SteadyStretches`): each stretch, with
    /// 50 ms before and 150 ms after it, decoded alone with `FilledPauses.steadyGrammar`.
    func steadyFillers(_ samples: [Int16]) throws(SpeechError) -> [Filler] {
        let cepstra = try cepstra(samples)
        let count = cepstra.count / 13
        let (energy, voicing) = SteadyStretches.energyAndVoicing(samples, frames: count)
        var found: [Filler] = []
        for stretch in SteadyStretches.find(SteadyStretches.Frames(cepstra: cepstra, energy: energy, voicing: voicing)) {
            let first = max(0, stretch.lowerBound - 5) * 160
            let last = min(samples.count, min(count, stretch.upperBound + 15) * 160)
            guard first < last else { continue }
            let (words, _) = try decode(Array(samples[first..<last]), mode: .grammar(FilledPauses.steadyGrammar))
            found += FilledPauses.steady(words, from: Double(first) / 16_000)
        }
        return found
    }
}
