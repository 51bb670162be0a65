import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Study

/// An optional local language model: MirrorBuddy's coach words its answers with it, grounded in the
/// passages it found. Every feature works without one; a model that fails, is slow or is busy is
/// simply not used for that answer.
public protocol LanguageModel: Sendable {
    var name: String { get }
    func complete(_ messages: [ChatMessage], maxTokens: Int) async throws -> String
}

public enum LanguageModelError: Error, CustomStringConvertible {
    case unreachable(String)
    case refused(status: Int, message: String)
    case malformed

    public var description: String {
        switch self {
        case .unreachable(let why): "the language model could not be reached (\(why))"
        case .refused(let status, let message): "the language model answered HTTP \(status): \(message)"
        case .malformed: "the language model's answer was not a chat completion"
        }
    }
}

/// An OpenAI-compatible `POST /v1/chat/completions` endpoint: a llama.cpp server, Ollama
/// (`http://127.0.0.1:11434`), LM Studio, vLLM, or a hosted service.
public struct OpenAIChatModel: LanguageModel {
    public let endpoint: URL
    public let model: String
    let apiKey: String?
    let timeout: TimeInterval

    /// - Parameters:
    ///   - baseURL: the service root (`/v1/chat/completions` is added unless the URL already ends with it).
    ///   - apiKey: sent as `Authorization: Bearer …` when given; never logged or returned.
    public init(baseURL: URL, model: String, apiKey: String? = nil, timeout: TimeInterval = 20) {
        // "http://host:1234", ".../v1" (what LM Studio, vLLM and llama.cpp print) and the full path all work.
        let path = baseURL.path.hasSuffix("/") ? String(baseURL.path.dropLast()) : baseURL.path
        endpoint = path.hasSuffix("/chat/completions") ? baseURL
            : path.hasSuffix("/v1") ? baseURL.appendingPathComponent("chat").appendingPathComponent("completions")
            : baseURL.appendingPathComponent("v1").appendingPathComponent("chat").appendingPathComponent("completions")
        (self.model, self.apiKey, self.timeout) = (model, apiKey, timeout)
    }

    public var name: String { "\(model) at \(endpoint.host ?? "?")" }

    struct Body: Encodable {
        let model: String
        let messages: [ChatMessage]
        let max_tokens: Int
        let temperature: Double
        let stream: Bool
    }

    struct Completion: Decodable {
        struct Choice: Decodable { struct Message: Decodable { let content: String? }; let message: Message }
        let choices: [Choice]
    }

    public func complete(_ messages: [ChatMessage], maxTokens: Int) async throws -> String {
        let (endpoint, apiKey, timeout) = (endpoint, apiKey, timeout)
        let body = try JSONEncoder().encode(Body(model: model, messages: messages, max_tokens: maxTokens, temperature: 0.2, stream: false))
        @Sendable func send() async throws -> (Data, URLResponse) {
            var request = URLRequest(url: endpoint, timeoutInterval: timeout)
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            if let apiKey { request.setValue("Bearer \(apiKey)", forHTTPHeaderField: "Authorization") }
            request.httpBody = body
            return try await URLSession.shared.data(for: request)
        }
        let data: Data, response: URLResponse
        do {
            // A whole-answer deadline: URLRequest's timeout is only the wait between bytes.
            (data, response) = try await withThrowingTaskGroup(of: (Data, URLResponse).self) { group in
                group.addTask { try await send() }
                group.addTask {
                    try await Task.sleep(for: .seconds(timeout))
                    throw LanguageModelError.unreachable("no answer within \(Int(timeout)) s")
                }
                defer { group.cancelAll() }
                return try await group.next()!
            }
        } catch let error as LanguageModelError {
            throw error
        } catch {
            throw LanguageModelError.unreachable(error.localizedDescription)
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw LanguageModelError.refused(status: status, message: String(decoding: data.prefix(200), as: UTF8.self))
        }
        guard let content = (try? JSONDecoder().decode(Completion.self, from: data))?.choices.first?.message.content else {
            throw LanguageModelError.malformed
        }
        return content
    }
}

/// How the server shares the model: at most `concurrent` answers at once for everyone, each family
/// at most `perFamilyPerMinute` (the server's rate limit counts them); a question that would wait
/// is answered without the model.
public actor ModelGate {
    public nonisolated let model: any LanguageModel
    let concurrent: Int
    private var running = 0

    public init(model: any LanguageModel, concurrent: Int = 2) {
        (self.model, self.concurrent) = (model, concurrent)
    }

    /// The model's completion, or nil when it is busy or fails (`failed` hears why).
    public func complete(_ messages: [ChatMessage], maxTokens: Int, failed: @Sendable (any Error) -> Void) async -> String? {
        guard running < concurrent else { return nil }
        running += 1
        defer { running -= 1 }
        do {
            return try await model.complete(messages, maxTokens: maxTokens)
        } catch {
            failed(error)
            return nil
        }
    }
}
