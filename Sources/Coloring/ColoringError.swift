/// What can be wrong with a drawing a device sends; each case names the part to fix.
public enum ColoringError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(String)
    case unsupportedVersion(Int)
    case invalidSize(width: Int, height: Int)
    case invalidColor(String)
    case invalidBrushSize(Double)
    case invalidValue(field: String, reason: String)
    case tooManyActions(Int)
    case tooManyPoints(Int)
    case nothingToUndo
    case nothingToRedo
    /// Rendering it would cost more than `ColoringDocument.maximumRenderCost` (its share of it, in percent).
    case tooCostly(percent: Int)
    /// A render was stopped before its end (its client went, or the server is stopping).
    case renderStopped
    /// A render ran out of its time (a drawing kept before the cost limit, on a busy machine).
    case renderTooLong

    public var description: String {
        switch self {
        case .unreadable(let reason): "The drawing could not be read: \(reason)"
        case .unsupportedVersion(let version): "Drawing version \(version) is not known (this server reads version \(ColoringDocument.currentVersion))."
        case .invalidSize(let width, let height):
            "A drawing is 16 to \(ColoringDocument.largestSide) pixels a side (this one is \(width)×\(height))."
        case .invalidColor(let text): "\"\(text)\" is not a colour like #ff8800."
        case .invalidBrushSize(let size):
            "Brush sizes are \(Int(ColoringDocument.brushSizes.lowerBound)) to \(Int(ColoringDocument.brushSizes.upperBound)) (this one is \(size))."
        case .invalidValue(let field, let reason): "\(field): \(reason)"
        case .tooManyActions(let count): "A drawing keeps at most \(ColoringDocument.maximumActions) actions (this one has \(count))."
        case .tooManyPoints(let count): "A drawing keeps at most \(ColoringDocument.maximumPoints) points (this one has \(count))."
        case .nothingToUndo: "There is nothing to undo."
        case .nothingToRedo: "There is nothing to redo."
        case .tooCostly(let percent):
            "This drawing has too much in it to draw again (\(percent)% of the most a drawing may hold; fills of the whole page cost most). Start a new drawing."
        case .renderStopped: "The picture was not finished: drawing it was stopped."
        case .renderTooLong: "This picture takes too long to draw, so it has no preview or download. Start a new drawing."
        }
    }
}
