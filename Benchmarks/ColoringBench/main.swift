// Coloring Fun's server-side figures, each as a ratio to a baseline measured in the same run:
//   - flood fill of a 2048×1536 canvas (the whole blank canvas, and one region of a busy drawing),
//     against one pass writing every pixel of the same canvas;
//   - rendering a 500-stroke drawing to a 1024×768 PNG, against encoding a blank PNG of that size.
// Run: swift run -c release coloring-bench [--out folder]   (writes the rendered PNG there to look at)
import Coloring
import Foundation

func median(_ runs: Int, _ work: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        try work()
        let elapsed = ContinuousClock.now - start
        times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }
    return times.sorted()[times.count / 2]
}

/// A child's scribbles: `count` strokes of 40 points each, every brush, seeded so runs repeat.
func scribbles(_ count: Int, width: Int, height: Int) -> ColoringDocument {
    var document = ColoringDocument(width: width, height: height)
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func random() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
    let brushes = Brush.allCases.filter { $0 != .eraser }
    for index in 0..<count {
        var x = random() * Double(width), y = random() * Double(height)
        var points: [Point] = []
        for _ in 0..<40 {
            points.append(Point(x, y))
            x = min(Double(width - 1), max(0, x + (random() - 0.5) * 40))
            y = min(Double(height - 1), max(0, y + (random() - 0.5) * 40))
        }
        try! document.perform(.stroke(brush: brushes[index % brushes.count], color: RGBA.crayons[index % 20],
                                      size: 6 + random() * 30, points: points, seed: UInt32(index)))
    }
    return document
}

let arguments = CommandLine.arguments
let out = arguments.firstIndex(of: "--out").map { URL(fileURLWithPath: arguments[$0 + 1]) }
let renderer = DrawingRenderer()

// Flood fill, 2048×1536.
let blank = Raster(width: 2048, height: 1536, fill: .white)
let busy = renderer.render(scribbles(500, width: 2048, height: 1536))
let writePass = median(9) { var canvas = blank; canvas.pixels.withUnsafeMutableBufferPointer { for i in $0.indices { $0[i] = 200 } }; precondition(canvas.pixels[7] == 200) }
let fillBlank = median(9) { var canvas = blank; FloodFill.fill(&canvas, x: 1024, y: 768, color: RGBA(237, 10, 63)) }
let busySeed = (0..<busy.height).lazy.flatMap { y in (0..<busy.width).lazy.map { (x: $0, y: y) } }.first { busy[$0.x, $0.y] == .white }!
let busyRegion = FloodFill.region(in: busy, x: busySeed.x, y: busySeed.y, tolerance: FloodFill.defaultTolerance)!.filter { $0 }.count
let fillBusy = median(9) { var canvas = busy; FloodFill.fill(&canvas, x: busySeed.x, y: busySeed.y, color: RGBA(237, 10, 63)) }
print(String(format: "flood fill 2048×1536, whole blank canvas: %.1f ms; %.1f× one pass writing every pixel (%.2f ms)", fillBlank, fillBlank / writePass, writePass))
print(String(format: "flood fill 2048×1536, a %d-pixel region of a 500-stroke drawing: %.1f ms; %.1f× the pass", busyRegion, fillBusy, fillBusy / writePass))

// Render a 500-stroke drawing to a 1024×768 PNG.
let drawing = scribbles(500, width: 1024, height: 768)
let white = Raster(width: 1024, height: 768, fill: .white)
let blankPNG = try median(9) { _ = try PNGEncoder.encode(white) }
var png = Data()
let renderOnly = median(5) { _ = renderer.render(drawing) }
let renderPNG = try median(5) { png = try PNGEncoder.encode(renderer.render(drawing)) }
print(String(format: "render 500 strokes to a 1024×768 PNG: %.0f ms (rendering %.0f ms), %d bytes; %.1f× encoding a blank PNG of that size (%.1f ms)",
             renderPNG, renderOnly, png.count, renderPNG / blankPNG, blankPNG))
if let out {
    try png.write(to: out.appendingPathComponent("coloring-500-strokes.png"))
    print("wrote \(out.appendingPathComponent("coloring-500-strokes.png").path)")
}
