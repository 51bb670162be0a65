import Foundation
import Storage
import Study

/// MirrorBuddy's rule errors as HTTP answers (called from `APIError.init(_:now:)`).
extension APIError {
    init(subject error: SubjectRuleError) {
        switch error {
        case .nameEmpty: self = .invalid("name", "Give the subject a name.")
        case .nameTooLong: self = .invalid("name", "A subject's name can be at most \(Subjects.nameLength.upperBound) characters.")
        case .badColour(let raw): self = .invalid("colour", "\"\(raw)\" is not a colour: use #RRGGBB.")
        case .isDefault: self = APIError(.subjectIsDefault)
        case .hasContent(let materials, let tasks):
            self = APIError(.subjectHasContent, "This subject still has \(materials) material(s) and \(tasks) task(s): move or delete them first, or hide it.",
                            details: ["materials": String(materials), "tasks": String(tasks)])
        case .tooMany(let limit): self = APIError(.studyFull, "A student can have at most \(limit) subjects.")
        }
    }

    init(task error: TaskRuleError) {
        switch error {
        case .titleEmpty: self = .invalid("title", "Say what the task is.")
        case .titleTooLong: self = .invalid("title", "A task's title can be at most \(StudyTasks.titleLength.upperBound) characters.")
        case .notesTooLong: self = .invalid("notes", "A task's notes can be at most \(StudyTasks.notesLength.upperBound) characters.")
        case .badPriority(let priority): self = .invalid("priority", "Priority must be 1 to 5, not \(priority).")
        }
    }

    init(material error: MaterialRuleError) {
        switch error {
        case .titleEmpty: self = .invalid("title", "Give the material a title.")
        case .titleTooLong: self = .invalid("title", "A material's title can be at most \(StudyMaterials.titleLength.upperBound) characters.")
        case .textEmpty: self = .invalid("text", "The material has no text.")
        case .textTooLong(let limit): self = .invalid("text", "A material's text can be at most \(limit) characters: split it into parts.")
        }
    }

    init(readingSettings error: ReadingSettingsError) {
        switch error {
        case .outOfRange(let field, let range): self = .invalid(field, "\(field) must be a number from \(range).")
        }
    }

    init(ledger error: StudyLedgerError) {
        switch error {
        case .overlaps(let end):
            self = APIError(.stretchOverlaps, "This study time was counted already: the last stretch ended at \(ISO8601DateFormatter().string(from: end)).")
        }
    }
}

extension APIError {
    init(card error: FlashcardRuleError) {
        switch error {
        case .emptyFront: self = .invalid("front", "Write the card's question side.")
        case .emptyBack: self = .invalid("back", "Write the card's answer side.")
        case .frontTooLong: self = .invalid("front", "A card's question side can be at most \(Flashcards.frontLimit) characters.")
        case .backTooLong: self = .invalid("back", "A card's answer side can be at most \(Flashcards.backLimit) characters.")
        case .retention(let value):
            self = .invalid("desiredRetention", "desiredRetention must be a number from 0.80 to 0.97, not \(value).")
        }
    }

    init(map error: MindMapRuleError) {
        switch error {
        case .titleEmpty: self = .invalid("title", "Give the map a title.")
        case .titleTooLong: self = .invalid("title", "A map's title can be at most \(MindMaps.titleLimit) characters.")
        case .nodeCount(let count): self = .invalid("nodes", "A map has 1 to \(MindMaps.nodeLimit) nodes, not \(count).")
        case .rootCount(let count): self = .invalid("nodes", "A map has exactly one root (a node without a parent), not \(count).")
        case .badId(let id): self = .invalid("nodes", "\"\(id)\" is not a node id: 1 to 40 letters, digits, - or _.")
        case .duplicateId(let id): self = .invalid("nodes", "Two nodes have the id \"\(id)\".")
        case .labelEmpty(let id): self = .invalid("nodes", "Node \"\(id)\" has no words.")
        case .labelTooLong(let id): self = .invalid("nodes", "Node \"\(id)\" has more than \(MindMaps.labelLimit) characters.")
        case .unknownParent(let id): self = .invalid("nodes", "Node \"\(id)\" hangs from a node that is not in the map (or from itself).")
        case .tooDeep(let id): self = .invalid("nodes", "Node \"\(id)\" is more than \(MindMaps.depthLimit) levels deep.")
        }
    }

    init(quiz error: QuizRuleError) {
        switch error {
        case .noSuchQuestion(let position): self = .invalid("position", "This quiz has no question \(position).")
        case .emptyAnswer: self = .invalid("answer", "Write or pick an answer first.")
        case .answerTooLong: self = .invalid("answer", "An answer can be at most \(Quizzes.answerLimit) characters.")
        case .notAnOption: self = .invalid("answer", "That is not one of this question's options.")
        }
    }

    init(stretch error: StretchRuleError) {
        switch error {
        case .notPositive: self = .invalid("minutes", "minutes must be a number above 0.")
        case .tooLong(let limit): self = .invalid("minutes", "A stretch of study can be at most \(Int(limit)) minutes: take a break!")
        }
    }
}
