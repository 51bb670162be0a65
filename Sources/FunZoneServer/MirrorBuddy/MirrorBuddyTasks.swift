import Foundation
import Hummingbird
import Storage
import Study

/// The student's tasks in their sections (Overdue, Today, This Week, Later, Completed on the
/// student's calendar days); add, edit, finish (XP, maybe a badge), open again, delete.
struct MirrorBuddyTasks {
    let services: Services

    func addRoutes(to kid: AccessGroup<Kid>) {
        kid.get("tasks", use: list)
        kid.post("tasks", use: add)
        kid.patch("tasks/:taskId", use: update)
        kid.post("tasks/:taskId/complete", use: complete)
        kid.post("tasks/:taskId/reopen", use: reopen)
        kid.delete("tasks/:taskId", use: delete)
    }

    struct Section: Codable {
        let section: TaskSection
        let tasks: [MirrorBuddyView.TaskView]
    }
    struct ListResponse: Codable { let sections: [Section] }

    @Sendable func list(_ request: Request, caller: Kid) async throws -> Reply<ListResponse> {
        let days = try MirrorBuddyView.days(request.uri.queryParameters.get("tz"), now: services.clock.now())
        let tasks = try await services.mirrorBuddy.tasks(childId: caller.child.id, in: caller.session.scope)
        return Reply(ListResponse(sections: StudyTasks.sections(tasks, days: days).map { group in
            Section(section: group.section, tasks: group.tasks.map { MirrorBuddyView.TaskView($0, days: days) })
        }))
    }

    /// A task's fields as sent; on an edit, a field left out stays as it was and `null` clears it.
    struct TaskRequest: Decodable {
        let title: String?
        let notes: String?
        let due: Date??
        let priority: Int?
        let subjectId: String??
        let materialId: String??

