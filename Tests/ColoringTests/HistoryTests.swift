import PropertyBased
import Testing
@testable import Coloring

/// One action of each kind, as a child might do them.
let everyKind: [ColoringAction] = [
    .stroke(brush: .marker, color: RGBA(237, 10, 63), size: 10, points: [Point(5, 5), Point(60, 40)], seed: 3),
    .stamp(emoji: "🐝", at: Point(30, 30), size: 24, rotation: 0, flipped: false),
    .shape(kind: .rectangle, from: Point(10, 10), to: Point(50, 40), color: RGBA(0, 149, 183), size: 6, filled: true),
    .fill(at: Point(2, 60), color: RGBA(251, 232, 112), tolerance: 48),
    .background(RGBA(147, 223, 184)),
    .clear,
]

let actionGenerator = Gen.int(in: 0...(everyKind.count - 1)).map { everyKind[$0] }

@Suite("undo and redo")
struct HistoryTests {
    let renderer = DrawingRenderer(stamps: SolidStamps())

    @Test("every kind of action can be undone and redone", arguments: everyKind)
    func undoRedoEachKind(_ action: ColoringAction) throws {
        var document = ColoringDocument(width: 64, height: 64)
        try document.perform(.stroke(brush: .crayon, color: .black, size: 8, points: [Point(0, 63), Point(63, 0)], seed: 1))
        let before = renderer.render(document)
        try document.perform(action)
        let after = renderer.render(document)
        #expect(after != before, "the action changed the picture")
        try document.undo()
        #expect(renderer.render(document) == before)
        #expect(document.canRedo)
        try document.redo()
        #expect(renderer.render(document) == after)
    }

    @Test func somethingNewDropsWhatWasUndone() throws {
        var document = ColoringDocument(width: 32, height: 32)
        try document.perform(.background(.black))
        try document.undo()
        try document.perform(.clear)
        #expect(!document.canRedo)
        #expect(throws: ColoringError.nothingToRedo) { try document.redo() }
        try document.undo()
        #expect(throws: ColoringError.nothingToUndo) { try document.undo() }
    }

    @Test func aBadActionIsRefusedAndChangesNothing() throws {
        var document = ColoringDocument(width: 32, height: 32)
        try document.perform(.clear)
        let before = document
        #expect(throws: ColoringError.invalidBrushSize(100)) {
            try document.perform(.stroke(brush: .crayon, color: .black, size: 100, points: [Point(1, 1)], seed: 0))
        }
        #expect(document == before)
    }

    @Test("undoing n actions then redoing them gives the same drawing back")
    func undoThenRedoIsIdentity() async {
        await propertyCheck(input: actionGenerator.array(of: 1...12), Gen.int(in: 0...12)) { actions, count in
            var document = ColoringDocument(width: 64, height: 64)
            for action in actions { try? document.perform(action) }
            let original = document
            let steps = min(count, original.actions.count)
            for _ in 0..<steps { try? document.undo() }
            #expect(document.actions == Array(original.actions.prefix(original.actions.count - steps)))
            for _ in 0..<steps { try? document.redo() }
            #expect(document == original)
        }
    }
}

/// A stamp picture for tests: a solid square of one colour per emoji.
struct SolidStamps: StampArtwork {
    func image(for emoji: String) -> Raster? { Raster(width: 8, height: 8, fill: RGBA(131, 89, 163)) }
}
