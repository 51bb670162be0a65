import Foundation
import Testing
@testable import Coloring

@Suite("rendering a drawing")
struct RenderTests {
    let renderer = DrawingRenderer()

    func render(_ actions: [ColoringAction], width: Int = 16, height: Int = 16) throws -> Raster {
        var document = ColoringDocument(width: width, height: height)
        for action in actions { try document.perform(action) }
        return renderer.render(document)
    }

    @Test func aFilledRectangleOnPixelEdgesIsExact() throws {
        let picture = try render([.shape(kind: .rectangle, from: Point(4, 4), to: Point(12, 8), color: RGBA(0, 0, 255), size: 6, filled: true)])
        // Expected picture: blue where 4 ≤ x < 12 and 4 ≤ y < 8, white elsewhere.
        var expected = Raster(width: 16, height: 16, fill: .white)
        for y in 4..<8 { for x in 4..<12 { expected[x, y] = RGBA(0, 0, 255) } }
        #expect(picture == expected)
    }

    @Test func aMarkerIsSeeThrough() throws {
        let picture = try render([.stroke(brush: .marker, color: RGBA(255, 0, 0), size: 8, points: [Point(2, 8), Point(14, 8)], seed: 0)])
        // Alpha 200 of red over white paper: (255, 55, 55).
        #expect(picture[8, 8] == RGBA(255, 55, 55))
        #expect(picture[8, 1] == .white)
        // Two marker strokes over each other darken; one stroke over itself does not.
        let twice = try render([
            .stroke(brush: .marker, color: RGBA(255, 0, 0), size: 8, points: [Point(2, 8), Point(14, 8)], seed: 0),
            .stroke(brush: .marker, color: RGBA(255, 0, 0), size: 8, points: [Point(8, 2), Point(8, 14)], seed: 0),
        ])
        #expect(twice[8, 8] == RGBA(255, 12, 12))
        let zigzag = try render([.stroke(brush: .marker, color: RGBA(255, 0, 0), size: 8, points: [Point(2, 8), Point(14, 8), Point(2, 8)], seed: 0)])
        #expect(zigzag[8, 8] == RGBA(255, 55, 55))
    }

    @Test func theBackgroundIsUnderThePaintAndClearKeepsIt() throws {
        let stroke = ColoringAction.stroke(brush: .marker, color: RGBA(255, 0, 0), size: 8, points: [Point(2, 8), Point(14, 8)], seed: 0)
        let picture = try render([stroke, .background(RGBA(0, 0, 0))])
        #expect(picture[8, 8] == RGBA(200, 0, 0), "the paint stays over the new paper colour")
        #expect(picture[8, 1] == RGBA(0, 0, 0))
        #expect(try render([stroke, .background(RGBA(0, 0, 0)), .clear]) == Raster(width: 16, height: 16, fill: .black))
    }

    @Test func theEraserShowsThePaper() throws {
        let picture = try render([
            .background(RGBA(251, 232, 112)),
            .shape(kind: .rectangle, from: Point(0, 0), to: Point(16, 16), color: RGBA(0, 0, 255), size: 6, filled: true),
            .stroke(brush: .eraser, color: .white, size: 6, points: [Point(8, 0), Point(8, 16)], seed: 0),
        ])
        #expect(picture[8, 8] == RGBA(251, 232, 112))
        #expect(picture[1, 8] == RGBA(0, 0, 255))
    }

    @Test func texturesRepeatForTheSameSeed() throws {
        for brush in Brush.allCases where brush != .eraser {
            let stroke = { (seed: UInt32) in ColoringAction.stroke(brush: brush, color: RGBA(58, 166, 85), size: 24, points: [Point(5, 40), Point(120, 60)], seed: seed) }
            let first = try render([stroke(1)], width: 128, height: 96), again = try render([stroke(1)], width: 128, height: 96)
            #expect(first == again, "\(brush)")
            #expect(first != Raster(width: 128, height: 96, fill: .white), "\(brush) paints")
            if [.crayon, .chalk, .sparkle, .confetti].contains(brush) {
                #expect(try render([stroke(2)], width: 128, height: 96) != first, "\(brush) changes with the seed")
            }
        }
    }

    @Test func patternBrushesPlaceShapesAtEvenSteps() {
        let steps = BrushPainter.steps(along: [Point(0, 0), Point(10, 0), Point(10, 10)], every: 5)
        #expect(steps == [Point(0, 0), Point(5, 0), Point(10, 0), Point(10, 5), Point(10, 10)])
        #expect(BrushPainter.steps(along: [Point(3, 3)], every: 5) == [Point(3, 3)])
    }