        enum CodingKeys: String, CodingKey { case title, notes, due, priority, subjectId, materialId }
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            func optional<T: Decodable>(_ key: CodingKeys) throws -> T?? {
                guard c.contains(key) else { return .none }
                return .some(try c.decodeNil(forKey: key) ? nil : try c.decode(T.self, forKey: key))
            }
            title = try c.decodeIfPresent(String.self, forKey: .title)
            notes = try c.decodeIfPresent(String.self, forKey: .notes)
            priority = try c.decodeIfPresent(Int.self, forKey: .priority)
            due = try optional(.due)
            subjectId = try optional(.subjectId)
            materialId = try optional(.materialId)
        }
    }

    /// `task` with the request's fields on it, each checked.
    func applying(_ body: TaskRequest, to task: StudyTask, caller: Kid) async throws -> StudyTask {
        var task = task
        if let title = body.title { task.title = try StudyTasks.cleanTitle(title) }
        if let notes = body.notes { task.notes = try StudyTasks.cleanNotes(notes) }
        if let priority = body.priority {
            try StudyTasks.checkPriority(priority)
            task.priority = priority
        }
        if let due = body.due { task.due = due }
        if let subjectId = body.subjectId { task.subjectId = try await MirrorBuddySubjects.existing(subjectId, caller: caller, services: services) }
        if let materialId = body.materialId {
            if let id = materialId {
                guard try await services.mirrorBuddy.summary(id: String(id.prefix(80)), childId: caller.child.id, in: caller.session.scope) != nil else {
                    throw APIError.invalid("materialId", "There is no material with that id.")
                }
            }
            task.materialId = materialId
        }
        return task
    }

    @Sendable func add(_ request: Request, caller: Kid) async throws -> Reply<MirrorBuddyView.TaskView> {
        let body = try await request.decodeJSON(TaskRequest.self, context: caller.context, limit: 8192)
        let now = services.clock.now()
        let days = try MirrorBuddyView.days(request.uri.queryParameters.get("tz"), now: now)
        guard body.title != nil else { throw APIError.invalid("title", "Say what the task is.") }
        let task = try await applying(body, to: StudyTask(id: services.ids.next(), title: "", createdAt: now), caller: caller)
        do {
            try await services.mirrorBuddy.addTask(task, childId: caller.child.id, in: caller.session.scope)
        } catch StorageError.limitReached {
            throw APIError(.studyFull, "A student can have at most \(StudyTasks.openLimit) tasks to do. Finish or delete some first.")
        }
        return Reply(MirrorBuddyView.TaskView(task, days: days), status: .created)
    }

    @Sendable func update(_ request: Request, caller: Kid) async throws -> Reply<MirrorBuddyView.TaskView> {
        let body = try await request.decodeJSON(TaskRequest.self, context: caller.context, limit: 8192)
        let days = try MirrorBuddyView.days(request.uri.queryParameters.get("tz"), now: services.clock.now())
        let (child, scope) = (caller.child, caller.session.scope)
        guard let old = try await services.mirrorBuddy.task(id: try caller.context.parameters.require("taskId"), childId: child.id, in: scope) else {
            throw APIError.notFound("task")
        }
        let task = try await applying(body, to: old, caller: caller)
        guard try await services.mirrorBuddy.updateTask(task, childId: child.id, in: scope) else { throw APIError.notFound("task") }
        return Reply(MirrorBuddyView.TaskView(task, days: days))
    }

    struct CompleteResponse: Codable {
        let task: MirrorBuddyView.TaskView
        let xp: Int
        let progress: MirrorBuddyView.Progress
        let unlocked: [StudyBadge.ID]
    }

    /// Finishes a task: its XP (and any badge or quest it completes) once; a task already done answers as it is, with 0 XP.
    @Sendable func complete(_ request: Request, caller: Kid) async throws -> Reply<CompleteResponse> {
        let now = services.clock.now()
        let days = try MirrorBuddyView.days(request.uri.queryParameters.get("tz"), now: now)
        let (child, scope) = (caller.child, caller.session.scope)
        let id = try caller.context.parameters.require("taskId")
        guard try await services.mirrorBuddy.task(id: id, childId: child.id, in: scope) != nil else { throw APIError.notFound("task") }
        let activityId = services.ids.next()
        let earned = try await MirrorBuddyController.earning(caller: caller, days: days, services: services) {
            _ = try await services.mirrorBuddy.completeTask(id: id, childId: child.id, in: scope, at: now,
                                                             xp: { StudyTasks.xp(for: $0, completedAt: now, days: days) }, activityId: activityId)
        }
        guard let task = try await services.mirrorBuddy.task(id: id, childId: child.id, in: scope) else { throw APIError.notFound("task") }
        return Reply(CompleteResponse(task: MirrorBuddyView.TaskView(task, days: days), xp: earned.xp, progress: earned.progress,
                                      unlocked: earned.unlocked))
    }

    @Sendable func reopen(_ request: Request, caller: Kid) async throws -> Reply<MirrorBuddyView.TaskView> {
        let days = try MirrorBuddyView.days(request.uri.queryParameters.get("tz"), now: services.clock.now())
        let id = try caller.context.parameters.require("taskId")
        let (child, scope) = (caller.child, caller.session.scope)
        // A task not done yet is answered as it is (a second tap, another device).
        var reopened: StudyTask?
        do {
            reopened = try await services.mirrorBuddy.reopenTask(id: id, childId: child.id, in: scope)
        } catch StorageError.limitReached {
            throw APIError(.studyFull, "A student can have at most \(StudyTasks.openLimit) tasks to do. Finish or delete some first.")
        }
        if reopened == nil { reopened = try await services.mirrorBuddy.task(id: id, childId: child.id, in: scope) }
        guard let task = reopened else { throw APIError.notFound("task") }
        return Reply(MirrorBuddyView.TaskView(task, days: days))
    }

    @Sendable func delete(_ request: Request, caller: Kid) async throws -> Response {
        let id = try caller.context.parameters.require("taskId")
        guard try await services.mirrorBuddy.deleteTask(id: id, childId: caller.child.id, in: caller.session.scope, now: services.clock.now()) else {
            throw APIError.notFound("task")
        }
        return Response(status: .noContent)
    }
}
