import Foundation

/// The drawing as JSON, the form the page autosaves and the server stores:
/// `{"version": 1, "width", "height", "page", "actions": [...], "undone": [...]}`, where each
/// action has a `type` and points are a flat list `[x0, y0, x1, y1, …]`.
extension ColoringDocument: Codable {
    enum CodingKeys: String, CodingKey { case version, width, height, page, actions, undone }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .version)
        guard version == Self.currentVersion else { throw ColoringError.unsupportedVersion(version) }
        self.init(width: try container.decode(Int.self, forKey: .width), height: try container.decode(Int.self, forKey: .height),
                  page: try container.decodeIfPresent(String.self, forKey: .page),
                  actions: try container.decode([ColoringAction].self, forKey: .actions),
                  undone: try container.decodeIfPresent([ColoringAction].self, forKey: .undone) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.currentVersion, forKey: .version)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(page, forKey: .page)
        try container.encode(actions, forKey: .actions)
        try container.encode(undone, forKey: .undone)
    }

    /// Reads and checks a drawing; every problem is a `ColoringError` naming what is wrong.
    public static func decode(_ data: Data) throws(ColoringError) -> ColoringDocument {
        let document: ColoringDocument
        do {
            document = try JSONDecoder().decode(ColoringDocument.self, from: data)
        } catch let error as ColoringError {
            throw error
        } catch let DecodingError.keyNotFound(key, context) {
            throw .unreadable("\(Self.path(context.codingPath + [key])) is missing.")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw .unreadable("\(Self.path(context.codingPath)) has the wrong type.")
        } catch let DecodingError.dataCorrupted(context) {
            throw .unreadable(context.codingPath.isEmpty ? "it is not JSON." : "\(Self.path(context.codingPath)): \(context.debugDescription)")
        } catch {
            throw .unreadable("it is not JSON.")
        }
        return try document.validated()
    }

    public func encoded() -> Data {
        (try? JSONEncoder().encode(self)) ?? Data()
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "The drawing" : keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(in: ["."])
    }
}

extension ColoringAction: Codable {
    enum CodingKeys: String, CodingKey {
        case type, brush, color, size, points, seed, emoji, at, rotation, flipped, shape, from, to, filled, tolerance
    }

    enum Kind: String, Codable { case stroke, stamp, shape, fill, background, clear }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func color() throws -> RGBA {
            let text = try c.decode(String.self, forKey: .color)
            guard let color = RGBA(hex: text) else { throw ColoringError.invalidColor(text) }
            return color
        }
        func point(_ key: CodingKeys) throws -> Point {
            let pair = try c.decode([Double].self, forKey: key)
            guard pair.count == 2 else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "A point is [x, y].")
            }
            return Point(pair[0], pair[1])
        }
        switch try c.decode(Kind.self, forKey: .type) {
        case .stroke:
            let flat = try c.decode([Double].self, forKey: .points)
            guard flat.count % 2 == 0 else {
                throw DecodingError.dataCorruptedError(forKey: .points, in: c, debugDescription: "Points are pairs: [x0, y0, x1, y1, …].")
            }
            let points = stride(from: 0, to: flat.count, by: 2).map { Point(flat[$0], flat[$0 + 1]) }
            self = .stroke(brush: try c.decode(Brush.self, forKey: .brush), color: try color(), size: try c.decode(Double.self, forKey: .size),
                           points: points, seed: try c.decodeIfPresent(UInt32.self, forKey: .seed) ?? 0)
        case .stamp:
            self = .stamp(emoji: try c.decode(String.self, forKey: .emoji), at: try point(.at), size: try c.decode(Double.self, forKey: .size),
                          rotation: try c.decodeIfPresent(Double.self, forKey: .rotation) ?? 0,
                          flipped: try c.decodeIfPresent(Bool.self, forKey: .flipped) ?? false)
        case .shape:
            self = .shape(kind: try c.decode(ShapeKind.self, forKey: .shape), from: try point(.from), to: try point(.to), color: try color(),
                          size: try c.decode(Double.self, forKey: .size), filled: try c.decodeIfPresent(Bool.self, forKey: .filled) ?? false)
        case .fill:
            self = .fill(at: try point(.at), color: try color(), tolerance: try c.decodeIfPresent(Int.self, forKey: .tolerance) ?? FloodFill.defaultTolerance)
        case .background:
            self = .background(try color())
        case .clear:
            self = .clear
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .stroke(let brush, let color, let size, let points, let seed):
            try c.encode(Kind.stroke, forKey: .type)
            try c.encode(brush, forKey: .brush)
            try c.encode(color.hex, forKey: .color)
            try c.encode(size, forKey: .size)
            try c.encode(points.flatMap { [$0.x, $0.y] }, forKey: .points)
            try c.encode(seed, forKey: .seed)
        case .stamp(let emoji, let at, let size, let rotation, let flipped):
            try c.encode(Kind.stamp, forKey: .type)
            try c.encode(emoji, forKey: .emoji)
            try c.encode([at.x, at.y], forKey: .at)
            try c.encode(size, forKey: .size)
            try c.encode(rotation, forKey: .rotation)
            try c.encode(flipped, forKey: .flipped)
        case .shape(let kind, let from, let to, let color, let size, let filled):
            try c.encode(Kind.shape, forKey: .type)
            try c.encode(kind, forKey: .shape)
            try c.encode([from.x, from.y], forKey: .from)
            try c.encode([to.x, to.y], forKey: .to)
            try c.encode(color.hex, forKey: .color)
            try c.encode(size, forKey: .size)
            try c.encode(filled, forKey: .filled)
        case .fill(let at, let color, let tolerance):
            try c.encode(Kind.fill, forKey: .type)
            try c.encode([at.x, at.y], forKey: .at)
            try c.encode(color.hex, forKey: .color)
            try c.encode(tolerance, forKey: .tolerance)
        case .background(let color):
            try c.encode(Kind.background, forKey: .type)
            try c.encode(color.hex, forKey: .color)
        case .clear:
            try c.encode(Kind.clear, forKey: .type)
        }
    }
}