    @Test func everyShapeDrawsInsideItsBox() throws {
        for kind in ShapeKind.allCases {
            for filled in [false, true] {
                let picture = try render([.shape(kind: kind, from: Point(20, 20), to: Point(80, 70), color: .black, size: 6, filled: filled)],
                                         width: 100, height: 90)
                let dark = (0..<90).flatMap { y in (0..<100).filter { x in picture[x, y] != .white }.map { (x: $0, y: y) } }
                #expect(!dark.isEmpty, "\(kind) filled: \(filled)")
                #expect(dark.allSatisfy { $0.x >= 16 && $0.x <= 84 && $0.y >= 16 && $0.y <= 74 }, "\(kind) stays in its box")
                if filled && kind != .line { #expect(picture[50, 45] == .black, "\(kind) is filled at its centre") }
                if !filled && kind != .line { #expect(picture[50, 47] == .white, "\(kind) outline is hollow") }
            }
        }
    }

    @Test func stampsAreScaledTurnedAndMirrored() throws {
        // A stamp picture whose left half is red and right half blue.
        var image = Raster(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 { image[x, y] = x < 4 ? RGBA(255, 0, 0) : RGBA(0, 0, 255) } }
        struct Halves: StampArtwork { let image: Raster; func image(for emoji: String) -> Raster? { image } }
        let renderer = DrawingRenderer(stamps: Halves(image: image))
        func stamp(rotation: Double, flipped: Bool) throws -> Raster {
            var document = ColoringDocument(width: 64, height: 64)
            try document.perform(.stamp(emoji: "🐞", at: Point(32, 32), size: 32, rotation: rotation, flipped: flipped))
            return renderer.render(document)
        }
        let plain = try stamp(rotation: 0, flipped: false)
        #expect(plain[22, 32] == RGBA(255, 0, 0) && plain[42, 32] == RGBA(0, 0, 255) && plain[5, 5] == .white)
        let mirrored = try stamp(rotation: 0, flipped: true)
        #expect(mirrored[22, 32] == RGBA(0, 0, 255) && mirrored[42, 32] == RGBA(255, 0, 0))
        let turned = try stamp(rotation: 90, flipped: false)  // clockwise: the left half ends up on top
        #expect(turned[32, 22] == RGBA(255, 0, 0) && turned[32, 42] == RGBA(0, 0, 255))
    }

    @Test func pngRoundTripAndThumbnail() throws {
        var document = ColoringDocument(width: 120, height: 80)
        try document.perform(.background(RGBA(147, 223, 184)))
        try document.perform(.stroke(brush: .crayon, color: RGBA(237, 10, 63), size: 20, points: [Point(10, 10), Point(110, 70)], seed: 9))
        try document.perform(.shape(kind: .star, from: Point(60, 5), to: Point(115, 60), color: RGBA(0, 102, 255), size: 6, filled: true))
        let picture = renderer.render(document)
        let png = try PNGEncoder.encode(picture)
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(try PNGDecoder.decode(png) == picture)
        let withAlpha = try PNGEncoder.encode(picture, opaque: false)
        #expect(try PNGDecoder.decode(withAlpha) == picture)
        #expect(throws: PNGDecoder.Error.notPNG) { try PNGDecoder.decode(Data("GIF89a".utf8)) }

        var checker = Raster(width: 4, height: 2)
        for x in 0..<4 { checker[x, 0] = .white; checker[x, 1] = .black }
        let small = checker.thumbnail(maxWidth: 2, maxHeight: 1)
        #expect(small.width == 2 && small.height == 1 && small[0, 0] == RGBA(128, 128, 128))
    }
}

@Suite("stamp pictures from the colour emoji font")
struct ColorEmojiFontTests {
    @Test(.enabled(if: FileManager.default.fileExists(atPath: ColorEmojiFont.notoPath), "fonts-noto-color-emoji is installed by scripts/install-deps"))
    func everyStampHasAPicture() throws {
        let font = try ColorEmojiFont()
        for stamp in StampCatalog.categories.flatMap(\.stamps) {
            let image = try #require(font.image(for: stamp.emoji), "\(stamp.name)")
            #expect(image.width >= 100 && image.height >= 100, "\(stamp.name)")
            let opaque = stride(from: 3, to: image.pixels.count, by: 4).filter { image.pixels[$0] == 255 }.count
            #expect(opaque > image.width * image.height / 8, "\(stamp.name) has a solid picture")
        }
        #expect(font.image(for: "⭐\u{FE0F}") == font.image(for: "⭐"))
        #expect(font.image(for: "AB") == nil)
        // A dog stamped on white paper is mostly not white where it sits.
        var document = ColoringDocument(width: 200, height: 200)
        try document.perform(.stamp(emoji: "🐶", at: Point(100, 100), size: 120, rotation: 0, flipped: false))
        let picture = DrawingRenderer(stamps: font).render(document)
        let covered = (60..<140).flatMap { y in (60..<140).map { picture[$0, y] } }.filter { $0 != .white }.count
        #expect(covered > 80 * 80 / 2)
    }

    @Test func aFileThatIsNotAFontIsRefused() {
        #expect(throws: ColorEmojiFont.Error.self) { try ColorEmojiFont(data: Data("not a font at all".utf8)) }
    }

    @Test func theCatalogHasFiveCategoriesOfKnownStamps() {
        #expect(StampCatalog.categories.map(\.id) == ["animals", "insects", "plants", "fun", "faces"])
        #expect(StampCatalog.stamp("🐝")?.sound == "Buzz buzz!")
        #expect(StampCatalog.stamp("⭐\u{FE0F}")?.name == "star")
        #expect(StampCatalog.stamp("🦖") == nil)
    }
}
