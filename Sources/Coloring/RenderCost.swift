/// What a drawing costs to render, in pixels touched (an estimate that grows with the real work):
/// a fill looks at the whole paper three times (paint over paper, the outline on top, the flood);
/// a stroke sweeps its brush along its path; a shape covers its box; a stamp its square. A drawing
/// is refused when saved if rendering it would cost more than `ColoringDocument.maximumRenderCost`,
/// so no drawing the server keeps can take a core for minutes.
extension ColoringAction {
    func renderCost(width: Int, height: Int) -> Double {
        let paper = Double(width) * Double(height)
        switch self {
        case .stroke(_, _, let size, let points, _):
            var length = 0.0
            for (a, b) in zip(points, points.dropFirst()) { length += ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }
            // Dabs every ~0.45–1.2 sizes, each a size² square: about 2.5 × length × size, and a dab per point at least.
            return min(2.5 * length * size + Double(points.count) * size * size, 4 * paper * Double(points.count))
        case .shape(_, let from, let to, _, let size, _):
            let box = (abs(to.x - from.x) + size) * (abs(to.y - from.y) + size)
            return min(box, 9 * paper)
        case .stamp(_, _, let size, _, _):
            return min(4 * size * size, 4 * paper)
        case .fill:
            return 3 * paper
        case .clear:
            return paper
        case .background:
            return 0
        }
    }
}

extension ColoringDocument {
    /// The most a kept drawing may cost to render: about 850 fills of the whole 1024×768 paper the
    /// app draws on, or 40 of a 4096×4096 one; one to two seconds of a core
    /// (Benchmarks/RenderBench measures it).
    public static let maximumRenderCost = 2_000_000_000.0

    /// What rendering the drawing costs (its undone actions too: Redo brings them back).
    public var renderCost: Double {
        (actions + undone).reduce(0) { $0 + $1.renderCost(width: width, height: height) }
    }

    /// The drawing, if rendering it costs at most `maximumRenderCost`. Checked on what a device
    /// sends, not on drawings already kept (one kept before the limit still opens and renders).
    public func withinRenderCost() throws(ColoringError) -> ColoringDocument {
        let cost = renderCost
        guard cost <= Self.maximumRenderCost else { throw .tooCostly(percent: Int((100 * cost / Self.maximumRenderCost).rounded(.up))) }
        return self
    }
}
