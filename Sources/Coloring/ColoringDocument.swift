/// A drawing: its size, the colouring page under it (if any) and every action, oldest first.
/// `undone` keeps actions taken back by Undo so Redo still works after the drawing is reopened.
public struct ColoringDocument: Equatable, Sendable {
    public static let currentVersion = 1
    public static let largestSide = 4096
    public static let brushSizes: ClosedRange<Double> = 6...80
    public static let maximumActions = 5_000
    public static let maximumPoints = 200_000
    public static let maximumPointsPerStroke = 20_000
    public static let stampSizes: ClosedRange<Double> = 16...512

    public var width: Int
    public var height: Int
    /// The colouring page's id (its outline is drawn on top of the child's paint).
    public var page: String?
    public private(set) var actions: [ColoringAction]
    public private(set) var undone: [ColoringAction]

    public init(width: Int = 1024, height: Int = 768, page: String? = nil,
                actions: [ColoringAction] = [], undone: [ColoringAction] = []) {
        self.width = width
        self.height = height
        self.page = page
        self.actions = actions
        self.undone = undone
    }

    /// The paper's colour after every action (white until a background is picked).
    public var background: RGBA {
        for action in actions.reversed() { if case .background(let color) = action { return color } }
        return .white
    }

    public var canUndo: Bool { !actions.isEmpty }
    public var canRedo: Bool { !undone.isEmpty }

    /// Does something new: it is kept, and what was undone can no longer be redone.
    public mutating func perform(_ action: ColoringAction) throws(ColoringError) {
        try Self.validate(action, width: width, height: height)
        guard actions.count < Self.maximumActions else { throw .tooManyActions(actions.count + 1) }
        let points = actions.reduce(0) { $0 + $1.pointCount } + action.pointCount
        guard points <= Self.maximumPoints else { throw .tooManyPoints(points) }
        let cost = actions.reduce(0) { $0 + $1.renderCost(width: width, height: height) } + action.renderCost(width: width, height: height)
        guard cost <= Self.maximumRenderCost else { throw .tooCostly(percent: Int((100 * cost / Self.maximumRenderCost).rounded(.up))) }
        actions.append(action)
        undone.removeAll()
    }

    /// Takes back the last action, whatever its kind (a clear or a background change too).
    public mutating func undo() throws(ColoringError) {
        guard let last = actions.popLast() else { throw .nothingToUndo }
        undone.append(last)
    }

    public mutating func redo() throws(ColoringError) {
        guard let next = undone.popLast() else { throw .nothingToRedo }
        actions.append(next)
    }

    /// Everything a device sent checked at once: the size, every action, and the bounds.
    public func validated() throws(ColoringError) -> ColoringDocument {
        guard (16...Self.largestSide).contains(width), (16...Self.largestSide).contains(height) else {
            throw .invalidSize(width: width, height: height)
        }
        let all = actions + undone
        guard all.count <= Self.maximumActions else { throw .tooManyActions(all.count) }
        let points = all.reduce(0) { $0 + $1.pointCount }
        guard points <= Self.maximumPoints else { throw .tooManyPoints(points) }
        if let page, PageCatalog.page(page) == nil { throw .invalidValue(field: "page", reason: "\(page.prefix(64)) is not one of the colouring pages.") }
        for action in all { try Self.validate(action, width: width, height: height) }
        return self
    }

    static func validate(_ action: ColoringAction, width: Int, height: Int) throws(ColoringError) {
        // Points may lie a little off the paper (a stroke that leaves the edge), not far.
        let xs = -Double(width)...(2 * Double(width)), ys = -Double(height)...(2 * Double(height))
        func check(_ point: Point, _ field: String) throws(ColoringError) {
            guard xs.contains(point.x), ys.contains(point.y) else {
                throw .invalidValue(field: field, reason: "(\(point.x), \(point.y)) is too far off the \(width)×\(height) paper.")
            }
        }
        func checkBrush(_ size: Double) throws(ColoringError) {
            guard size.isFinite, brushSizes.contains(size) else { throw .invalidBrushSize(size) }
        }
        switch action {
        case .stroke(_, _, let size, let points, _):
            try checkBrush(size)
            guard !points.isEmpty else { throw .invalidValue(field: "points", reason: "A stroke needs at least one point.") }
            guard points.count <= maximumPointsPerStroke else {
                throw .invalidValue(field: "points", reason: "A stroke has at most \(maximumPointsPerStroke) points (this one has \(points.count)).")
            }
            for point in points { try check(point, "points") }
        case .stamp(let emoji, let at, let size, let rotation, _):
            guard StampCatalog.stamp(emoji) != nil else {
                throw .invalidValue(field: "emoji", reason: "\(emoji.prefix(16)) is not one of the stamps.")
            }
            try check(at, "at")
            guard size.isFinite, stampSizes.contains(size) else {
                throw .invalidValue(field: "size", reason: "Stamps are \(Int(stampSizes.lowerBound)) to \(Int(stampSizes.upperBound)) pixels.")
            }
            guard rotation.isFinite, abs(rotation) <= 360 else { throw .invalidValue(field: "rotation", reason: "Rotation is -360 to 360 degrees.") }
        case .shape(_, let from, let to, _, let size, _):
            try checkBrush(size)
            try check(from, "from")
            try check(to, "to")
        case .fill(let at, _, let tolerance):
            guard (0..<Double(width)).contains(at.x), (0..<Double(height)).contains(at.y) else {
                throw .invalidValue(field: "at", reason: "The fill bucket must land on the paper.")
            }
            guard (0...255).contains(tolerance) else { throw .invalidValue(field: "tolerance", reason: "Tolerance is 0 to 255.") }
        case .background, .clear:
            break
        }
    }
}
