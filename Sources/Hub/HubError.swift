import Foundation

/// What can go wrong in the hub's rules; the server maps each case to a 4xx response.
public enum HubError: Error, Equatable, Sendable {
    case invalidEmail
    case weakPassword(minimumLength: Int)
    case invalidName(String)
    case invalidGrade(Int)
    case invalidAvatar(String)
    case unknownApp(String)
    case appNotRequestable(String)
    case invalidRequestText(String)
    case invalidDecision(String)
    case invalidInviteCode
    case unknownProduct(String)
    case gateLocked(until: Date)
    case gateChallengeExpired
    case wrongGateAnswer(attemptsLeft: Int)
}
