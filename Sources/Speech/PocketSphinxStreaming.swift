import CPocketSphinx
import Foundation

/// A decoder fed a live recording as it arrives, one stretch (see `PauseSegmenter`) at a time:
/// the words so far can be read at any moment, and a stretch's words with their times come back
/// when it ends. Each stretch is a new stream, as in `runUtterance`, so what one stretch heard
/// does not change the next.
extension PocketSphinxDecoder {
    /// Starts a stretch on the language model.
    func beginStretch() throws(SpeechError) {
        ps_set_search(decoder, defaultSearch)
        guard ps_start_stream(decoder) == 0, ps_start_utt(decoder) == 0 else { throw .engineUnavailable("could not start an utterance") }
    }

    /// Decodes more of the current stretch.
    func feed(_ samples: ArraySlice<Int16>) {
        guard !samples.isEmpty else { return }
        samples.withUnsafeBufferPointer { buffer in
            _ = ps_process_raw(decoder, buffer.baseAddress, buffer.count, 0, 0)
        }
    }

    /// Words of the current stretch's best hypothesis so far (fillers and silences left out).
    func partialWords() -> [String] {
        var score: Int32 = 0
        guard let hypothesis = ps_get_hyp(decoder, &score) else { return [] }
        return String(cString: hypothesis).split(separator: " ").compactMap { Self.spokenWord(String($0)) }
    }

    /// Ends the stretch: its words, with times from the stretch's start.
    func endStretch() -> [RecognizedWord] {
        ps_end_utt(decoder)
        return segments()
    }
}
