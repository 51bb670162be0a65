import Audio
import Foundation
import Hummingbird
import Speech
import SpeechCoach
import Storage

/// Recording a take: the uploaded WAV (or a live recording, see SpeakUpLive) is checked, heard
/// (words, fillers, levels, pitch), judged by the coach against the speaker's settings and earlier
/// takes, kept as Ogg Opus when the family keeps recordings and there is room, and stored. Nothing
/// is stored when any step fails.
extension SpeakUpController {
    @Sendable func record(_ request: Request, caller: Kid) async throws -> Reply<SpeakUpView.Take> {
        let prompt = try await prompt(request, caller: caller)
        let (samples, features) = try await Self.heard(request, caller: caller, services: services)
        return Reply(try await store(samples, features: features, prompt: prompt, session: caller.session, child: caller.child), status: .created)
    }

    /// A recording sent whole (a take, a drill, a reading), heard: a WAV of at most `maximumSamples`
    /// (`tooLong` says why not), counted against the family's takes, with speech in it. The checks
    /// come before the recogniser, so a refused recording costs no decoding.
    static func heard(_ request: Request, caller: Kid, services: Services, maximumSamples: Int? = nil,
                      tooLong: @autoclosure () -> String = "") async throws -> (samples: [Int16], features: TakeFeatures) {
        let samples = try await samples(request, context: caller.context)
        if let maximumSamples, samples.count > maximumSamples { throw APIError(.audioTooLong, tooLong()) }
        try await services.countAttempt("speakup:\(caller.session.familyId)", limit: takesPerFamily)
        guard SpeechActivity.hasSpeech(samples) else { throw APIError(.noSpeech) }
        return (samples, try await TakeListener(recognizer: services.speech.recognizer).features(of: samples))
    }

    /// The prompt a take answers (`promptId`, one of the app's or the speaker's own), if any.
    func prompt(_ request: Request, caller: Kid) async throws -> SpeakingPrompt? {
        guard let id = request.uri.queryParameters.get("promptId") else { return nil }
        guard let prompt = try await services.speakUp.prompt(id: String(id.prefix(80)), childId: caller.child.id, in: caller.session.scope) else {
            throw APIError.invalid("promptId", "There is no prompt \"\(id.prefix(40))\".")
        }
        return prompt
    }

    /// A heard take judged by the coach against the speaker's settings and earlier takes, its
    /// recording kept when the family keeps recordings and there is room, and stored; the take as
    /// the page shows it. Nothing is stored when a step fails.
    func store(_ samples: [Int16], features: TakeFeatures, prompt: SpeakingPrompt?, session: CurrentSession, child: Child) async throws -> SpeakUpView.Take {
        let profile = try await services.speakUp.settings(childId: child.id, in: session.scope)
        let earlier = try await services.speakUp.recentDigests(childId: child.id, in: session.scope, limit: CoachPlan.window)
        var coach = profile.settings.coach
        coach.learnedWPM = PaceTarget.learned(from: earlier.map(\.paceSample))
        let focus = CoachPlan.focus(history: earlier.map(\.planSample), weights: coach.weights)
        let analysis = try Coach.analyze(features.input(prompt: prompt?.text, settings: coach, focus: focus))
        let stars = SpeakUpView.mode(grade: child.grade) == .showAndTell ? try ShowAndTell.result(for: analysis, grade: child.grade).stars : nil

        let id: SpeakUpTakeID = services.ids.make()
        let kept = profile.keepRecordings ? try await keep(samples, id: id, childId: child.id, in: session.scope) : nil
        let take = SpeakUpTake(
            id: id, familyId: session.familyId, childId: child.id, title: Self.title(prompt: prompt, at: services.clock.now()), promptId: prompt?.id,
            createdAt: services.clock.now(), seconds: Double(samples.count) / 16_000, wordCount: analysis.wordCount, wpm: analysis.wpm.overall,
            fillerCount: analysis.fillers.count, score: stars == nil ? analysis.scores.overall : nil, stars: stars,
            transcript: features.transcript, features: features, analysis: analysis, audioKey: kept?.key, audioBytes: Int64(kept?.bytes ?? 0))
        do {
            try await services.speakUp.insert(take, in: session.scope)
        } catch {
            if let key = kept?.key { try? await services.blobs.delete(key: key) }
            throw error
        }
        // The take is kept: a challenge that cannot be answered now must not fail it (a retry would make a second take).
        do {
            try await SpeakUpChallenges(services: services).answer(with: take, in: session.scope)
        } catch {
            services.log.warning("a take could not answer its challenges", metadata: ["take": "\(take.id.rawValue)", "error": "\(error)"])
        }
        return try await SpeakUpTakeViews(services: services).view(of: take, child: child, in: session.scope)
    }

    /// The upload as 16 kHz mono samples: a PCM WAV of at most 10 minutes.
    static func samples(_ request: Request, context: AppRequestContext) async throws -> [Int16] {
        let contentType = request.headers[.contentType]?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let contentType, SpeechController.wavTypes.contains(contentType) else { throw APIError(.unsupportedAudio) }
        let data = Data(buffer: try await request.collectBody(upTo: SpeakUpLimits.uploadBytes))
        let info = try WAVFile.validate(data, maximumDuration: SpeakUpLimits.maximumSeconds)
        return PCMConversion.speechSamples(data, info: info)
    }

    /// Keeps the recording as Ogg Opus when the profile's recordings fit its quota, the family's
    /// storage its quota (`FamilyQuota`), and the disk has room above its reserve; nil when not (the take is still analysed and stored, and the page says
    /// the recording was not kept).
    private func keep(_ samples: [Int16], id: SpeakUpTakeID, childId: ChildID, in scope: FamilyScope) async throws -> (key: String, bytes: Int)? {
        guard services.diskRoom.hasRoom else { return nil }
        let seconds = Double(samples.count) / 16_000
        let opus = try await OpusAudio.encode(wav: PCMConversion.wav(samples, sampleRate: 16_000), timeout: 30 + seconds)
        let used = try await services.speakUp.audioBytes(childId: childId, in: scope)
        guard used + Int64(opus.count) <= SpeakUpLimits.storedAudioBytesPerProfile, try await services.quota.fits(Int64(opus.count), in: scope) else { return nil }
        let key = "speakup/\(scope.familyId)/\(id).ogg"
        try await services.blobs.put(opus, key: key)
        return (key, opus.count)
    }

    /// "Tell the story of…" from the prompt, or "Free practice, 26 Nov".
    static func title(prompt: SpeakingPrompt?, at date: Date) -> String {
        if let prompt { return prompt.text.count <= 80 ? prompt.text : String(prompt.text.prefix(79)) + "…" }
        return "Free practice"
    }
}
