import Foundation
import Testing
@testable import Coloring

/// What a drawing may cost to render, checked when it is kept, and a render that stops when told.
@Suite("the cost of rendering a drawing")
struct RenderCostTests {
    static let red = RGBA(255, 0, 0)

    @Test func aFillCostsThreeTimesThePaperAndABackgroundNothing() {
        #expect(ColoringAction.fill(at: Point(1, 1), color: Self.red, tolerance: 32).renderCost(width: 1024, height: 768) == 3 * 1024 * 768)
        #expect(ColoringAction.background(Self.red).renderCost(width: 4096, height: 4096) == 0)
        #expect(ColoringAction.clear.renderCost(width: 100, height: 10) == 1000)
    }

    @Test func aStrokeCostsItsPathTimesItsBrush() {
        let short = ColoringAction.stroke(brush: .crayon, color: Self.red, size: 10, points: [Point(0, 0), Point(100, 0)], seed: 1)
        let long = ColoringAction.stroke(brush: .crayon, color: Self.red, size: 10, points: [Point(0, 0), Point(1000, 0)], seed: 1)
        let wide = ColoringAction.stroke(brush: .crayon, color: Self.red, size: 80, points: [Point(0, 0), Point(100, 0)], seed: 1)
        let shortCost: Double = short.renderCost(width: 1024, height: 768)
        let longCost: Double = long.renderCost(width: 1024, height: 768)
        let wideCost: Double = wide.renderCost(width: 1024, height: 768)
        #expect(shortCost == 2_700)  // 2.5 × 100 × 10 + 2 points × 10²
        #expect(longCost > 9 * shortCost)
        #expect(wideCost > 7 * shortCost)
    }

    @Test func aChildsBusyPictureIsKeptButThousandsOfFillsOnTheBiggestPaperAreNot() throws {
        var busy = ColoringDocument(width: 1024, height: 768)
        for index in 0..<800 { try busy.perform(.fill(at: Point(Double(index % 1000), 10), color: Self.red, tolerance: 32)) }
        #expect(throws: Never.self) { try busy.validated().withinRenderCost() }

        var huge = ColoringDocument(width: 4096, height: 4096)
        for index in 0..<39 { try huge.perform(.fill(at: Point(Double(index), 10), color: Self.red, tolerance: 32)) }
        #expect(throws: ColoringError.self) { try huge.perform(.fill(at: Point(1, 1), color: Self.red, tolerance: 32)) }
        #expect(huge.actions.count == 39)

        // A device sending the whole document at once is refused the same way, with how far over it is.
        let sent = ColoringDocument(width: 4096, height: 4096, actions: Array(repeating: .fill(at: Point(1, 1), color: Self.red, tolerance: 32), count: 5_000))
        do {
            _ = try sent.validated().withinRenderCost()
            Issue.record("5,000 fills of a 4096×4096 paper were kept")
        } catch {
            #expect(error == .tooCostly(percent: 12_583))
            #expect(error.description.contains("12583%"))
        }
        // Undone fills count too: Redo brings them back.
        let undone = ColoringDocument(width: 4096, height: 4096, undone: Array(repeating: .fill(at: Point(1, 1), color: Self.red, tolerance: 32), count: 41))
        #expect(throws: ColoringError.self) { try undone.validated().withinRenderCost() }
        // A drawing kept before the limit still opens (the limit is on what a device sends).
        #expect(throws: Never.self) { try ColoringDocument.decode(sent.encoded()) }
    }

    @Test func aRenderStopsBetweenActionsWhenToldTo() throws {
        var document = ColoringDocument(width: 64, height: 64)
        for index in 0..<10 { try document.perform(.fill(at: Point(Double(index), 1), color: Self.red, tolerance: 32)) }
        var asked = 0
        #expect(throws: ColoringError.renderStopped) {
            _ = try DrawingRenderer().render(document, stoppingWhen: {
                asked += 1
                return asked > 3
            })
        }
        #expect(asked == 4)
        // Never told to stop, it is the whole picture: every fill painted.
        let whole = try DrawingRenderer().render(document, stoppingWhen: { false })
        #expect(whole[32, 32] == Self.red)
    }
}
