import Foundation

/// A mind map as files another program opens: Markdown (a nested list under the title), OPML
/// (outliners, FreeMind-like tools) and SVG (a picture: the tree from left to right, each node in its
/// colour or its level's).
public enum MindMapExport {
    public static func markdown(_ map: MindMap) -> String {
        guard let root = map.root else { return "" }
        var lines = ["# \(markdownEscaped(root.label))", ""]
        func walk(_ id: String, depth: Int) {
            for child in map.children(of: id) {
                lines.append(String(repeating: "  ", count: depth) + "- " + markdownEscaped(child.label))
                walk(child.id, depth: depth + 1)
            }
        }
        walk(root.id, depth: 0)
        return lines.joined(separator: "\n") + "\n"
    }

    public static func opml(_ map: MindMap, created: Date) -> String {
        guard let root = map.root else { return "" }
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<opml version=\"2.0\">", "  <head>",
                     "    <title>\(xml(map.title))</title>", "    <dateCreated>\(rfc822(created))</dateCreated>", "  </head>", "  <body>"]
        func walk(_ node: MindMap.Node, depth: Int) {
            let indent = String(repeating: "  ", count: depth + 2)
            let children = map.children(of: node.id)
            let colour = node.colour.map { " colour=\"\($0.rawValue)\"" } ?? ""
            if children.isEmpty {
                lines.append("\(indent)<outline text=\"\(xml(node.label))\"\(colour)/>")
            } else {
                lines.append("\(indent)<outline text=\"\(xml(node.label))\"\(colour)>")
                children.forEach { walk($0, depth: depth + 1) }
                lines.append("\(indent)</outline>")
            }
        }
        walk(root, depth: 0)
        lines += ["  </body>", "</opml>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Where each node is drawn: levels from left to right, leaves 56 px apart, a parent level with
    /// the middle of its children. Boxes never overlap: each leaf has its own row.
    public struct Placed: Equatable, Sendable {
        public let id: String
        public let x: Double, y: Double, width: Double, height: Double
    }

    public static let rowHeight = 56.0, boxHeight = 40.0, columnGap = 48.0

    public static func layout(_ map: MindMap) -> [Placed] {
        guard let root = map.root else { return [] }
        let levels = map.levels()
        var columnWidth: [Int: Double] = [:]
        for node in map.nodes { columnWidth[levels[node.id]!, default: 0] = max(columnWidth[levels[node.id]!, default: 0], boxWidth(node.label)) }
        var columnX: [Int: Double] = [0: 16]
        for level in 1..<(max(1, (columnWidth.keys.max() ?? 0) + 1)) { columnX[level] = columnX[level - 1]! + columnWidth[level - 1]! + columnGap }
        var placed: [String: Placed] = [:], nextRow = 0.0
        @discardableResult func place(_ node: MindMap.Node) -> Double {
            let children = map.children(of: node.id)
            let centre: Double
            if children.isEmpty {
                centre = 16 + nextRow * rowHeight + boxHeight / 2
                nextRow += 1
            } else {
                let centres = children.map(place)
                centre = (centres.first! + centres.last!) / 2
            }
            let level = levels[node.id]!
            placed[node.id] = Placed(id: node.id, x: columnX[level]!, y: centre - boxHeight / 2, width: boxWidth(node.label), height: boxHeight)
            return centre
        }
        place(root)
        return map.nodes.compactMap { placed[$0.id] }
    }

    static func boxWidth(_ label: String) -> Double { min(260, max(80, Double(label.count) * 8.5 + 24)) }

    public static func svg(_ map: MindMap) -> String {
        let boxes = layout(map)
        let byId = Dictionary(uniqueKeysWithValues: boxes.map { ($0.id, $0) })
        let levels = map.levels()
        let width = (boxes.map { $0.x + $0.width }.max() ?? 0) + 16, height = (boxes.map { $0.y + $0.height }.max() ?? 0) + 16
        var parts = ["<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" "
                     + "font-family=\"OpenDyslexic, Verdana, sans-serif\" font-size=\"14\">",
                     "<title>\(xml(map.title))</title>", "<rect width=\"100%\" height=\"100%\" fill=\"#FFFDF5\"/>"]
        for node in map.nodes {
            guard let parent = node.parentId.flatMap({ byId[$0] }), let box = byId[node.id] else { continue }
            let (x1, y1, x2, y2) = (parent.x + parent.width, parent.y + parent.height / 2, box.x, box.y + box.height / 2)
            parts.append("<path d=\"M\(f(x1)) \(f(y1)) C\(f((x1 + x2) / 2)) \(f(y1)) \(f((x1 + x2) / 2)) \(f(y2)) \(f(x2)) \(f(y2))\" fill=\"none\" stroke=\"#8A8A8A\" stroke-width=\"2\"/>")
        }
        for node in map.nodes {
            guard let box = byId[node.id] else { continue }
            let colour = node.colour?.hex ?? MapColour.forLevel(levels[node.id] ?? 0)
            parts.append("<g><rect x=\"\(f(box.x))\" y=\"\(f(box.y))\" width=\"\(f(box.width))\" height=\"\(f(box.height))\" rx=\"12\" fill=\"#FFFFFF\" stroke=\"\(colour)\" stroke-width=\"3\"/>"
                         + "<text x=\"\(f(box.x + box.width / 2))\" y=\"\(f(box.y + box.height / 2 + 5))\" text-anchor=\"middle\" fill=\"#1F1F1F\">\(xml(shortened(node.label, for: box.width)))</text></g>")
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    static func shortened(_ label: String, for width: Double) -> String {
        let fits = Int((width - 24) / 8.5)
        return label.count <= fits ? label : String(label.prefix(max(1, fits - 1))) + "…"
    }

    static func f(_ value: Double) -> String { String(format: "%.1f", value) }

    static func xml(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func markdownEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\`*_[]#<>|".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        // A label that starts like a list item ("1. ", "- ", "+ ") would become a list of its own.
        if let first = escaped.first, "-+".contains(first) { escaped.insert("\\", at: escaped.startIndex) }
        if let dot = escaped.firstIndex(of: "."), escaped[..<dot].allSatisfy(\.isNumber), dot > escaped.startIndex {
            escaped.insert("\\", at: dot)
        }
        return escaped
    }

    static func rfc822(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
