import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Study
import TestSupport
import Testing

/// Mind maps: made from a material's own text within the original's bounds (root → 3–6 branches →
/// 2–4 details, labels of at most 7 words, every label the material's own words), checked when saved
/// (one root, no cycle, bounded), and exported as Markdown, OPML and an SVG whose boxes never overlap.
@Suite struct MindMapTests {
    /// The material's words in order, lower case, and whether `label`'s words stand together among them.
    static func isFromSource(_ label: String, _ source: String) -> Bool {
        let words = ReadingText.words(source).map { $0.text.lowercased() }
        let wanted = ReadingText.words(label).map { $0.text.lowercased() }
        guard !wanted.isEmpty, wanted.count <= words.count else { return false }
        return (0...(words.count - wanted.count)).contains { Array(words[$0..<($0 + wanted.count)]) == wanted }
    }

    static func check(_ map: MindMap, from text: String, branches: ClosedRange<Int> = 3...6) {
        let levels = map.levels()
        #expect(map.nodes.first?.parentId == nil && levels.values.max() == 2, "root → branches → details")
        let branchNodes = map.children(of: "n0")
        #expect(branches.contains(branchNodes.count), "\(branchNodes.map(\.label))")
        for branch in branchNodes {
            #expect((1...4).contains(map.children(of: branch.id).count), "\(branch.label): \(map.children(of: branch.id).map(\.label))")
        }
        #expect(branchNodes.filter { map.children(of: $0.id).count >= 2 }.count * 2 >= branchNodes.count, "most branches have 2 details or more")
        for node in map.nodes.dropFirst() {
            #expect(ReadingText.words(node.label).count <= 7, "\(node.label)")
            #expect(isFromSource(node.label, text), "\"\(node.label)\" is not the material's words")
        }
        #expect(Set(map.nodes.map { $0.label.lowercased() }).count == map.nodes.count, "no label twice")
        #expect(throws: Never.self) { try MindMaps.checked(map) }
    }

    @Test(arguments: [(StudyNotes.italian, StudyLanguage.it), (StudyNotes.english, .en)])
    func aMaterialWithoutHeadingsBecomesBranchesOfItsParagraphs(_ text: String, _ language: StudyLanguage) {
        let map = MindMapBuilder.build(title: "La fotosintesi", text: text, language: language)
        #expect(map.nodes[0].label == "La fotosintesi")
        Self.check(map, from: text)
    }

    static let headed = """
        Il Risorgimento

        Le cause
        Dopo il Congresso di Vienna l'Italia era divisa in molti stati. Gli intellettuali sognavano l'unità e la libertà.

        I protagonisti
        Giuseppe Mazzini fondò la Giovine Italia nel 1831. Giuseppe Garibaldi guidò la spedizione dei Mille. Camillo Cavour governava il Piemonte.

        Le guerre di indipendenza
        La prima guerra di indipendenza cominciò nel 1848. La seconda guerra portò la Lombardia al Piemonte nel 1859.

        L'unità
        Il Regno d'Italia nacque nel 1861. Roma divenne capitale nel 1871 dopo la presa di Porta Pia.
        """

    @Test func aMaterialWithHeadingsBecomesBranchesOfItsHeadings() {
        let map = MindMapBuilder.build(title: "Il Risorgimento", text: Self.headed, language: .it)
        #expect(map.children(of: "n0").map(\.label) == ["Le cause", "I protagonisti", "Le guerre di indipendenza", "L'unità"])
        Self.check(map, from: Self.headed)
    }

    @Test func aTwentyPageMaterialStaysWithinTheBounds() {
        let text = (1...20).map { page in
            "Capitolo \(page)\n" + String(repeating: "Il vulcano numero \(page) erutta lava e cenere sulle montagne della regione durante l'estate. ", count: 30)
        }.joined(separator: "\n\n")
        let map = MindMapBuilder.build(title: "Vulcani", text: text, language: .it)
        #expect(map.children(of: "n0").count == 6, "six branches at most")
        #expect(map.nodes.count <= 1 + 6 * 5)
    }

    @Test func longWordsStillMakeLabelsOfAtMost80Characters() throws {
        let long = "Caratteristiche fondamentali dell'organizzazione amministrativa dell'impero romano d'occidente"
        let text = (1...4).map { "Capitolo \($0)\n\(long) nel periodo \($0). Organizzazione amministrativa straordinariamente complicatissima." }
            .joined(separator: "\n\n")
        let map = try MindMaps.checked(MindMapBuilder.build(title: long + " " + long, text: text, language: .it))
        #expect(map.nodes.allSatisfy { $0.label.count <= MindMaps.labelLimit } && map.nodes.count > 4)
    }

    @Test func anEmojiJoinedByFormatCharactersIsALabel() throws {
        let family = "👨\u{200D}👩\u{200D}👧"
        #expect(try MindMaps.checked(MindMap(title: "T", nodes: [Self.node("r", nil, family + "\u{0007}")])).nodes[0].label == family)
    }

