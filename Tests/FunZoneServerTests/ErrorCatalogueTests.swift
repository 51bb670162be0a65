import Coloring
import Foundation
import Hub
import NIOCore
import Testing
import Yams
@testable import FunZoneServer

/// The error catalogue: each code once with its status, the same list in openapi.yaml and in the
/// web client, no code spelled out anywhere else, and domain errors mapped to the right codes.
@Suite struct ErrorCatalogueTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func eachCodeIsOnceWithAStatusAndAMessage() {
        let codes = ErrorCode.allCases.map(\.rawValue)
        #expect(Set(codes).count == codes.count)
        for code in ErrorCode.allCases {
            #expect(code.status.code >= 400 && code.status.code < 600, "\(code)")
            #expect(code.message.hasSuffix(".") || code.message.hasSuffix("!"), "\(code): \(code.message)")
            #expect(code.rawValue.allSatisfy { $0.isLowercase || $0 == "_" }, "\(code)")
        }
    }

    @Test func theOpenAPIDocumentListsEveryCode() throws {
        let document = try #require(try Yams.load(yaml: OpenAPIDocument.yaml) as? [String: Any])
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let listed = try #require((schemas["ErrorCode"] as? [String: Any])?["enum"] as? [String])
        #expect(listed == ErrorCode.allCases.map(\.rawValue))
    }

    /// Codes in the catalogue that no route returns today, and why they stay.
    static let unreturned: [ErrorCode: String] = [
        .headersTooLarge: "answered for any request before a route sees it (UnreadableRequestHeads.swift); the spec says so once",
        .requestTimeout: "answered on the connection to a head that does not arrive in time, before any route (ConnectionGuard.swift); the spec says so once",
        .tooManyConnections: "answered on a connection over its address's or the server's share, before any request (ConnectionGuard.swift); the spec says so once",
        .clientGone: "the answer to a request whose connection closed while its costly work waited or ran (WorkOwner.swift): nobody reads it",
        .internalError: "the fallback for an error nothing maps; never listed on a route",
        .methodNotAllowed: "answered to a known address asked with a method it does not take, before any route (MethodNotAllowed.swift); the spec says so once",
        .noWords: "every valid grade and level has words; kept for a word bank that runs dry",
        .nothingToUndo: "undo happens in the page; kept so the domain's error maps to its own code",
        .nothingToRedo: "redo happens in the page; kept so the domain's error maps to its own code",
    ]

    /// Every operation says which codes it can answer with (`x-error-codes`), each in the catalogue;
    /// its documented error statuses are exactly those codes' statuses; and every code is returned
    /// by some route or named in `unreturned`. What routes really answer is checked against these
    /// lists on every request the route tests make (`OpenAPIErrorAudit`).
    @Test func everyOperationListsTheCodesItCanReturn() throws {
        let operations = try OpenAPIErrorAudit.operations()
        #expect(operations.count >= 88)
        var used = Set<ErrorCode>()
        for operation in operations {
            let codes = operation.codes.compactMap(ErrorCode.init(rawValue:))
            #expect(codes.count == operation.codes.count, "\(operation.key): a code not in the catalogue in \(operation.codes)")
            #expect(Set(codes).count == codes.count, "\(operation.key) lists a code twice")
            used.formUnion(codes)
            let statuses = Set(codes.map { Int($0.status.code) })
            // The health routes' 503 is their report, not an error of the catalogue's shape.
            let documented = operation.errorStatuses.subtracting(["GET /healthz", "GET /healthz/ready"].contains(operation.key) ? [503] : [])
            #expect(documented == statuses, "\(operation.key): responses \(documented.sorted()) but its codes answer \(statuses.sorted())")
        }
        for code in ErrorCode.allCases where !used.contains(code) {
            #expect(Self.unreturned[code] != nil, "no route lists \(code.rawValue): list it where it is returned, or remove it")
        }
        for code in Self.unreturned.keys { #expect(!used.contains(code), "\(code.rawValue) is returned now: take it off `unreturned`") }
    }

    @Test func theAuditMatchesConcretePathsToTheirOperation() throws {
        let audit = try OpenAPIErrorAudit.shared()
        #expect(audit.operation(method: "GET", uri: "/api/coloring/drawings/d-1/thumbnail?x=1")?.key == "GET /api/coloring/drawings/{drawingId}/thumbnail")
        #expect(audit.operation(method: "PATCH", uri: "/api/coloring/drawings/d-1")?.key == "PATCH /api/coloring/drawings/{drawingId}")
        #expect(audit.operation(method: "GET", uri: "/vendor/chart.js/chart.js")?.key == "GET /vendor/**")
        #expect(audit.operation(method: "GET", uri: "/api/nothing-here") == nil)
        #expect(audit.undeclared(method: "GET", uri: "/api/session", code: "not_signed_in") != nil)
        #expect(audit.undeclared(method: "POST", uri: "/api/parent/children", code: "parent_locked") == nil)
    }

    /// `FUNZONE_WRITE_ERROR_CODES=1 swift test --filter ErrorCatalogueTests` writes the file anew.
    @Test func theWebClientReadsTheSameCodes() throws {
        let file = Self.root.appendingPathComponent("Web/shared/error-codes.js")
        if ProcessInfo.processInfo.environment["FUNZONE_WRITE_ERROR_CODES"] == "1" {
            try ErrorCode.javaScriptModule.write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == ErrorCode.javaScriptModule,
                "Web/shared/error-codes.js is out of date: run FUNZONE_WRITE_ERROR_CODES=1 swift test --filter ErrorCatalogueTests")
    }

    /// No error is built from a string code outside the catalogue.
    @Test func noSourceSpellsOutACode() throws {
        let sources = Self.root.appendingPathComponent("Sources/FunZoneServer")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.allObjects as? [URL])
        var offenders: [String] = []
        for file in files where file.pathExtension == "swift" && file.lastPathComponent != "ErrorCode.swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for code in ErrorCode.allCases where text.contains("\"\(code.rawValue)\"") {
                offenders.append("\(file.lastPathComponent): \(code.rawValue)")
            }
        }
        #expect(offenders == [])
    }

    @Test func domainErrorsMapToTheirOwnCodes() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)  // far from the wall clock
        #expect(APIError(ColoringError.nothingToRedo, now: now)?.code == .nothingToRedo)
        #expect(APIError(ColoringError.nothingToUndo, now: now)?.code == .nothingToUndo)
        let tooLarge = try #require(APIError(NIOTooManyBytesError(maxBytes: 65_536), now: now))
        #expect(tooLarge.code == .bodyTooLarge && tooLarge.status == .contentTooLarge && tooLarge.message.contains("65536 bytes"))
        #expect(APIError.tooLarge(limit: nil).message == ErrorCode.bodyTooLarge.message)
        // A lock's Retry-After counts from the server's clock, not the wall clock.
        let locked = try #require(APIError(HubError.gateLocked(until: now.addingTimeInterval(42)), now: now))
        #expect(locked.code == .gateLocked && locked.retryAfter == 42)
        #expect(APIError(CancellationError(), now: now) == nil)  // unexpected errors are the middleware's 500
    }
}
