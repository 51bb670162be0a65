import Foundation
import SpeechCoach

/// What a score card shows (speakup.md §1.18): who, when, the prompt when shared, the score and its
/// verdict with a radar of the sub-scores, or a Show & Tell take's stars.
public struct ScoreCard: Sendable {
    public enum Theme: String, CaseIterable, Sendable {
        case midnight, aurora, slate, spotlight, sunshine
    }

    public let speaker: String
    public let at: Date
    public let timeZone: TimeZone
    /// "Storytelling · 1 min 02 s".
    public let meta: String
    public let prompt: String?
    public let score: Int?
    public let stars: Int?
    public let subscores: Subscores
    public let seconds: Double
    public let wpm: Int
    public let words: Int
    public let fillers: Int
    public let theme: Theme

    public init(speaker: String, at: Date, timeZone: TimeZone, meta: String, prompt: String?, score: Int?, stars: Int?,
                subscores: Subscores, seconds: Double, wpm: Int, words: Int, fillers: Int, theme: Theme) {
        (self.speaker, self.at, self.timeZone, self.meta, self.prompt, self.score) = (speaker, at, timeZone, meta, prompt, score)
        (self.stars, self.subscores, self.seconds, self.wpm, self.words, self.fillers, self.theme) = (stars, subscores, seconds, wpm, words, fillers, theme)
    }
}

/// The score card as a PNG: 400 × 520 points drawn at 3 pixels a point (1200 × 1560), one of five themes.
public enum ScoreCardPNG {
    public static let size = (width: 400.0, height: 520.0)
    public static let scale = 3.0
    public static var pixelSize: (width: Int, height: Int) { (Int(size.width * scale), Int(size.height * scale)) }

    struct Palette {
        let background: [RGB]
        let glow: RGB?
        let text: RGB
        let muted: RGB
        let accent: RGB
        let panel: RGB
    }

    static func palette(_ theme: ScoreCard.Theme) -> Palette {
        let light = RGB(0xF8FAFC), dim = RGB(0xCBD5E1), panel = RGB(0xFFFFFF, alpha: 0.08)
        switch theme {
        case .midnight: return Palette(background: [RGB(0x0F172A), RGB(0x1E1B4B)], glow: nil, text: light, muted: dim, accent: RGB(0xA78BFA), panel: panel)
        case .aurora: return Palette(background: [RGB(0x082129), RGB(0x0F1224), RGB(0x211226)], glow: nil, text: light, muted: dim, accent: RGB(0x5EEAD4), panel: panel)
        case .slate: return Palette(background: [RGB(0x121316)], glow: nil, text: light, muted: RGB(0x9CA3AF), accent: RGB(0x60A5FA), panel: panel)
        case .spotlight: return Palette(background: [RGB(0x0A0A0D)], glow: RGB(0x7C3AED, alpha: 0.45), text: light, muted: dim, accent: RGB(0xFBBF24), panel: panel)
        case .sunshine: return Palette(background: [RGB(0xFEF3C7), RGB(0xFBCFE8)], glow: nil, text: RGB(0x1F2937), muted: RGB(0x4B5563),
                                       accent: RGB(0xDB2777), panel: RGB(0xFFFFFF, alpha: 0.6))
        }
    }

    /// A blank card-sized PNG: the benchmark's baseline (the surface and the PNG encoder alone).
    public static func blank() throws -> Data {
        try ImageSurface(width: size.width, height: size.height, scale: scale).png()
    }

    public static func render(_ card: ScoreCard) throws -> Data {
        let image = try ImageSurface(width: size.width, height: size.height, scale: scale)
        let canvas = image.canvas, colors = palette(card.theme)
        let (width, height) = size
        canvas.gradient(x: 0, y: 0, width: width, height: height, stops: colors.background)
        if let glow = colors.glow { canvas.glow(x: width / 2, y: 230, radius: 260, color: glow) }

        canvas.text("🎤 SpeakUp", x: 24, y: 22, font: Font(15, bold: true), color: colors.text)
        canvas.text(JournalPDF.formatted(card.at, card.timeZone), x: 24, y: 24, width: width - 48, font: Font(11), color: colors.muted, align: .right)
        var y = 58.0
        y += canvas.text(card.speaker, x: 24, y: y, width: width - 48, font: Font(22, bold: true), color: colors.text) + 2
        y += canvas.text(card.meta, x: 24, y: y, width: width - 48, font: Font(11), color: colors.muted) + 10
        if let prompt = card.prompt {
            let clipped = prompt.count > 160 ? String(prompt.prefix(157)) + "…" : prompt
            y += canvas.text("“\(clipped)”", x: 24, y: y, width: width - 48, font: Font(12), color: colors.text) + 12
        }
        let panelTop = max(y, 120), panelHeight = 250.0
        canvas.rectangle(x: 16, y: panelTop, width: width - 32, height: panelHeight, color: colors.panel, radius: 18)
        if let stars = card.stars {
            starsPanel(stars, canvas: canvas, top: panelTop, colors: colors)
        } else {
            scorePanel(card, canvas: canvas, top: panelTop, colors: colors)
        }
        // Show & Tell shows no numbers a young child cannot read: how long and how many words only.
        let pills = card.stars == nil ? ["\(card.wpm) wpm", "\(card.words) words", "\(card.fillers) fillers"]
            : ["⏱ \(JournalPDF.duration(card.seconds))", "💬 \(card.words) words"]
        let pillWidth = (width - 32 - 8 * Double(pills.count - 1)) / Double(pills.count)
        for (index, pill) in pills.enumerated() {
            let x = 16 + Double(index) * (pillWidth + 8)
            canvas.rectangle(x: x, y: panelTop + panelHeight + 14, width: pillWidth, height: 30, color: colors.panel, radius: 15)
            canvas.text(pill, x: x, y: panelTop + panelHeight + 21, width: pillWidth, font: Font(11, bold: true), color: colors.text, align: .center)
        }
        // A coach's prompt is a challenge to whoever sees the card; a Show & Tell question is just what was asked.
        let footer = card.prompt == nil || card.stars != nil ? "Made with SpeakUp · Kids Fun Zone" : "Think you can beat this?"
        canvas.text(footer, x: 24, y: height - 36, width: width - 48, font: Font(12, bold: true), color: colors.accent, align: .center)
        return try image.png()
    }

