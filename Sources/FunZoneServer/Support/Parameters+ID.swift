import Hummingbird
import Storage

extension Parameters {
    /// A path parameter as the kind of id the route takes (`let id: ChildID = try parameters.id("childId")`).
    func id<Subject>(_ name: String) throws -> Identifier<Subject> {
        Identifier(try require(name))
    }
}
