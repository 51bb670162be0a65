import Foundation
import Hub
import Storage
import Study

/// The coach with the optional language model: the answer found in the notes is worded by the
/// model from those passages only, and kept only if it passes `Study.CoachPrompt.check` (nothing
/// unsafe, no contact details or links, no personal questions, grounded in the passages). The
/// question reached the model only after `CoachSafety` let it through; the model is never asked
/// when there is no passage to ground it. Any failure, a busy model or a family over its share gives
/// the notes' own answer.
extension MirrorBuddyCoach {
    /// Model answers a minute per family.
    static let modelPerFamily = RateLimit(limit: 20, window: 60)

    func worded(_ question: String, answer: StudyCoach.Answer, length: StudyCoach.Length, language: StudyLanguage, caller: Kid,
                analyzer: StudyTerms) async -> String? {
        guard let model = services.model else { return nil }
        guard (try? await services.countAttempt("mirrorbuddy-model:\(caller.session.scope.familyId)", limit: Self.modelPerFamily)) != nil else {
            return nil
        }
        let messages = CoachPrompt.messages(question: question, passages: answer.sources, language: language, grade: caller.child.grade,
                                            length: length)
        let logger = caller.context.logger
        guard let output = await model.complete(messages, maxTokens: CoachPrompt.maxTokens, failed: { error in
            logger.warning("the language model failed; the answer from the notes is given", metadata: ["error": "\(error)"])
        }) else { return nil }
        switch CoachPrompt.check(output, question: question, passages: answer.sources, terms: analyzer) {
        case .success(let text):
            return text
        case .failure(let refused):
            // The reason only: neither the child's question nor the model's words are logged.
            logger.notice("the language model's answer was not used", metadata: ["reason": "\(refused.refusal.rawValue)"])
            return nil
        }
    }
}
