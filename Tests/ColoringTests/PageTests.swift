import Foundation
import Testing
@testable import Coloring

@Suite("colouring pages")
struct PageTests {
    /// Pixels of each region the outline encloses, largest first (white areas joined side to side).
    static func regions(_ picture: Raster) -> [Int] {
        var seen = [Bool](repeating: false, count: picture.width * picture.height)
        var sizes: [Int] = []
        for y in stride(from: 0, to: picture.height, by: 4) {
            for x in stride(from: 0, to: picture.width, by: 4) where !seen[y * picture.width + x] && picture[x, y] == .white {
                let region = FloodFill.region(in: picture, x: x, y: y, tolerance: 0)!
                var size = 0
                for (index, inside) in region.enumerated() where inside { seen[index] = true; size += 1 }
                sizes.append(size)
            }
        }
        return sizes.sorted(by: >)
    }

    @Test(arguments: PageCatalog.pages.map(\.id))
    func aPageHasPartsToFill(_ id: String) throws {
        let page = try #require(PageCatalog.page(id))
        let document = try ColoringDocument(width: PageCatalog.width, height: PageCatalog.height, page: id).validated()
        let picture = DrawingRenderer(outlines: PageCatalog.outlines).render(document)
        if let folder = ProcessInfo.processInfo.environment["COLORING_PAGES_OUT"] {
            try PNGEncoder.encode(picture).write(to: URL(fileURLWithPath: folder).appendingPathComponent("\(id).png"))
        }
        let sizes = Self.regions(picture)
        let total = PageCatalog.width * PageCatalog.height
        #expect(sizes.count >= 6, "\(page.name) has \(sizes.count) parts")
        #expect(sizes.dropFirst().allSatisfy { $0 < total / 3 }, "only the background is large")
        #expect(sizes.filter { $0 > 400 }.count >= 5, "\(page.name) has at least five parts a child can tap")
    }

    @Test func thereAreTwelvePagesWithUniqueIds() {
        #expect(PageCatalog.pages.count >= 12)
        #expect(Set(PageCatalog.pages.map(\.id)).count == PageCatalog.pages.count)
        #expect(throws: ColoringError.self) { try ColoringDocument(page: "dragon").validated() }
    }
}
