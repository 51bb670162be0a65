/// A point on the drawing, in the document's pixels (0,0 is the top left).
public struct Point: Equatable, Hashable, Sendable {
    public var x: Double, y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
}

/// The brushes of the original Coloring Fun, plus the eraser.
public enum Brush: String, Codable, CaseIterable, Sendable {
    case crayon, marker, sparkle, chalk, hearts, dots, flowers, confetti, eraser
}

public enum ShapeKind: String, Codable, CaseIterable, Sendable {
    case line, rectangle, circle, star
}

/// One thing the child did. A drawing is the list of these, replayed in order, so undo and redo
/// are the same for every kind (a stroke, a fill, a background change or a clear).
public enum ColoringAction: Equatable, Sendable {
    /// A brush dragged through `points`; `seed` fixes the brush's texture and scatter.
    case stroke(brush: Brush, color: RGBA, size: Double, points: [Point], seed: UInt32)
    /// An emoji stamped with its centre at `at`, `size` pixels tall, turned `rotation` degrees clockwise.
    case stamp(emoji: String, at: Point, size: Double, rotation: Double, flipped: Bool)
    /// A shape dragged from `from` to `to` (a line's ends, or the box a rectangle, circle or star fills).
    case shape(kind: ShapeKind, from: Point, to: Point, color: RGBA, size: Double, filled: Bool)
    /// The fill bucket tapped at `at`: the region of like colour (within `tolerance`, 0–255) is painted.
    case fill(at: Point, color: RGBA, tolerance: Int)
    /// The paper's colour; what is painted stays on top of it.
    case background(RGBA)
    /// Everything painted so far goes (the background and the colouring page stay).
    case clear

    /// How many points the action carries (the document's bound counts them).
    var pointCount: Int {
        switch self {
        case .stroke(_, _, _, let points, _): points.count
        case .stamp, .fill: 1
        case .shape: 2
        case .background, .clear: 0
        }
    }
}
