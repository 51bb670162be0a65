import DocumentText
import Foundation
import Logging
import ServiceLifecycle
import Storage
import Study

/// Materials from PDFs and photos are read here, in the background, never inside a request: at most
/// `slots` at once for the whole server and one at a time per family (a family's 100-page scan
/// keeps no other family waiting behind it); of the waiting, the family served longest ago goes
/// next. Deleting a material stops its reading and its programs; the server's shutdown stops them
/// all, and those materials wait again to be read at the next start (`MaterialReadingService`).
actor MaterialReading {
    struct Job: Sendable {
        let scope: FamilyScope
        let childId: ChildID
        let materialId: String
        let source: StudyMaterial.Source
        let fileKeys: [String]
        /// Tesseract's codes, the student's language first.
        let languages: [String]
        /// No title was given: the text names the material.
        let titleFromText: Bool
    }

    let slots: Int
    private var waiting: [Job] = []
    private var running: [String: (family: FamilyID, task: Task<Void, Never>)] = [:]
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// When each family's last reading began (a counter): the family served longest ago goes next.
    private var served: [FamilyID: Int] = [:]
    private var turns = 0

    init(slots: Int = 2) { self.slots = slots }

    func submit(_ job: Job, services: Services) {
        guard running[job.materialId] == nil, !waiting.contains(where: { $0.materialId == job.materialId }) else { return }
        waiting.append(job)
        startWaiting(services)
    }

    /// Stops reading a material (it was deleted).
    func cancel(materialId: String) {
        waiting.removeAll { $0.materialId == materialId }
        running[materialId]?.task.cancel()
        wakeIfIdle()
    }

    func cancelAll() {
        waiting.removeAll()
        for entry in running.values { entry.task.cancel() }
        wakeIfIdle()
    }

    private func wakeIfIdle() {
        guard waiting.isEmpty && running.isEmpty else { return }
        for waiter in idleWaiters { waiter.resume() }
        idleWaiters.removeAll()
    }

    /// Returns when nothing is waiting or being read (tests, and the shutdown).
    func idle() async {
        guard !(waiting.isEmpty && running.isEmpty) else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    private func startWaiting(_ services: Services) {
        while running.count < slots {
            let busy = Set(running.values.map(\.family))
            // Of the families not being served, the one served longest ago; its oldest job.
            let candidates = waiting.indices.filter { !busy.contains(waiting[$0].scope.familyId) }
            guard let index = candidates.min(by: { (served[waiting[$0].scope.familyId] ?? -1, $0) < (served[waiting[$1].scope.familyId] ?? -1, $1) })
            else { break }
            let job = waiting.remove(at: index)
            turns += 1
            served[job.scope.familyId] = turns
            let task = Task.detached(priority: .utility) { [self] in
                await Self.read(job, services: services)
                await self.finished(job, services: services)
            }
            running[job.materialId] = (job.scope.familyId, task)
        }
    }

    private func finished(_ job: Job, services: Services) {
        running[job.materialId] = nil
        startWaiting(services)
        wakeIfIdle()
    }

    /// Reads one material's files and keeps its pages, or the reason it could not be read.
    static func read(_ job: Job, services: Services) async {
        let store = services.mirrorBuddy
        do {
            guard try await store.startReading(id: job.materialId, childId: job.childId, in: job.scope, now: services.clock.now()) else { return }
            var pages: [String] = []
            for key in job.fileKeys {
                try Task.checkCancellation()
                guard let data = try await services.blobs.get(key: key) else { throw DocumentError.failed("a stored file is missing") }
                switch job.source {
                case .pdf: pages += try await services.documents.readPDF(data, languages: job.languages).map(\.text)
                case .photos: pages.append(try await services.documents.readPhoto(data, languages: job.languages).text)
                case .text: break
                }
            }
            let cleaned = Self.withinLimit(pages.map(ScannedText.clean))
            let text = cleaned.joined(separator: "\n\n")
            guard text.filter(\.isLetter).count >= 10 else { throw DocumentError.noText }
            let title = job.titleFromText ? (try? StudyMaterials.cleanTitle(StudyMaterials.title(from: text))) : nil
            try await store.finishReading(id: job.materialId, pages: cleaned, language: ReadingText.language(of: text), title: title,
                                          childId: job.childId, in: job.scope, now: services.clock.now(), activityId: services.ids.next())
        } catch is CancellationError {
            // Deleted (the row is gone), or the server is stopping: the material waits again, and this
            // start does not count as one that stopped the server.
            try? await store.releaseReading(id: job.materialId, childId: job.childId, in: job.scope)
        } catch let error as DocumentError {
            try? await store.failReading(id: job.materialId, reason: error.reason, code: error.code, childId: job.childId, in: job.scope,
                                         now: services.clock.now())
        } catch {
            services.log.warning("reading a material failed", metadata: ["material": "\(job.materialId)", "error": "\(error)"])
            let failed = DocumentError.failed("an error on the server")
            try? await store.failReading(id: job.materialId, reason: failed.reason, code: failed.code, childId: job.childId,
                                         in: job.scope, now: services.clock.now())
        }
    }

    /// The pages, the last one cut, so that together they keep within a material's text limit.
    static func withinLimit(_ pages: [String], limit: Int = StudyMaterials.textLimit) -> [String] {
        var kept: [String] = [], left = limit
        for page in pages {
            guard left > 0 else { break }
            kept.append(String(page.prefix(left)))
            left -= min(left, page.count + 2)
        }
        return kept
    }

    /// Tesseract's codes for a student reading `language`: theirs first, the other after.
    static func languages(_ language: StudyLanguage) -> [String] { language == .it ? ["ita", "eng"] : ["eng", "ita"] }
}

/// Reads again, at start-up, the materials a stopped server left waiting; stops every reading at shutdown.
struct MaterialReadingService: Service {
    let services: Services

    /// Readings begun this often and never finished stopped the server: the material fails instead.
    static let attempts = 2

    func run() async throws {
        await Self.resume(services)
        try? await gracefulShutdown()
        await services.reading.cancelAll()
        // The stopped readings put their materials back to wait before the server exits.
        await services.reading.idle()
    }

    /// Reads again what a stopped server left waiting or half-read, except a material that stopped
    /// the server twice already (that one fails).
    static func resume(_ services: Services) async {
        let unread: [MirrorBuddyStore.Unread]
        do { unread = try await services.mirrorBuddy.unread() } catch {
            services.log.warning("could not resume reading materials", metadata: ["error": "\(error)"])
            unread = []
        }
        for material in unread {
            if material.attempts >= Self.attempts {
                let stopped = DocumentError.failed("the server stopped while reading it")
                try? await services.mirrorBuddy.failReading(id: material.materialId, reason: stopped.reason, code: stopped.code,
                                                            childId: material.childId, in: material.scope, now: services.clock.now())
                continue
            }
            await services.reading.submit(.init(scope: material.scope, childId: material.childId, materialId: material.materialId,
                                                source: material.source, fileKeys: material.fileKeys,
                                                languages: MaterialReading.languages(material.language), titleFromText: material.titleFromText),
                                          services: services)
        }
    }
}
