import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
import Study
import Testing
@testable import FunZoneServer

/// Materials from PDFs and photos on both databases, read by the real poppler and tesseract in the
/// background: a PDF with text keeps its pages, a scanned PDF is read by OCR, three photos become
/// one material in page order. Bad files (200 pages, locked, damaged, not a PDF, a 50 MB photo, not
/// a picture) are refused at once with nothing kept; a photo of nothing fails with the reason;
/// another family sees none of it.
@Suite(.serialized) struct MirrorBuddyReadingRouteTests {
    static let first = "La Rivoluzione francese cominciò nel 1789 quando il re convocò gli Stati generali a Versailles."
    static let second = "Il 14 luglio il popolo di Parigi prese la Bastiglia, simbolo del potere assoluto del re."

    static func upload(_ device: Browser, _ path: String, body: ByteBuffer, type: String) async throws -> TestResponse {
        try await device.request(.post, path, body: body, headers: [.contentType: type])
    }

    static func photos(_ pictures: [Data]) -> ByteBuffer {
        ByteBuffer(bytes: try! JSONEncoder().encode(["photos": pictures.map { $0.base64EncodedString() }]))
    }

    /// The material once the background reading is over.
    static func read(_ app: TestApp, _ device: Browser, _ id: String) async throws -> MirrorBuddyView.MaterialView {
        await app.services.reading.idle()
        return try await device.decoded(MirrorBuddyView.MaterialView.self, .get, "/api/mirrorbuddy/materials/\(id)")
    }

    /// Words of `truth` the text lacks (OCR may miss a letter here and there, not whole words).
    static func missing(_ truth: String, in text: String) -> [String] {
        let read = Set(text.lowercased().split { !$0.isLetter }.map(String.init))
        return truth.lowercased().split { !$0.isLetter }.map(String.init).filter { $0.count > 3 && !read.contains($0) }
    }

