import Foundation

/// A colouring page: line art the child paints under (its outline stays on top).
public struct ColoringPage: Sendable, Equatable {
    public let id: String
    public let name: String
    public let outline: [ColoringAction]
}

/// Our own colouring pages, drawn with the app's shapes at 1024×768: animals, vehicles, a house,
/// a garden, shapes and more. Every outline is a closed black line 6 pixels wide, so the fill
/// bucket fills one part at a time.
public enum PageCatalog {
    public static let width = 1024, height = 768

    public static let pages: [ColoringPage] = [
        ColoringPage(id: "cat", name: "Cat", outline: cat),
        ColoringPage(id: "fish", name: "Fish", outline: fish),
        ColoringPage(id: "house", name: "House", outline: house),
        ColoringPage(id: "car", name: "Car", outline: car),
        ColoringPage(id: "garden", name: "Garden", outline: garden),
        ColoringPage(id: "butterfly", name: "Butterfly", outline: butterfly),
        ColoringPage(id: "rocket", name: "Rocket", outline: rocket),
        ColoringPage(id: "tree", name: "Apple tree", outline: tree),
        ColoringPage(id: "shapes", name: "Shapes", outline: shapes),
        ColoringPage(id: "boat", name: "Boat", outline: boat),
        ColoringPage(id: "train", name: "Train", outline: train),
        ColoringPage(id: "turtle", name: "Turtle", outline: turtle),
    ]

    public static func page(_ id: String) -> ColoringPage? { pages.first { $0.id == id } }

    public static var outlines: [String: [ColoringAction]] { Dictionary(uniqueKeysWithValues: pages.map { ($0.id, $0.outline) }) }

    // MARK: - Drawing helpers (black, 6 px)

    static let ink = RGBA.black, pen = 6.0

