import Foundation
import TextRules

/// A mind map: a tree of short labels, kept as a flat list (the root first, every parent before
/// its children, siblings in order), which is what the page edits and sends back whole.
public struct MindMap: Codable, Equatable, Sendable {
    public struct Node: Codable, Equatable, Sendable {
        public let id: String
        public var parentId: String?
        public var label: String
        public var colour: MapColour?
        public init(id: String, parentId: String?, label: String, colour: MapColour? = nil) {
            (self.id, self.parentId, self.label, self.colour) = (id, parentId, label, colour)
        }
    }

    public var title: String
    public var nodes: [Node]
    public init(title: String, nodes: [Node]) { (self.title, self.nodes) = (title, nodes) }

    public var root: Node? { nodes.first { $0.parentId == nil } }

    /// Each node's children, in order.
    public func children(of id: String) -> [Node] { nodes.filter { $0.parentId == id } }

    /// How deep each node is (the root 0).
    public func levels() -> [String: Int] {
        var levels: [String: Int] = [:]
        for node in nodes {  // parents come first
            levels[node.id] = node.parentId.flatMap { levels[$0].map { $0 + 1 } } ?? 0
        }
        return levels
    }
}

/// The original's seven named colours (mirrorbuddy.md §1.6), and the level colours of a node without one.
public enum MapColour: String, Codable, CaseIterable, Sendable {
    case rosso, blu, verde, giallo, arancione, viola, rosa

    public var hex: String {
        switch self {
        case .rosso: "#D0021B"
        case .blu: "#4A90E2"
        case .verde: "#7ED321"
        case .giallo: "#F8C100"
        case .arancione: "#F5A623"
        case .viola: "#9013FE"
        case .rosa: "#E85D9E"
        }
    }

    /// The original's colours by level: root, branch, detail, deeper.
    public static func forLevel(_ level: Int) -> String { ["#4A90E2", "#7ED321", "#F5A623", "#9013FE"][min(max(level, 0), 3)] }
}

public enum MindMapRuleError: Error, Equatable, Sendable {
    case titleEmpty, titleTooLong
    case nodeCount(Int)
    case rootCount(Int)
    case badId(String)
    case duplicateId(String)
    case labelEmpty(String)
    case labelTooLong(String)
    case unknownParent(String)
    case tooDeep(String)
}

public enum MindMaps {
    public static let nodeLimit = 500
    public static let labelLimit = 80
    public static let titleLimit = 120
    public static let depthLimit = 8
    /// Maps one student may keep.
    public static let limit = 200

    /// `map` checked and put in the stored order (the root first, each parent before its children,
    /// siblings as sent); labels trimmed to one line. A cycle shows as nodes no walk from the root reaches.
    public static func checked(_ map: MindMap) throws(MindMapRuleError) -> MindMap {
        let title = oneLine(map.title)
        guard !title.isEmpty else { throw .titleEmpty }
        guard TextRules.fits(title, characters: titleLimit) else { throw .titleTooLong }
        guard (1...nodeLimit).contains(map.nodes.count) else { throw .nodeCount(map.nodes.count) }
        var seen = Set<String>()
        var nodes: [MindMap.Node] = []
        for var node in map.nodes {
            guard (1...40).contains(node.id.count), node.id.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) && $0.isASCII || "-_".unicodeScalars.contains($0) })
            else { throw .badId(String(node.id.prefix(40))) }
            guard seen.insert(node.id).inserted else { throw .duplicateId(node.id) }
            node.label = oneLine(node.label)
            guard !node.label.isEmpty else { throw .labelEmpty(node.id) }
            guard TextRules.fits(node.label, characters: labelLimit) else { throw .labelTooLong(node.id) }
            nodes.append(node)
        }
        let roots = nodes.filter { $0.parentId == nil }
        guard roots.count == 1, let root = roots.first else { throw .rootCount(roots.count) }
        if let orphan = nodes.first(where: { $0.parentId.map { !seen.contains($0) } ?? false }) { throw .unknownParent(orphan.id) }
        // Walk from the root: parents first, siblings in the order sent.
        var byParent: [String: [MindMap.Node]] = [:]
        for node in nodes { if let parent = node.parentId { byParent[parent, default: []].append(node) } }
        var ordered: [MindMap.Node] = [], depth: [String: Int] = [root.id: 0]
        var queue = [root]
        while !queue.isEmpty {
            let node = queue.removeFirst()
            ordered.append(node)
            for child in byParent[node.id] ?? [] {
                let level = depth[node.id]! + 1
                guard level <= depthLimit else { throw .tooDeep(child.id) }
                depth[child.id] = level
                queue.append(child)
            }
        }
        // A node no walk from the root reaches is in a cycle.
        if let lost = nodes.first(where: { depth[$0.id] == nil }) { throw .unknownParent(lost.id) }
        return MindMap(title: title, nodes: ordered)
    }

    /// On one line, NFC, without C0/C1 control characters or the two non-characters XML refuses
    /// (format characters stay: a family emoji is joined by them).
    static func oneLine(_ text: String) -> String {
        let kept = String(String.UnicodeScalarView(text.precomposedStringWithCanonicalMapping.unicodeScalars.filter {
            !($0.value < 0x20 && $0 != "\n" && $0 != "\t") && !(0x7F...0x9F).contains($0.value) && $0.value != 0xFFFE && $0.value != 0xFFFF
        }))
        return kept.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }
}