    @Test(arguments: TestDatabase.all)
    func aPDFWithTextAScannedPDFAndPhotosBecomeMaterials(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await MirrorBuddyRouteTests.mario(app)
            // A PDF with text: its two pages, titled by its first sentence, waiting and then ready.
            let pdf = try await Self.upload(tablet, "/api/mirrorbuddy/materials/pdf?subjectId=storia-geografia",
                                            body: ByteBuffer(bytes: TestDocuments.textPDF([Self.first, Self.second])), type: "application/pdf")
            #expect(pdf.status == .accepted, "\(String(buffer: pdf.body))")
            let waiting = try pdf.decoded(MirrorBuddyView.MaterialSummaryView.self)
            #expect(waiting.status == .pending || waiting.status == .processing)
            let text = try await Self.read(app, tablet, waiting.id)
            #expect(text.status == .ready && text.source == .pdf && text.pages == 2 && text.language == .it)
            #expect(text.pageTexts == [Self.first, Self.second])
            #expect(text.title == "La Rivoluzione francese cominciò nel 1789 quando il re", "no title given: the text names it")

            // A scanned page: no text in the PDF, so OCR reads its picture.
            let scan = try TestDocuments.scannedPDF(pgm: TestDocuments.picture(Self.first + " " + Self.second, format: "pgm"))
            let scanned = try await Self.upload(tablet, "/api/mirrorbuddy/materials/pdf?title=Scansione", body: ByteBuffer(bytes: scan),
                                                type: "application/pdf")
            #expect(scanned.status == .accepted, "\(String(buffer: scanned.body))")
            let ocr = try await Self.read(app, tablet, try scanned.decoded(MirrorBuddyView.MaterialSummaryView.self).id)
            #expect(ocr.status == .ready && ocr.title == "Scansione" && ocr.pages == 1, "\(ocr.failure ?? "")")
            #expect(Self.missing(Self.first + " " + Self.second, in: ocr.text).count <= 2, "OCR missed: \(Self.missing(Self.first + " " + Self.second, in: ocr.text))")

            // Three photos, a little tilted: one material, its pages in the order sent.
            let lines = ["Pagina uno: il Medioevo comincia nel quattrocentosettantasei.", "Pagina due: nascono i Comuni e le università.",
                         "Pagina tre: i mercanti viaggiano fino in Oriente."]
            let pictures = try lines.enumerated().map { try TestDocuments.picture($0.element, degrees: Double($0.offset) - 1) }
            let sent = try await Self.upload(tablet, "/api/mirrorbuddy/materials/photos?title=Medioevo&language=it", body: Self.photos(pictures),
                                             type: "application/json")
            #expect(sent.status == .accepted, "\(String(buffer: sent.body))")
            let photos = try await Self.read(app, tablet, try sent.decoded(MirrorBuddyView.MaterialSummaryView.self).id)
            #expect(photos.status == .ready && photos.source == .photos && photos.pages == 3, "\(photos.failure ?? "")")
            for (page, line) in zip(photos.pageTexts, lines) {
                #expect(Self.missing(line, in: page).count <= 1, "page \(page) should read \(line)")
            }
            #expect(try await MirrorBuddyStudyRouteTests.list(tablet, "&q=bastiglia").map(\.id).sorted() == [waiting.id, ocr.id].sorted())
            // Each material read gave its 10 XP (and the first-material badge; three may finish one of the week's quests).
            let progress = try await MirrorBuddyRouteTests.me(tablet).progress
            let quest = progress.quests.first { $0.quest.id == .knowledgeBuilder }.map { $0.done ? $0.quest.xp : 0 } ?? 0
            #expect(progress.xp == 30 + 50 + quest)

            // Another family cannot see, read or delete them; deleting one takes its files with it.
            let other = try await MirrorBuddyRouteTests.stranger(app)
            try await other.expectError(.get, "/api/mirrorbuddy/materials/\(photos.id)", status: .notFound, code: "not_found")
            try await other.expectError(.delete, "/api/mirrorbuddy/materials/\(photos.id)", status: .notFound, code: "not_found")
            let kept = try FileManager.default.contentsOfDirectory(atPath: app.blobRoot.appendingPathComponent("mirrorbuddy").path)
            #expect(kept.filter { $0.hasPrefix(photos.id + "-") }.count == 3)
            #expect(try await tablet.request(.delete, "/api/mirrorbuddy/materials/\(photos.id)").status == .noContent)
            let left = try FileManager.default.contentsOfDirectory(atPath: app.blobRoot.appendingPathComponent("mirrorbuddy").path)
            #expect(left.filter { $0.hasPrefix(photos.id + "-") }.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.all)
    func badFilesAreRefusedAtOnceAndAPhotoOfNothingFailsWithItsReason(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await MirrorBuddyRouteTests.mario(app)
            let long = TestDocuments.textPDF((1...200).map { "Pagina \($0) di un libro molto lungo." })
            let refused: [(Data, String, HTTPResponse.Status, String)] = [
                (long, "application/pdf", .unprocessableContent, "invalid_field"),
                (try TestDocuments.encrypted(TestDocuments.textPDF([Self.first])), "application/pdf", .unprocessableContent, "invalid_field"),
                (Data("%PDF-1.4\nthis is not really a PDF at all\n%%EOF\n".utf8), "application/pdf", .unprocessableContent, "invalid_field"),
                (try TestDocuments.picture(Self.first), "application/pdf", .unsupportedMediaType, "unsupported_media_type"),
                (TestDocuments.textPDF([Self.first]), "text/plain", .unsupportedMediaType, "unsupported_media_type"),
            ]
            for (body, type, status, code) in refused {
                let response = try await Self.upload(tablet, "/api/mirrorbuddy/materials/pdf", body: ByteBuffer(bytes: body), type: type)
                try expectErrorShape(response, status: status, code: code)
            }
            let locked = try await Self.upload(tablet, "/api/mirrorbuddy/materials/pdf",
                                               body: ByteBuffer(bytes: try TestDocuments.encrypted(TestDocuments.textPDF([Self.first]))), type: "application/pdf")
            #expect(String(buffer: locked.body).contains("password"))
            let pages = try await Self.upload(tablet, "/api/mirrorbuddy/materials/pdf", body: ByteBuffer(bytes: long), type: "application/pdf")
            #expect(String(buffer: pages.body).contains("200 pages"))

            // A 50 MB photo, a file that is no picture, no photos at all.
            var huge = try TestDocuments.picture(Self.first)
            huge.append(Data(count: 50 * 1024 * 1024 - huge.count))
            try expectErrorShape(try await Self.upload(tablet, "/api/mirrorbuddy/materials/photos", body: Self.photos([huge]), type: "application/json"),
                                 status: .contentTooLarge, code: "body_too_large")
            try expectErrorShape(try await Self.upload(tablet, "/api/mirrorbuddy/materials/photos", body: Self.photos([Data("not a picture".utf8)]),
                                                       type: "application/json"), status: .unsupportedMediaType, code: "unsupported_media_type")
            try expectErrorShape(try await Self.upload(tablet, "/api/mirrorbuddy/materials/photos", body: Self.photos([]), type: "application/json"),
                                 status: .unprocessableContent, code: "invalid_field")
            try await tablet.expectError(.post, "/api/mirrorbuddy/materials/photos?subjectId=nope", ["photos": [try TestDocuments.picture("Testo").base64EncodedString()]],
                                         status: .unprocessableContent, code: "invalid_field")
            #expect(try await MirrorBuddyStudyRouteTests.list(tablet).isEmpty, "nothing half-made")
            let files = (try? FileManager.default.contentsOfDirectory(atPath: app.blobRoot.appendingPathComponent("mirrorbuddy").path)) ?? []
            #expect(files.isEmpty, "no file kept: \(files)")

            // A photo of nothing is taken, read, and fails with a reason a student can act on; it gives no XP.
            let blank = try await Self.upload(tablet, "/api/mirrorbuddy/materials/photos", body: Self.photos([try TestDocuments.blank()]),
                                              type: "application/json")
            #expect(blank.status == .accepted)
            let nothing = try await Self.read(app, tablet, try blank.decoded(MirrorBuddyView.MaterialSummaryView.self).id)
            #expect(nothing.status == .failed && nothing.failure?.contains("No text was found") == true && nothing.failureCode == "no_text")
            #expect(try await MirrorBuddyRouteTests.me(tablet).progress.xp == 0)
        }
    }

