@testable import SpeechCoach

/// Timed words from a line of text, so a test reads like the take it describes. Each word lasts `word`
/// seconds with `gap` between sounds; "_0.8" replaces the next gap with 0.8 s of silence; "(um)" is a
/// filled pause the speech module heard; "{you know}" is a discourse marker it judged (its words stay in
/// the transcript, as pocketsphinx's speech module leaves them); "~0.2" sets the next word's confidence.
struct Script {
    var words: [TimedWord] = []
    var fillers: [HeardFiller] = []
    var end = 0.0

    init(_ text: String, word: Double = 0.3, gap: Double = 0.1, start: Double = 0, confidence: Double = 0.9) {
        var time = start
        var pending: Double?
        var first = true
        var nextConfidence: Double?
        var marker: (text: [String], start: Double)?
        func place() -> (Double, Double) {
            time += pending ?? (first ? 0 : gap)
            pending = nil
            first = false
            defer { time += word }
            return (time, time + word)
        }
        for piece in text.split(separator: " ").map(String.init) {
            if piece.hasPrefix("_"), let seconds = Double(piece.dropFirst()) { pending = seconds; continue }
            if piece.hasPrefix("~"), let value = Double(piece.dropFirst()) { nextConfidence = value; continue }
            if piece.hasPrefix("("), piece.hasSuffix(")") {
                let (from, to) = place()
                fillers.append(HeardFiller(text: String(piece.dropFirst().dropLast()), start: from, end: to, kind: .hesitation))
                continue
            }
            var text = piece
            if text.hasPrefix("{") { text.removeFirst(); marker = ([], 0) }
            let closes = text.hasSuffix("}")
            if closes { text.removeLast() }
            let (from, to) = place()
            words.append(TimedWord(text: text, start: from, end: to, confidence: nextConfidence ?? confidence))
            nextConfidence = nil
            if marker != nil {
                if marker!.text.isEmpty { marker!.start = from }
                marker!.text.append(text)
                if closes {
                    fillers.append(HeardFiller(text: marker!.text.joined(separator: " "), start: marker!.start, end: to, kind: .lexical))
                    marker = nil
                }
            }
        }
        end = time
    }

    func input(duration: Double? = nil, settings: CoachSettings = CoachSettings(), prompt: String? = nil,
               markersJudged: Bool = true, levels: [Double]? = nil, pitch: [Double]? = nil, voicedRatio: Double? = nil) -> TakeInput {
        TakeInput(words: words, fillers: fillers, duration: duration ?? end, levels: levels, pitch: pitch, voicedRatio: voicedRatio,
                  prompt: prompt, settings: settings, markersJudged: markersJudged)
    }

    func analyze(duration: Double? = nil, settings: CoachSettings = CoachSettings(), prompt: String? = nil,
                 markersJudged: Bool = true, levels: [Double]? = nil, pitch: [Double]? = nil) throws -> TakeAnalysis {
        try Coach.analyze(input(duration: duration, settings: settings, prompt: prompt, markersJudged: markersJudged,
                                levels: levels, pitch: pitch))
    }
}

/// Fillers the coach finds in a script (texts in order).
func fillerTexts(_ script: String, markersJudged: Bool = false, lists: FillerLists = FillerLists()) throws -> [String] {
    var settings = CoachSettings()
    settings.fillers = lists
    return try Script(script).analyze(settings: settings, markersJudged: markersJudged).fillers.items.map(\.text)
}
