import Testing
@testable import Coloring

@Suite("the fill bucket")
struct FloodFillTests {
    static let red = RGBA(237, 10, 63)

    /// A picture with a one-pixel black ring around (x0…x1, y0…y1), white elsewhere.
    static func ring(size: Int, _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> Raster {
        var picture = Raster(width: size, height: size, fill: .white)
        for x in x0...x1 { picture[x, y0] = .black; picture[x, y1] = .black }
        for y in y0...y1 { picture[x0, y] = .black; picture[x1, y] = .black }
        return picture
    }

    @Test func oneEnclosedPixel() throws {
        let picture = Self.ring(size: 9, 3, 3, 5, 5)
        let region = try #require(FloodFill.region(in: picture, x: 4, y: 4, tolerance: 0))
        #expect(region.filter { $0 }.count == 1 && region[4 * 9 + 4])
    }

    @Test func theWholeCanvas() {
        var picture = Raster(width: 40, height: 30, fill: .white)
        FloodFill.fill(&picture, x: 39, y: 29, color: Self.red)
        #expect(picture == Raster(width: 40, height: 30, fill: Self.red))
    }

    @Test func anEnclosedRegionDoesNotLeak() throws {
        var picture = Self.ring(size: 20, 4, 4, 14, 14)
        FloodFill.fill(&picture, x: 9, y: 9, color: Self.red, tolerance: 0)
        #expect(picture[9, 9] == Self.red && picture[5, 5] == Self.red)
        #expect(picture[2, 2] == .white && picture[17, 9] == .white, "outside the ring stays white")
        // The one-pixel rim covers the ring's inner edge, not its outside.
        #expect(picture[4, 9] == Self.red && picture[3, 9] == .white)
        // Outside, the region is everything but the ring and its inside.
        let outside = try #require(FloodFill.region(in: Self.ring(size: 20, 4, 4, 14, 14), x: 0, y: 0, tolerance: 0))
        #expect(outside.filter { $0 }.count == 400 - 11 * 11)
    }

    @Test func toleranceDecidesHowFarAShadeCounts() throws {
        // A left-to-right ramp: each column 10 levels darker than the one before.
        var ramp = Raster(width: 10, height: 4)
        for y in 0..<4 { for x in 0..<10 { ramp[x, y] = RGBA(UInt8(250 - x * 10), UInt8(250 - x * 10), UInt8(250 - x * 10)) } }
        let columns = { (tolerance: Int) -> Int in FloodFill.region(in: ramp, x: 0, y: 0, tolerance: tolerance)!.filter { $0 }.count / 4 }
        #expect(columns(0) == 1)
        #expect(columns(9) == 1)
        #expect(columns(10) == 2)
        #expect(columns(35) == 4)
        #expect(columns(255) == 10)
    }

    @Test func offThePictureIsNothing() {
        let picture = Raster(width: 4, height: 4, fill: .white)
        #expect(FloodFill.region(in: picture, x: -1, y: 0, tolerance: 0) == nil)
        #expect(FloodFill.region(in: picture, x: 0, y: 4, tolerance: 0) == nil)
    }

    @Test func aColouringPagesRegionFillsUnderItsOutline() throws {
        // The page: a circle outline. The child fills inside it; the outline stays black on top.
        let outline: [ColoringAction] = [.shape(kind: .circle, from: Point(8, 8), to: Point(56, 56), color: .black, size: 6, filled: false)]
        let renderer = DrawingRenderer(outlines: ["ball": outline])
        var document = ColoringDocument(width: 64, height: 64, page: "ball")
        try document.perform(.fill(at: Point(32, 32), color: Self.red, tolerance: 48))
        let picture = renderer.render(document)
        #expect(picture[32, 32] == Self.red && picture[20, 32] == Self.red)
        #expect(picture[32, 8] == .black, "the outline is on top")
        #expect(picture[2, 2] == .white && picture[62, 32] == .white, "outside the circle is untouched")
    }
}