    @Test func aShortOrEmptyMaterialStillMakesAMap() throws {
        let tiny = MindMapBuilder.build(title: "Nota", text: "Ciao.", language: .it)
        #expect(tiny.nodes.count >= 1 && tiny.nodes[0].label == "Nota")
        _ = try MindMaps.checked(tiny)
        _ = try MindMaps.checked(MindMapBuilder.build(title: "   ", text: "", language: .en))
    }

    static func node(_ id: String, _ parent: String?, _ label: String = "x") -> MindMap.Node { MindMap.Node(id: id, parentId: parent, label: label) }

    @Test func aSavedMapIsOneBoundedTree() throws {
        // Put in order: parents first, siblings as sent.
        let shuffled = MindMap(title: "T", nodes: [Self.node("b", "a"), Self.node("a", "r"), Self.node("r", nil), Self.node("c", "r")])
        #expect(try MindMaps.checked(shuffled).nodes.map(\.id) == ["r", "a", "c", "b"])
        let bad: [(MindMap, MindMapRuleError)] = [
            (MindMap(title: "T", nodes: []), .nodeCount(0)),
            (MindMap(title: "T", nodes: [Self.node("r", nil)] + (0..<500).map { Self.node("n\($0)", "r") }), .nodeCount(501)),
            (MindMap(title: "T", nodes: [Self.node("r", nil), Self.node("s", nil)]), .rootCount(2)),
            (MindMap(title: "T", nodes: [Self.node("r", nil), Self.node("a", "b"), Self.node("b", "a")]), .unknownParent("a")),
            (MindMap(title: "T", nodes: [Self.node("r", nil), Self.node("a", "zz")]), .unknownParent("a")),
            (MindMap(title: "T", nodes: [Self.node("r", nil), Self.node("r", "r")]), .duplicateId("r")),
            (MindMap(title: "T", nodes: [Self.node("r", nil), Self.node("a b", "r")]), .badId("a b")),
            (MindMap(title: "T", nodes: [Self.node("r", nil), Self.node("a", "r", " \n ")]), .labelEmpty("a")),
            (MindMap(title: "T", nodes: [Self.node("r", nil), Self.node("a", "r", String(repeating: "w", count: 81))]), .labelTooLong("a")),
            (MindMap(title: "T", nodes: [Self.node("r", nil)] + (1...9).map { Self.node("d\($0)", $0 == 1 ? "r" : "d\($0 - 1)") }), .tooDeep("d9")),
            (MindMap(title: " ", nodes: [Self.node("r", nil)]), .titleEmpty),
        ]
        for (map, error) in bad {
            #expect(throws: error) { try MindMaps.checked(map) }
        }
        #expect(try MindMaps.checked(MindMap(title: "T", nodes: [Self.node("r", nil, "  a\n b  ")])).nodes[0].label == "a b")
    }

    static let small = MindMap(title: "Piante & <fiori>", nodes: [
        node("r", nil, "Piante"), node("a", "r", "Foglie *verdi*"), node("b", "a", "Clorofilla"), node("c", "r", "Radici \"profonde\""),
    ])

    @Test func markdownIsANestedListUnderTheRoot() {
        #expect(MindMapExport.markdown(Self.small) == "# Piante\n\n- Foglie \\*verdi\\*\n  - Clorofilla\n- Radici \"profonde\"\n")
        let listy = MindMap(title: "T", nodes: [Self.node("r", nil, "Storia"), Self.node("a", "r", "1789. La Bastiglia"), Self.node("b", "r", "- meno")])
        #expect(MindMapExport.markdown(listy) == "# Storia\n\n- 1789\\. La Bastiglia\n- \\- meno\n", "not lists of their own")
    }

    @Test func opmlIsAnOutlineAnyOutlinerReads() throws {
        let text = MindMapExport.opml(Self.small, created: Date(timeIntervalSince1970: 0))
        final class Outlines: NSObject, XMLParserDelegate {
            var texts: [String] = [], depth = 0, deepest = 0
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
                if name == "outline" { texts.append(attributes["text"] ?? ""); depth += 1; deepest = max(deepest, depth) }
            }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
                if name == "outline" { depth -= 1 }
            }
        }
        let outlines = Outlines()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = outlines
        #expect(parser.parse(), "well-formed XML")
        #expect(outlines.texts == ["Piante", "Foglie *verdi*", "Clorofilla", "Radici \"profonde\""] && outlines.deepest == 3)
        #expect(text.contains("<title>Piante &amp; &lt;fiori&gt;</title>"))
    }

    @Test func theSVGsBoxesNeverOverlap() {
        let map = MindMapBuilder.build(title: "Il Risorgimento", text: Self.headed, language: .it)
        let boxes = MindMapExport.layout(map)
        #expect(boxes.count == map.nodes.count)
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] {
                let apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y
                #expect(apart, "\(a.id) and \(b.id) overlap")
            }
        }
        let svg = MindMapExport.svg(map)
        #expect(svg.hasPrefix("<svg") && svg.contains("</svg>") && svg.components(separatedBy: "<rect").count - 2 == map.nodes.count)
        #expect(XMLParser(data: Data(svg.utf8)).parse(), "well-formed SVG")
    }
}
