import DocumentText
import Foundation
import Hub
import Hummingbird
import Storage
import Study

/// Materials from a PDF or from photos of pages: the files are checked and kept, the material waits
/// (`pending`) and `MaterialReading` reads it in the background; the page follows its status.
struct MirrorBuddyUploads {
    let services: Services

    static let pdfBytes = 40 * 1024 * 1024
    static let photoBytes = 15 * 1024 * 1024
    static let photosPerMaterial = 20
    /// One request of photos in all: 48 MB of pictures as base64 (the page sends each shrunk to about 1 MB).
    static let photosBodyBytes = 64 * 1024 * 1024

    /// Counted before the body is read: a family sending too much is refused before it costs anything.
    func countUpload(_ caller: Kid) async throws {
        try await services.countAttempt("mirrorbuddy-read:\(caller.session.familyId)", limit: Self.uploadsPerFamily)
    }

    /// Files kept for one student (PDFs and photos).
    static let storedBytesPerStudent = 500 * 1024 * 1024
    /// Uploads a family may send in a window: each one keeps a core busy for a while.
    static let uploadsPerFamily = RateLimit(limit: 30, window: 600)

    func addRoutes(to kid: AccessGroup<Kid>) {
        kid.post("materials/pdf", use: pdf)
        kid.post("materials/photos", use: photos)
    }

    /// A PDF sent as the body (`application/pdf`); `title`, `subjectId` and `language` in the query.
    @Sendable func pdf(_ request: Request, caller: Kid) async throws -> Reply<MirrorBuddyView.MaterialSummaryView> {
        try await countUpload(caller)
        if let type = request.headers[.contentType], !type.lowercased().hasPrefix("application/pdf") {
            throw APIError(.unsupportedMediaType, "Send the PDF itself as the body (Content-Type: application/pdf).")
        }
        let data = Data(buffer: try await request.collectBody(upTo: Self.pdfBytes))
        guard data.starts(with: Array("%PDF-".utf8)) else { throw APIError(.unsupportedMediaType, DocumentError.notPDF.reason) }
        do {
            _ = try await services.documents.checkPDF(data)
        } catch let error as DocumentError {
            if case .toolMissing = error { throw APIError(.readerUnavailable, error.reason) }
            throw APIError.invalid("pdf", error.reason)
        }
        return try await add(.pdf, files: [(data, "pdf")], request: request, caller: caller)
    }

    /// Photos of pages, in page order, as one JSON body of base64 pictures: up to 20, each a JPEG,
    /// PNG or WebP of at most 15 MB and 40 megapixels, 48 MB in all. `title`, `subjectId` and
    /// `language` in the query.
    @Sendable func photos(_ request: Request, caller: Kid) async throws -> Reply<MirrorBuddyView.MaterialSummaryView> {
        try await countUpload(caller)
        struct Body: Decodable { let photos: [String] }
        let body = try await request.decodeJSON(Body.self, context: caller.context, limit: Self.photosBodyBytes)
        guard !body.photos.isEmpty else { throw APIError.invalid("photos", "Add at least one photo of a page.") }
        guard body.photos.count <= Self.photosPerMaterial else {
            throw APIError.invalid("photos", "At most \(Self.photosPerMaterial) photos make one material: add the rest as another.")
        }
        var files: [(Data, String)] = []
        for (index, text) in body.photos.enumerated() {
            guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                throw APIError.invalid("photos", "Photo \(index + 1) is not base64.")
            }
            guard data.count <= Self.photoBytes else { throw APIError(.bodyTooLarge, "Photo \(index + 1) is larger than 15 MB.") }
            guard let header = ImageHeader(data) else {
                throw APIError(.unsupportedMediaType, "Photo \(index + 1): \(DocumentError.notImage.reason)")
            }
            guard header.megapixels <= Double(services.documents.maxMegapixels) else {
                throw APIError.invalid("photos", "Photo \(index + 1): " + DocumentError.imageTooLarge(
                    megapixels: Int(header.megapixels.rounded(.up)), limit: services.documents.maxMegapixels).reason)
            }
            files.append((data, header.format.rawValue))
        }
        return try await add(.photos, files: files, request: request, caller: caller)
    }

    /// Keeps the files and the waiting material, then hands it to the reader.
    func add(_ source: StudyMaterial.Source, files: [(data: Data, ext: String)], request: Request,
             caller: Kid) async throws -> Reply<MirrorBuddyView.MaterialSummaryView> {
        let (child, scope) = (caller.child, caller.session.scope)
        let query = request.uri.queryParameters
        let title = try query.get("title").flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }.map(StudyMaterials.cleanTitle)
        let subjectId = try await MirrorBuddySubjects.existing(query.get("subjectId").flatMap { $0.isEmpty ? nil : $0 }, caller: caller,
                                                                services: services)
        let settings = try await MirrorBuddyController.settings(of: caller, services: services)
        var language = settings.language
        if let asked = query.get("language") {
            guard let chosen = StudyLanguage(rawValue: asked) else { throw APIError.invalid("language", "language must be it or en.") }
            language = chosen
        }
        try services.diskRoom.require()
        try await services.quota.require(Int64(files.reduce(0) { $0 + $1.data.count }), in: caller.session.scope)
        let id = services.ids.next()
        let keys = files.indices.map { "mirrorbuddy/\(id)-\($0 + 1).\(files[$0].ext)" }
        for (key, file) in zip(keys, files) { try await services.blobs.put(file.data, key: key) }
        let material = StudyMaterial(id: id, title: title ?? (source == .pdf ? "PDF" : "Foto"), subjectId: subjectId, source: source,
                                     status: .pending, language: language, pages: [], createdAt: services.clock.now())
        do {
            try await services.mirrorBuddy.addUnread(material, fileKeys: keys, fileBytes: files.reduce(0) { $0 + $1.data.count },
                                                     byteLimit: Self.storedBytesPerStudent, titleFromText: title == nil, childId: child.id, in: scope)
        } catch {
            for key in keys { try? await services.blobs.delete(key: key) }
            if case StorageError.limitReached = error {
                throw APIError(.studyFull, "This student's materials are full (\(StudyMaterials.limit) materials or 500 MB of files). Delete some first.")
            }
            throw error
        }
        await services.reading.submit(.init(scope: scope, childId: child.id, materialId: id, source: source, fileKeys: keys,
                                            languages: MaterialReading.languages(language), titleFromText: title == nil),
                                      services: services)
        guard let summary = try await services.mirrorBuddy.summary(id: id, childId: child.id, in: scope) else { throw APIError.notFound("material") }
        return Reply(MirrorBuddyView.MaterialSummaryView(summary), status: .accepted)
    }
}
