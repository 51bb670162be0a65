import Foundation
import Testing
@testable import Coloring

@Suite("drawing documents: reading and checking")
struct DocumentTests {
    static let sample = ColoringDocument(page: "cat", actions: [
        .background(RGBA(hex: "#fbe870")!),
        .stroke(brush: .crayon, color: RGBA(hex: "#ed0a3f")!, size: 12, points: [Point(10, 10), Point(40.5, 22)], seed: 7),
        .stamp(emoji: "🐶", at: Point(200, 150), size: 96, rotation: 15, flipped: true),
        .shape(kind: .star, from: Point(300, 300), to: Point(400, 380), color: .black, size: 8, filled: false),
        .fill(at: Point(5, 5), color: RGBA(hex: "#0095b7")!, tolerance: 40),
        .clear,
    ], undone: [.stroke(brush: .dots, color: .black, size: 20, points: [Point(1, 1)], seed: 1)])

    @Test func aDrawingSurvivesJSON() throws {
        let data = Self.sample.encoded()
        #expect(try ColoringDocument.decode(data) == Self.sample)
        let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        #expect(json["version"] as? Int == 1)
        let stroke = (json["actions"] as! [[String: Any]])[1]
        #expect(stroke["type"] as? String == "stroke" && stroke["points"] as? [Double] == [10, 10, 40.5, 22] && stroke["color"] as? String == "#ed0a3f")
    }

    static func json(_ body: String) -> Data { Data(body.utf8) }

    @Test(arguments: [
        ("not json", "The drawing could not be read: it is not JSON."),
        (##"{"version": 2, "width": 10, "height": 10, "actions": []}"##, "Drawing version 2 is not known (this server reads version 1)."),
        (##"{"version": 1, "height": 768, "actions": []}"##, "The drawing could not be read: width is missing."),
        (##"{"version": 1, "width": -5, "height": 768, "actions": []}"##, "A drawing is 16 to 4096 pixels a side (this one is -5×768)."),
        (##"{"version": 1, "width": 1024, "height": 768, "actions": [{"type": "stroke", "brush": "crayon", "color": "red", "size": 10, "points": [1, 2]}]}"##,
         "\"red\" is not a colour like #ff8800."),
        (##"{"version": 1, "width": 1024, "height": 768, "actions": [{"type": "stroke", "brush": "crayon", "color": "#ff0000", "size": -3, "points": [1, 2]}]}"##,
         "Brush sizes are 6 to 80 (this one is -3.0)."),
        (##"{"version": 1, "width": 1024, "height": 768, "actions": [{"type": "stroke", "brush": "crayon", "color": "#ff0000", "size": 10, "points": [1, 2, 3]}]}"##,
         "The drawing could not be read: actions[0].points: Points are pairs: [x0, y0, x1, y1, …]."),
        (##"{"version": 1, "width": 1024, "height": 768, "actions": [{"type": "spray", "color": "#ff0000"}]}"##,
         "The drawing could not be read: actions[0].type: Cannot initialize Kind from invalid String value spray"),
        (##"{"version": 1, "width": 1024, "height": 768, "actions": [{"type": "fill", "at": [2000, 5], "color": "#ff0000"}]}"##,
         "at: The fill bucket must land on the paper."),
        (##"{"version": 1, "width": 1024, "height": 768, "actions": [{"type": "stamp", "emoji": "abc", "at": [5, 5], "size": 64}]}"##,
         "emoji: abc is not one of the stamps."),
        (##"{"version": 1, "width": 1024, "height": 768, "actions": [{"type": "stroke", "brush": "marker", "color": "#ff0000", "size": 10, "points": [1e9, 2]}]}"##,
         "points: (1000000000.0, 2.0) is too far off the 1024×768 paper."),
    ])
    func badDrawingsAreRefusedWithAReason(_ body: String, _ message: String) {
        #expect(throws: ColoringError.self) { try ColoringDocument.decode(Self.json(body)) }
        do {
            _ = try ColoringDocument.decode(Self.json(body))
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func aMillionPointsAreTooMany() {
        let points = Array(repeating: "1,2", count: 500_000).joined(separator: ",")
        let body = ##"{"version": 1, "width": 1024, "height": 768, "actions": [{"type": "stroke", "brush": "crayon", "color": "#ff0000", "size": 10, "points": [\##(points)]}]}"##
        #expect(throws: ColoringError.tooManyPoints(500_000)) { try ColoringDocument.decode(Self.json(body)) }
        // Spread over many strokes, the drawing's own bound holds.
        let stroke = ##"{"type": "stroke", "brush": "crayon", "color": "#ff0000", "size": 10, "points": [\##(Array(repeating: "1,2", count: 10_000).joined(separator: ","))]}"##
        let many = ##"{"version": 1, "width": 1024, "height": 768, "actions": [\##(Array(repeating: stroke, count: 21).joined(separator: ","))]}"##
        #expect(throws: ColoringError.tooManyPoints(210_000)) { try ColoringDocument.decode(Self.json(many)) }
    }

    @Test func colours() {
        #expect(RGBA(hex: "#FF8800") == RGBA(255, 136, 0))
        #expect(RGBA(255, 136, 0).hex == "#ff8800")
        for bad in ["", "#fff", "ff8800", "#ff880g", "#ff88000"] { #expect(RGBA(hex: bad) == nil) }
        #expect(RGBA.crayons.count == 20 && Set(RGBA.crayons).count == 20)
    }
}
