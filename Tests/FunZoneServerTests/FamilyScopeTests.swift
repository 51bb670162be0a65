import Foundation
import Storage
import Testing

@testable import FunZoneServer

/// Typed ids and the family scope: what the compiler cannot check (the wire and the database still
/// see bare strings; a row built for one family cannot be written through another's scope).
@Suite struct FamilyScopeTests {
    @Test func anIdEncodesAndDecodesAsTheBareString() throws {
        struct Body: Codable, Equatable { let childId: ChildID; let devices: [DeviceID] }
        let body = Body(childId: "c-1", devices: ["d-1", "d-2"])
        let json = String(decoding: try JSONEncoder.api.encode(body), as: UTF8.self)
        #expect(json == #"{"childId":"c-1","devices":["d-1","d-2"]}"#)
        #expect(try JSONDecoder().decode(Body.self, from: Data(json.utf8)) == body)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Body.self, from: Data(#"{"childId":7,"devices":[]}"#.utf8)) }
        #expect("\(ChildID("c-9"))" == "c-9")
    }

    @Test(arguments: TestDatabase.all)
    func aRowOfAnotherFamilyIsRefusedAndNothingIsWritten(_ db: TestDatabase) async throws {
        try await TestApp.run(db) { app in
            let parent = try await app.setUpFamily()
            _ = try await app.addChild(parent)
            let rossi = try await familyId(app)
            let intruder = FamilyScope(familyId: "someone-else")
            let child = Child(id: "c-new", familyId: rossi, name: "Leo", grade: 5, avatar: "🐯", createdAt: app.clock.now)

            await #expect(throws: StorageError.otherFamily) { try await app.services.children.insert(child, in: intruder) }
            await #expect(throws: StorageError.otherFamily) { try await app.services.children.update(child, in: intruder) }
            let device = SpotCheckDevice(id: "d-new", familyId: rossi, name: "Leo's phone", createdAt: app.clock.now)
            await #expect(throws: StorageError.otherFamily) { try await app.services.spotcheck.insert(device, in: intruder) }

            let scope = FamilyScope(familyId: rossi)
            #expect(try await app.services.children.children(in: scope).map(\.name) == ["Mia"])
            #expect(try await app.services.spotcheck.devices(in: scope).isEmpty)
            #expect(try await app.services.children.children(in: intruder).isEmpty)

            // Through its own scope the same row goes in, with the scope's family.
            try await app.services.children.insert(child, in: scope)
            #expect(try await app.services.children.child(id: "c-new", in: scope)?.familyId == rossi)
        }
    }
}
