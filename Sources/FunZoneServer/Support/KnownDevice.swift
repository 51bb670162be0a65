import Foundation
import Hummingbird

/// A device a parent has signed in on before: after a right password, sign-in leaves a cookie on
/// it that names the account, sealed with the server's key (so it cannot be made or altered), sent
/// only to /api/signin. A stranger's wrong guesses never keep the parent out of their own devices:
/// a known device's tries are counted on their own (`signInKey`), not with its address's or the
/// account's, so a child guessing at home or a stranger guessing from anywhere locks out neither.
enum KnownDevice {
    static let cookie = "fz_known"
    /// How long a device stays known after its last sign-in (the most a browser keeps a cookie).
    static let lifetime: TimeInterval = 400 * 24 * 3600

    /// The rate-limit key of this device's sign-in tries at `email`'s account, when it signed in to
    /// that account before; nil for any other device.
    static func signInKey(_ request: Request, email: String, sealer: SecretSealer) -> String? {
        guard let value = request.cookies[cookie]?.value, value.count <= 512, sealer.open(value) == "known:v1:\(email)" else { return nil }
        return "signin:device:\(Tokens.hash(value))"
    }

    /// The cookie that marks this device as known for `email` (nil when sealing fails: the device is just not remembered).
    static func mark(email: String, sealer: SecretSealer, secure: Bool) -> Cookie? {
        guard let sealed = try? sealer.seal("known:v1:\(email)") else { return nil }
        return Cookie(name: cookie, value: sealed, maxAge: Int(lifetime), path: "/api/signin", secure: secure, httpOnly: true, sameSite: .strict)
    }
}
