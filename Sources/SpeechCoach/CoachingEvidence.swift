import Foundation

/// What a tip says and the moment it points at.
struct Evidence: Equatable, Sendable {
    var message: String
    var at: Double?
}

/// Finds, for each dimension, the most telling thing in the take to say, naming the numbers and the moment
/// (so the person can play it back). Nil when nothing specific stands out.
enum CoachingEvidence {
    /// Pause evidence starts this much earlier, so the person hears the words before the silence.
    static let leadIn = 1.5

    static func evidence(for dimension: Dimension, in analysis: TakeAnalysis) -> Evidence? {
        switch dimension {
        case .fillers: fillers(analysis)
        case .pace: pace(analysis)
        case .pauses: pauses(analysis)
        case .clarity: clarity(analysis)
        case .structure: structure(analysis)
        case .vocabulary: vocabulary(analysis)
        case .relevance: relevance(analysis)
        case .delivery: delivery(analysis)
        case .vocalVariety: vocalVariety(analysis)
        }
    }

    static func fillers(_ a: TakeAnalysis) -> Evidence? {
        let items = a.fillers.items
        var best = (count: 0, first: 0)
        var high = 0
        for low in items.indices {
            while high < items.count, items[high].start < items[low].start + 10 { high += 1 }
            if high - low > best.count { best = (high - low, low) }
        }
        if best.count >= 3 {
            let burst = items[best.first..<best.first + best.count]
            var said: [String] = []
            for item in burst where !said.contains(item.text) { said.append(item.text) }
            return Evidence(message: "\(best.count) fillers in 10 seconds around \(clockTime(burst.first!.start)) (\(quoted(said.prefix(3))))."
                + " Try the silent swap: close your mouth and pause where the filler would go.", at: burst.first!.start)
        }
        if let first = items.first, let word = a.words.first(where: { !$0.isFiller }), first.start <= word.start {
            return Evidence(message: "You opened with \(quoted([first.text])) at \(clockTime(first.start)): breathe in before your first word instead.",
                            at: first.start)
        }
        if let top = a.fillers.byWord.first, let first = items.first(where: { $0.text == top.text }) {
            let times = top.count == 1 ? "once, at \(clockTime(first.start))" : "\(top.count) times, first at \(clockTime(first.start))"
            return Evidence(message: "\(quoted([top.text])) came \(times). Pause silently instead.", at: first.start)
        }
        if a.textQuality.hedges > 0 {
            return Evidence(message: "Hedges count against you too: \(quoted(a.textQuality.hedgeExamples.prefix(2))). Say it as you mean it.", at: nil)
        }
        return nil
    }

    static func pace(_ a: TakeAnalysis) -> Evidence? {
        let delta = a.wpm.speaking - Double(a.wpm.target)
        if abs(delta) > 12 {
            let fast = delta > 0
            let extreme = fast ? a.pace.series.max { $0.wpm < $1.wpm } : a.pace.series.min { $0.wpm < $1.wpm }
            var message = "You spoke at \(Int(a.wpm.speaking.rounded())) words a minute against your target of \(a.wpm.target)"
            if let extreme { message += "; \(fast ? "fastest" : "slowest") around \(clockTime(extreme.start))" }
            message += fast ? ". Breathe at the end of each idea to slow down." : ". Keep the words flowing within each idea."
            return Evidence(message: message, at: extreme?.start)
        }
        if a.fluency.phonationRatio < 0.45, let longest = a.pauses.items.max(by: { $0.duration < $1.duration }) {
            return Evidence(message: "You were speaking for only \(Int((a.fluency.phonationRatio * 100).rounded())) % of the take;"
                + " the longest silence came at \(clockTime(longest.start)).", at: max(0, longest.start - leadIn))
        }
        if let cv = a.pace.rateVariation, cv < 0.05 || cv > 0.35, let fastest = a.pace.series.max(by: { $0.wpm < $1.wpm }),
           let slowest = a.pace.series.min(by: { $0.wpm < $1.wpm }) {
            return cv < 0.05
                ? Evidence(message: "Your pace hardly changed: slow down a little for the points that matter.", at: nil)
                : Evidence(message: "Your pace swung from \(Int(slowest.wpm.rounded())) to \(Int(fastest.wpm.rounded())) words a minute"
                    + " (fastest around \(clockTime(fastest.start))): aim for a steadier rhythm.", at: fastest.start)
        }
        return nil
    }

    static func pauses(_ a: TakeAnalysis) -> Evidence? {
        let items = a.pauses.items
        if items.isEmpty, let first = a.words.first {
            return Evidence(message: "You didn't pause once in \(Int(a.duration.rounded())) seconds: stop for a beat after each idea.", at: first.start)
        }
        let hesitations = items.filter { $0.kind == .hesitation }
        if hesitations.count > a.pauses.strategic, let longest = hesitations.max(by: { $0.duration < $1.duration }) {
            let place = longest.after.map { word in
                Gaps.canEndClause(word) ? "after \(quoted([word]))" : "mid-phrase, right after \(quoted([word]))"
            } ?? "next to a filler"
            return Evidence(message: "\(hesitations.count) of your \(items.count) pauses were hesitations; the longest, \(seconds(longest.duration))"
                + " at \(clockTime(longest.start)), came \(place). Finish the phrase, then pause.", at: max(0, longest.start - leadIn))
        }
        if a.fluency.meanLengthOfRun < 4, let first = items.first {
            return Evidence(message: "You spoke in bursts of about \(String(format: "%.1f", a.fluency.meanLengthOfRun)) words between stops:"
                + " link a whole idea before you pause.", at: max(0, first.start - leadIn))
        }
        if let average = a.pauses.averageSeconds, average > 3, let longest = items.max(by: { $0.duration < $1.duration }) {
            return Evidence(message: "Your pauses average \(seconds(average)): keep them under 2 seconds so listeners stay with you.",
                            at: max(0, longest.start - leadIn))
        }
        return nil
    }