    static func circle(_ cx: Double, _ cy: Double, _ r: Double) -> ColoringAction { ellipse(cx - r, cy - r, cx + r, cy + r) }
    static func ellipse(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> ColoringAction {
        .shape(kind: .circle, from: Point(x0, y0), to: Point(x1, y1), color: ink, size: pen, filled: false)
    }
    static func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> ColoringAction {
        .shape(kind: .rectangle, from: Point(x0, y0), to: Point(x1, y1), color: ink, size: pen, filled: false)
    }
    static func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> ColoringAction {
        .shape(kind: .line, from: Point(x0, y0), to: Point(x1, y1), color: ink, size: pen, filled: false)
    }
    static func star(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> ColoringAction {
        .shape(kind: .star, from: Point(x0, y0), to: Point(x1, y1), color: ink, size: pen, filled: false)
    }
    /// A path through the points (closed back to the first when `closed`).
    static func path(_ points: [(Double, Double)], closed: Bool = true) -> ColoringAction {
        let all = points.map { Point($0.0, $0.1) } + (closed ? [Point(points[0].0, points[0].1)] : [])
        return .stroke(brush: .marker, color: ink, size: pen, points: all, seed: 0)
    }
    /// An arc of the circle (cx, cy, r) from `start` to `end` degrees (0 is right, clockwise).
    static func arc(_ cx: Double, _ cy: Double, _ r: Double, from start: Double, to end: Double) -> ColoringAction {
        let steps = max(8, Int(abs(end - start) / 6))
        let points = (0...steps).map { step -> (Double, Double) in
            let angle = (start + (end - start) * Double(step) / Double(steps)) * .pi / 180
            return (((cx + r * cos(angle)) * 1000).rounded() / 1000, ((cy + r * sin(angle)) * 1000).rounded() / 1000)
        }
        return path(points, closed: false)
    }

    /// A heart whose top dip is at (cx, top), `width` across: two half circles and a point.
    static func heart(_ cx: Double, _ top: Double, _ width: Double) -> ColoringAction {
        let r = width / 4
        var points: [(Double, Double)] = []
        for step in 0...30 {  // left lobe, from the point's side over the top to the dip
            let angle = (135 + 225 * Double(step) / 30) * .pi / 180
            points.append((((cx - r + r * cos(angle)) * 1000).rounded() / 1000, ((top + r * sin(angle)) * 1000).rounded() / 1000))
        }
        for step in 0...30 {  // right lobe, from the dip over the top to the point's side
            let angle = (180 + 225 * Double(step) / 30) * .pi / 180
            points.append((((cx + r + r * cos(angle)) * 1000).rounded() / 1000, ((top + r * sin(angle)) * 1000).rounded() / 1000))
        }
        points.append((cx, top + width * 0.95))
        return path(points)
    }

    // MARK: - Pages

    static let cat: [ColoringAction] = [
        ellipse(362, 380, 662, 700),                                  // body
        circle(512, 270, 150),                                        // head
        path([(392, 190), (380, 60), (470, 128)]),                    // ears
        path([(632, 190), (644, 60), (554, 128)]),
        circle(460, 250, 24), circle(564, 250, 24),                   // eyes
        path([(496, 300), (528, 300), (512, 322)]),                   // nose
        line(480, 322, 380, 300), line(480, 332, 376, 342), line(544, 322, 644, 300), line(544, 332, 648, 342),
        arc(512, 318, 40, from: 30, to: 150),                         // smile
        path([(662, 600), (760, 560), (800, 460), (770, 400)], closed: false), // tail
        ellipse(400, 650, 490, 710), ellipse(534, 650, 624, 710),     // paws
    ]

    static let fish: [ColoringAction] = [
        ellipse(220, 234, 700, 534),                                  // body
        path([(690, 384), (880, 240), (880, 528)]),                   // tail
        circle(330, 350, 34), circle(330, 350, 10),                   // eye
        path([(430, 240), (520, 150), (600, 250)], closed: false),    // top fin
        path([(420, 440), (480, 500), (540, 470)]),                   // side fin
        arc(580, 384, 80, from: -60, to: 60), arc(500, 384, 80, from: -60, to: 60),
        circle(150, 200, 26), circle(110, 120, 18), circle(160, 60, 12), // bubbles
        path([(40, 700), (200, 660), (360, 700), (520, 660), (680, 700), (840, 660), (1000, 700)], closed: false), // sand
    ]

    static let house: [ColoringAction] = [
        box(262, 360, 762, 700),                                      // walls
        path([(222, 370), (512, 120), (802, 370)]),                   // roof
        box(640, 150, 700, 290),                                      // chimney
        box(452, 500, 572, 700), circle(548, 600, 8),                 // door
        box(310, 420, 410, 520), line(360, 420, 360, 520), line(310, 470, 410, 470),  // windows
        box(614, 420, 714, 520), line(664, 420, 664, 520), line(614, 470, 714, 470),
        circle(140, 120, 70),                                         // sun
        line(0, 700, 1024, 700),                                      // ground
    ]

    static let car: [ColoringAction] = [
        path([(140, 520), (140, 400), (300, 390), (390, 270), (660, 270), (760, 390), (900, 410), (900, 520)]), // body
        path([(410, 290), (500, 290), (500, 390), (340, 390)]),       // windows
        path([(530, 290), (640, 290), (720, 390), (530, 390)]),
        circle(300, 540, 70), circle(300, 540, 28),                   // wheels
        circle(740, 540, 70), circle(740, 540, 28),
        box(860, 430, 900, 460),                                      // light
        line(0, 612, 1024, 612),                                      // road
    ]

    static let garden: [ColoringAction] = {
        var art: [ColoringAction] = [line(0, 640, 1024, 640)]
        for (cx, cy, petal) in [(220.0, 260.0, 60.0), (512.0, 200.0, 70.0), (800.0, 280.0, 56.0)] {
            art.append(line(cx, cy + petal, cx, 640))                 // stem
            for (dx, dy) in [(0.0, -1.0), (0.951, -0.309), (0.588, 0.809), (-0.588, 0.809), (-0.951, -0.309)] {
                art.append(circle(cx + dx * petal * 1.1, cy + dy * petal * 1.1, petal * 0.62))
            }
            art.append(circle(cx, cy, petal * 0.55))                  // middle
            art.append(ellipse(cx + 6, cy + petal * 2.6, cx + 110, cy + petal * 2.6 + 44)) // leaf
        }
        art.append(circle(940, 90, 50))                               // sun
        return art
    }()

    static let butterfly: [ColoringAction] = [
        ellipse(492, 220, 532, 600),                                  // body
        circle(512, 200, 34),                                         // head
        ellipse(200, 120, 492, 400), ellipse(532, 120, 824, 400),     // wings
        ellipse(250, 400, 492, 620), ellipse(532, 400, 774, 620),
        circle(330, 250, 50), circle(694, 250, 50), circle(380, 510, 34), circle(644, 510, 34), // spots
        path([(500, 172), (460, 90), (430, 70)], closed: false), path([(524, 172), (564, 90), (594, 70)], closed: false),
    ]

    static let rocket: [ColoringAction] = [
        path([(512, 60), (600, 200), (600, 560), (424, 560), (424, 200)]), // body
        circle(512, 300, 50), circle(512, 300, 30),                   // window
        path([(424, 440), (330, 600), (424, 560)]),                   // fins
        path([(600, 440), (694, 600), (600, 560)]),
        path([(450, 560), (512, 720), (574, 560)]),                   // flame
        star(120, 100, 220, 190), star(800, 160, 900, 250), star(760, 520, 840, 590), star(150, 460, 230, 530),
    ]

    static let tree: [ColoringAction] = [
        box(462, 430, 562, 700),                                      // trunk
        circle(512, 300, 170), circle(370, 360, 100), circle(654, 360, 100), // crown
        circle(440, 250, 26), circle(580, 300, 26), circle(500, 380, 26), circle(380, 380, 22), circle(650, 390, 22), // apples
        circle(900, 110, 60),                                         // sun
        ellipse(80, 80, 240, 150), ellipse(150, 60, 300, 130),        // cloud
        line(0, 700, 1024, 700),
    ]

    static let shapes: [ColoringAction] = [
        circle(200, 200, 120),
        box(400, 80, 640, 320),
        path([(840, 80), (960, 320), (720, 320)]),
        star(80, 420, 330, 700),
        ellipse(400, 440, 640, 680),
        heart(840, 470, 240),
    ]

    static let boat: [ColoringAction] = [
        path([(220, 480), (804, 480), (700, 600), (324, 600)]),       // hull
        line(512, 120, 512, 480),                                     // mast
        path([(520, 140), (760, 440), (520, 440)]),                   // sails
        path([(504, 180), (300, 440), (504, 440)]),
        circle(330, 540, 20), circle(512, 540, 20), circle(694, 540, 20), // portholes
        path([(0, 640), (120, 610), (240, 640), (360, 610), (480, 640), (600, 610), (720, 640), (840, 610), (960, 640), (1024, 625)], closed: false),
        circle(880, 120, 60),
    ]

    static let train: [ColoringAction] = [
        box(560, 300, 860, 560),                                      // engine cab
        box(600, 340, 700, 430), box(740, 340, 830, 430),             // windows
        box(380, 400, 560, 560),                                      // boiler
        box(410, 300, 470, 400),                                      // chimney
        circle(450, 250, 30), circle(500, 190, 40), circle(570, 120, 50), // smoke
        box(80, 380, 340, 560),                                       // carriage
        line(340, 520, 380, 520),
        circle(140, 600, 40), circle(280, 600, 40), circle(460, 600, 44), circle(640, 600, 44), circle(790, 600, 44), // wheels
        line(0, 650, 1024, 650),
    ]

    static let turtle: [ColoringAction] = [
        ellipse(262, 250, 762, 560),                                  // shell
        path([(512, 290), (582, 340), (582, 430), (512, 480), (442, 430), (442, 340)]), // shell plates
        line(512, 250, 512, 290), line(512, 480, 512, 560), line(442, 340, 300, 300), line(582, 340, 724, 300),
        line(442, 430, 290, 480), line(582, 430, 734, 480),
        ellipse(740, 330, 900, 450), circle(850, 370, 12),            // head and eye
        ellipse(300, 520, 400, 620), ellipse(624, 520, 724, 620),     // legs
        path([(262, 400), (190, 420), (262, 440)]),                   // tail
        line(0, 640, 1024, 640),
    ]
}
