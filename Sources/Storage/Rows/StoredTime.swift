import Foundation

extension Date {
    /// The instant as the database keeps it (`millis`): every time in a stored value is rounded so.
    var roundedToMillis: Date { Date(millis: millis) }
}