    private static func scorePanel(_ card: ScoreCard, canvas: Canvas, top: Double, colors: Palette) {
        let score = card.score
        canvas.text(score.map(String.init) ?? "–", x: 30, y: top + 40, width: 130, font: Font(64, bold: true), color: colors.text, align: .center)
        canvas.text(score.map { Verdict(score: $0).rawValue } ?? "Not scored", x: 30, y: top + 128, width: 130, font: Font(15, bold: true),
                    color: colors.accent, align: .center)
        canvas.text("out of 100", x: 30, y: top + 152, width: 130, font: Font(10), color: colors.muted, align: .center)
        let axes = Radar.axes(card.subscores)
        guard axes.count >= 3 else { return }
        Radar.draw(axes, canvas: canvas, centre: (270, top + 112), radius: 76, colors: colors)
        if let strongest = axes.max(by: { $0.value < $1.value }), let weakest = axes.min(by: { $0.value < $1.value }) {
            canvas.text("Strongest: \(strongest.dimension.title)  ·  Work on: \(weakest.dimension.title)", x: 24, y: top + 222,
                        width: size.width - 48, font: Font(10.5), color: colors.muted, align: .center)
        }
    }

    private static func starsPanel(_ stars: Int, canvas: Canvas, top: Double, colors: Palette) {
        let filled = String(repeating: "★", count: stars) + String(repeating: "☆", count: max(0, 5 - stars))
        canvas.text(filled, x: 16, y: top + 60, width: size.width - 32, font: Font(54), color: RGB(0xF59E0B), align: .center)
        let praise = stars >= 4 ? "Super speaking!" : stars >= 2 ? "Great telling!" : "Brave try!"
        canvas.text(praise, x: 16, y: top + 150, width: size.width - 32, font: Font(24, bold: true), color: colors.text, align: .center)
    }
}

/// The sub-scores as a radar: one axis each, rings at 25/50/75/100.
enum Radar {
    struct Axis { let dimension: SpeechCoach.Dimension; let value: Int }

    static func axes(_ subscores: Subscores) -> [Axis] {
        SpeechCoach.Dimension.allCases.compactMap { dimension in subscores[dimension].map { Axis(dimension: dimension, value: $0) } }
    }

    static func draw(_ axes: [Axis], canvas: Canvas, centre: (Double, Double), radius: Double, colors: ScoreCardPNG.Palette) {
        func point(_ index: Int, _ fraction: Double) -> (Double, Double) {
            let angle = -Double.pi / 2 + 2 * .pi * Double(index) / Double(axes.count)
            return (centre.0 + cos(angle) * radius * fraction, centre.1 + sin(angle) * radius * fraction)
        }
        for ring in [0.25, 0.5, 0.75, 1] {
            canvas.polygon(axes.indices.map { point($0, ring) }, fill: nil, stroke: colors.muted.with(alpha: 0.35), lineWidth: 0.6)
        }
        for index in axes.indices { canvas.line(from: centre, to: point(index, 1), color: colors.muted.with(alpha: 0.35), width: 0.6) }
        let shape = axes.enumerated().map { point($0.offset, max(0.04, Double($0.element.value) / 100)) }
        canvas.polygon(shape, fill: colors.accent.with(alpha: 0.35), stroke: colors.accent, lineWidth: 1.6)
        for (index, axis) in axes.enumerated() {
            let (x, y) = point(index, 1.2)
            canvas.text(short(axis.dimension), x: x - 30, y: y - 6, width: 60, font: Font(8), color: colors.muted, align: .center)
        }
    }

    static func short(_ dimension: SpeechCoach.Dimension) -> String {
        dimension == .vocalVariety ? "Variety" : dimension == .vocabulary ? "Vocab" : dimension.title
    }
}
