/// Why a take cannot be analysed or a setting cannot be saved.
public enum CoachError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A time, a duration or a signal value is not a finite number, or a word ends before it starts.
    case invalidInput(String)
    /// A manual pace target outside 100…200 words a minute.
    case targetOutOfRange(Int)
    /// One weight outside 0…30 %.
    case weightOutOfRange(Dimension, Int)
    /// The weights must add up to exactly 100 %.
    case weightsDoNotTotal100(Int)
    /// An entry of a filler list that is empty, too long or not made of letters.
    case invalidFillerEntry(String)
    /// More entries than a filler list may hold.
    case tooManyFillers(Int)
    /// "Remove a default" named something that is not one of the default fillers.
    case notADefaultFiller(String)
    /// The same entry twice: in one list, in both added lists, or both added and removed.
    case conflictingFillerEntry(String)
    /// Show and Tell is for grades 1 to 4.
    case gradeOutOfRange(Int)
    /// A session setting (countdown, default length) outside what is offered: the field and why.
    case invalidSetting(String, String)

    public var description: String {
        switch self {
        case .invalidInput(let why): "The take cannot be analysed: \(why)."
        case .targetOutOfRange(let wpm): "A pace target of \(wpm) words a minute is outside 100 to 200."
        case .weightOutOfRange(let dimension, let value): "The \(dimension.rawValue) weight is \(value) %; each weight is 0 to 30 %."
        case .weightsDoNotTotal100(let total): "The weights add up to \(total) %; they must total 100 %."
        case .invalidFillerEntry(let entry): "\"\(entry)\" cannot be a filler: use 1 to 3 words of letters."
        case .tooManyFillers(let count): "\(count) entries is too many: a filler list holds up to \(FillerLists.maximumEntries)."
        case .notADefaultFiller(let entry): "\"\(entry)\" is not one of the default fillers, so it cannot be removed."
        case .conflictingFillerEntry(let entry): "\"\(entry)\" is listed twice in the filler lists."
        case .gradeOutOfRange(let grade): "Show and Tell is for grades 1 to 4, not \(grade)."
        case .invalidSetting(_, let why): why
        }
    }
}