    static func clarity(_ a: TakeAnalysis) -> Evidence? {
        if a.textQuality.hedges >= 3 {
            let examples = quoted(a.textQuality.hedgeExamples.prefix(2))
            return Evidence(message: "You hedged \(a.textQuality.hedges) times (\(examples)): say it as you mean it.", at: nil)
        }
        if let voiced = a.pitch?.voicedRatio, voiced < 0.25 {
            return Evidence(message: "Your voice was hard to pick up for most of the take: face the microphone and speak from the chest.", at: nil)
        }
        let words = a.words.filter { !$0.isFiller }
        guard words.count >= 5 else { return nil }
        var sum = words[0..<5].reduce(0) { $0 + $1.confidence }
        var lowest = (mean: sum / 5, start: 0)
        for index in 5..<words.count {
            sum += words[index].confidence - words[index - 5].confidence
            if sum / 5 < lowest.mean { lowest = (sum / 5, index - 4) }
        }
        guard lowest.mean < 0.5 else { return nil }
        return Evidence(message: "Some words were hard to make out around \(clockTime(words[lowest.start].start)): land the last sound of each word.",
                        at: words[lowest.start].start)
    }

    static func structure(_ a: TakeAnalysis) -> Evidence? {
        let firstWord = a.words.first { !$0.isFiller }?.start
        if a.fluency.substance < 35 {
            return Evidence(message: "Only \(a.wordCount) words: give a point, a reason and an example.", at: firstWord)
        }
        if let structure = a.structure, structure.restarts > 0 {
            let sentences = structure.restarts == 1 ? "1 sentence" : "\(structure.restarts) sentences"
            return Evidence(message: "You restarted \(sentences), first around \(clockTime(structure.firstRestartAt ?? 0)): pause, then say it once.",
                            at: structure.firstRestartAt)
        }
        if a.textQuality.conciseness < 55 {
            return Evidence(message: "Wordy stretches and repeated openings made it longer than it needed to be: say each point once.", at: nil)
        }
        if a.textQuality.transitions < 3, a.wordCount >= 40 {
            return Evidence(message: "Only \(a.textQuality.transitions) signpost words:"
                + " guide the listener with “first”, “because”, “for example”.", at: nil)
        }
        return nil
    }

    static func vocabulary(_ a: TakeAnalysis) -> Evidence? {
        if let phrase = a.vocabulary.repeatedPhrases.first {
            let at = firstOccurrence(of: phrase.phrase, in: a.words.filter { !$0.isFiller })
            let when = at.map { ", first at \(clockTime($0))" } ?? ""
            return Evidence(message: "\(quoted([phrase.phrase])) came \(phrase.count) times\(when): vary it.", at: at)
        }
        if a.vocabulary.mattr < 0.6 {
            return Evidence(message: "Many words came back again and again (variety \(String(format: "%.2f", a.vocabulary.mattr))):"
                + " swap one for a more precise word.", at: nil)
        }
        return nil
    }

    static func relevance(_ a: TakeAnalysis) -> Evidence? {
        let r = a.relevance
        if r.mode == .prompt {
            if r.answeredEarly == false, let first = a.words.first(where: { !$0.isFiller }) {
                return Evidence(message: "Your opening didn't touch the question: start with your answer, then explain.", at: first.start)
            }
            if let coverage = r.coverage, coverage < 0.5, !r.promptWordsMissing.isEmpty {
                let missing = quoted(r.promptWordsMissing.prefix(2), joiner: " or ")
                return Evidence(message: "You never mentioned \(missing): tie your answer back to the question.", at: nil)
            }
        } else if let coherence = r.coherence, coherence.score < 60 {
            return Evidence(message: "The ideas jumped around: link them with “because”, “so” or “for example”.", at: nil)
        }
        return nil
    }

    static func delivery(_ a: TakeAnalysis) -> Evidence? {
        if let volume = a.volume, volume.energyScore < 50 {
            return Evidence(message: "Your voice was quiet (about \(Int(volume.averageDB.rounded())) dBFS): project to the back of the room.", at: nil)
        }
        if a.emphasis.perMinute < 3 {
            let rate = String(format: "%.1f", a.emphasis.perMinute)
            return Evidence(message: "You stressed about \(rate) words a minute: lean on the key word of each sentence.",
                            at: a.emphasis.moments.first?.at)
        }
        return nil
    }

    static func vocalVariety(_ a: TakeAnalysis) -> Evidence? {
        if let range = a.pitch?.rangeSemitones, range < 6 {
            return Evidence(message: "Your pitch stayed within \(String(format: "%.1f", range)) semitones:"
                + " let it rise for questions and fall at the end of points.", at: nil)
        }
        if let variation = a.volume?.amplitudeVariation, variation < 0.15 {
            return Evidence(message: "Your loudness barely changed: get louder for the line that matters most.", at: nil)
        }
        return nil
    }

    static func firstOccurrence(of phrase: String, in words: [AnalyzedWord]) -> Double? {
        let parts = phrase.split(separator: " ").map(String.init)
        guard words.count >= parts.count else { return nil }
        for start in 0...(words.count - parts.count) where words[start..<start + parts.count].map(\.text) == parts {
            return words[start].start
        }
        return nil
    }

    static func quoted(_ words: some Sequence<String>, joiner: String = ", ") -> String {
        words.map { "“\($0)”" }.joined(separator: joiner)
    }

    static func seconds(_ value: Double) -> String { String(format: "%.1f s", value) }
}