    /// A PDF sent without a title and left waiting by a server that stopped: the next server reads it
    /// and its text still names it (not "PDF"); one that stopped the server twice fails with a code.
    @Test(arguments: TestDatabase.all)
    func aReadingLeftByAStoppedServerIsResumedAndItsTextStillNamesIt(_ db: TestDatabase) async throws {
        try await TestApp.run(db, installed: ["mirrorbuddy"], openSignup: true) { app in
            let tablet = try await MirrorBuddyRouteTests.mario(app)
            let scope = FamilyScope(familyId: try await tablet.familyId(app))
            let child = try #require(try await tablet.childId(app))
            for (id, attempts) in [("left", 0), ("crashed", 2), ("renamed", 0)] {
                let key = "mirrorbuddy/\(id)-1.pdf"
                try await app.services.blobs.put(TestDocuments.textPDF(["Il ciclo dell'acqua. L'acqua evapora dal mare e torna come pioggia."]), key: key)
                let waiting = StudyMaterial(id: id, title: "PDF", subjectId: nil, source: .pdf, status: .pending, language: .it, pages: [],
                                            createdAt: app.clock.now)
                try await app.services.mirrorBuddy.addUnread(waiting, fileKeys: [key], fileBytes: 1_000, byteLimit: 1 << 30, titleFromText: true,
                                                             childId: child, in: scope)
                for _ in 0..<attempts { _ = try await app.services.mirrorBuddy.startReading(id: id, childId: child, in: scope, now: app.clock.now) }
            }
            #expect(try await app.services.mirrorBuddy.unread().map(\.titleFromText) == [true, true, true])
            // Named by the student while it waits: the name stays.
            _ = try await tablet.json(.patch, "/api/mirrorbuddy/materials/renamed", ["title": "Scienze, capitolo 3"], expect: .ok)

            await MaterialReadingService.resume(app.services)
            let resumed = try await Self.read(app, tablet, "left")
            #expect(resumed.status == .ready && resumed.title == "Il ciclo dell'acqua", "\(resumed.title) \(resumed.failure ?? "")")
            let crashed = try await Self.read(app, tablet, "crashed")
            #expect(crashed.status == .failed && crashed.failureCode == "failed" && crashed.title == "PDF")
            let renamed = try await Self.read(app, tablet, "renamed")
            #expect(renamed.status == .ready && renamed.title == "Scienze, capitolo 3")
        }
    }
}
