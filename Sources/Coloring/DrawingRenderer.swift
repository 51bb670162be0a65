/// Turns a drawing into pixels by replaying its actions: paint goes on a clear layer over the
/// paper's colour, and the colouring page's outline stays on top of everything. The fill bucket
/// looks at what the child sees (paper, paint and outline) to find its region.
public struct DrawingRenderer: Sendable {
    public var stamps: (any StampArtwork)?
    /// Colouring pages' line art by page id, drawn as actions on their own layer.
    public var outlines: [String: [ColoringAction]]

    public init(stamps: (any StampArtwork)? = nil, outlines: [String: [ColoringAction]] = [:]) {
        self.stamps = stamps
        self.outlines = outlines
    }

    /// The finished, opaque picture at the document's size.
    public func render(_ document: ColoringDocument) -> Raster {
        // Never stopped, so never thrown.
        (try? render(document, stoppingWhen: { false })) ?? Raster(width: document.width, height: document.height, fill: .white)
    }

    /// The picture, or `ColoringError.renderStopped` as soon as `shouldStop` says so (asked before
    /// each action: its client has gone, or its time is up).
    public func render(_ document: ColoringDocument, stoppingWhen shouldStop: () -> Bool) throws(ColoringError) -> Raster {
        let outline = try document.page.flatMap { outlines[$0] }.map { (actions) throws(ColoringError) in
            var background = RGBA.white
            return try paintLayer(actions, width: document.width, height: document.height, outline: nil, background: &background, shouldStop: shouldStop)
        }
        var background = RGBA.white
        let layer = try paintLayer(document.actions, width: document.width, height: document.height, outline: outline, background: &background,
                                   shouldStop: shouldStop)
        var picture = layer.composited(over: Raster(width: document.width, height: document.height, fill: background))
        if let outline { picture = outline.composited(over: picture) }
        return picture
    }

    private func paintLayer(_ actions: [ColoringAction], width: Int, height: Int, outline: Raster?, background: inout RGBA,
                            shouldStop: () -> Bool) throws(ColoringError) -> Raster {
        var layer = Raster(width: width, height: height)
        for action in actions {
            if shouldStop() { throw .renderStopped }
            switch action {
            case .stroke(let brush, let color, let size, let points, let seed):
                BrushPainter.paint(brush, color: color, size: size, points: points, seed: seed, onto: &layer)
            case .shape(let kind, let from, let to, let color, let size, let filled):
                ShapePainter.paint(kind, from: from, to: to, color: color, size: size, filled: filled, onto: &layer)
            case .stamp(let emoji, let at, let size, let rotation, let flipped):
                if let image = stamps?.image(for: emoji) {
                    StampPainter.paint(image, at: at, size: size, rotation: rotation, flipped: flipped, onto: &layer)
                }
            case .fill(let at, let color, let tolerance):
                var seen = layer.composited(over: Raster(width: width, height: height, fill: background))
                if let outline { seen = outline.composited(over: seen) }
                FloodFill.fill(layer: &layer, seeing: seen, x: Int(at.x), y: Int(at.y), color: color, tolerance: tolerance)
            case .background(let color):
                background = color
            case .clear:
                layer = Raster(width: width, height: height)
            }
        }
        return layer
    }
}
