import Foundation
import NIOConcurrencyHelpers
import NIOCore

/// How many connections the server holds and how long it waits on them. A stranger, a buggy phone
/// or a flood from one address must not hold the server's sockets: each address may keep
/// `perAddress` connections open and all addresses together `total` (kept below the process's
/// file-descriptor limit, which the database, recordings and speech programs also need); a request
/// head must arrive in full within `headSeconds` of its first byte (the first head of a connection:
/// of the connection opening), a kept-alive connection may sit idle `idleSeconds` between requests,
/// and a body must come at `bodyBytesPerSecond` on average once `idleSeconds` have passed.
/// This machine (127.0.0.1, ::1) may open `loopbackReserve` connections past the total, so a supervisor's
/// `/healthz` is answered while strangers hold every other place.
public struct ConnectionLimits: Sendable, Equatable {
    public var perAddress: Int
    public var total: Int
    public var headSeconds: Double
    public var idleSeconds: Double
    public var bodyBytesPerSecond: Double

    public init(perAddress: Int = 64, total: Int = ConnectionLimits.defaultTotal(), headSeconds: Double = 10, idleSeconds: Double = 30,
                bodyBytesPerSecond: Double = 1024) {
        self.perAddress = perAddress
        self.total = total
        self.headSeconds = headSeconds
        self.idleSeconds = idleSeconds
        self.bodyBytesPerSecond = bodyBytesPerSecond
    }

    static let loopbackReserve = 8

    /// File descriptors kept back from connections: the database, blobs being written, speech and
    /// OCR programs' pipes, the listening sockets.
    static let reservedDescriptors = 256

    /// 4,096 connections, or fewer when the file-descriptor limit would not leave the reserve (16 at least).
    public static func defaultTotal(fileLimit: Int = ConnectionLimits.fileDescriptorLimit()) -> Int {
        max(16, min(4096, fileLimit - reservedDescriptors - loopbackReserve))
    }

    /// The process's soft limit on open files.
    public static func fileDescriptorLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        return limit.rlim_cur == rlim_t.max ? Int.max / 2 : Int(clamping: limit.rlim_cur)  // RLIM_INFINITY
    }

    /// The total asked for, checked against the file-descriptor limit; nil with the reason when it cannot be kept.
    public static func checkedTotal(_ asked: Int, fileLimit: Int = ConnectionLimits.fileDescriptorLimit()) -> Result<Int, LimitError> {
        guard asked >= 1 else { return .failure(LimitError(message: "--max-connections must be at least 1.")) }
        let most = fileLimit - reservedDescriptors - loopbackReserve
        guard asked <= most else {
            return .failure(LimitError(message: "--max-connections \(asked) leaves too few of the \(fileLimit) open files this process may have (ulimit -n) for the database and programs: at most \(max(0, most)), or raise ulimit -n."))
        }
        return .success(asked)
    }

    public struct LimitError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}

/// The connections open now, by address and in all, shared by the server's listeners.
final class ConnectionCounter: Sendable {
    private struct Counts {
        var byAddress: [String: Int] = [:]
        var total = 0
        var refused = 0
        var lastRefusalLog: NIODeadline?
    }

    private let current: NIOLockedValueBox<ConnectionLimits>
    private let counts = NIOLockedValueBox(Counts())

    init(limits: ConnectionLimits) {
        current = NIOLockedValueBox(limits)
    }

    /// The limits a connection opened now is held to (it keeps them for its life).
    var limits: ConnectionLimits { current.withLockedValue { $0 } }

    /// Other limits for connections opened from now on (tests tighten them once their own client is connected).
    func change(to limits: ConnectionLimits) {
        current.withLockedValue { $0 = limits }
    }

    enum Admission: Equatable { case admitted, addressFull, serverFull }

    /// Counts a new connection from `address` in, or says why it is refused. `address` nil (a
    /// trusted proxy's connections, which carry many people) is held only to the total; this
    /// machine's own connections have a few places past it.
    func open(address: String?, loopback: Bool = false) -> Admission {
        let limits = self.limits
        let total = limits.total + (loopback ? ConnectionLimits.loopbackReserve : 0)
        return counts.withLockedValue { counts in
            guard counts.total < total else { return .serverFull }
            if let address {
                guard counts.byAddress[address, default: 0] < limits.perAddress else { return .addressFull }
                counts.byAddress[address, default: 0] += 1
            }
            counts.total += 1
            return .admitted
        }
    }

    /// A connection counted in by `open` has closed.
    func close(address: String?) {
        counts.withLockedValue { counts in
            counts.total -= 1
            guard let address, let open = counts.byAddress[address] else { return }
            counts.byAddress[address] = open > 1 ? open - 1 : nil
        }
    }

    /// Counts a refused connection; returns how many were refused since the last log line when it
    /// is time for another (one line in 10 s at most: a flood must not flood the log too).
    func noteRefusal(now: NIODeadline = .now()) -> Int? {
        counts.withLockedValue { counts in
            counts.refused += 1
            if let last = counts.lastRefusalLog, now - last < .seconds(10) { return nil }
            defer { counts.refused = 0; counts.lastRefusalLog = now }
            return counts.refused
        }
    }

    /// The key an address is counted under: an IPv4 address as it is (also when mapped into IPv6),
    /// an IPv6 address by its /64, which one home or one stranger's machine holds whole.
    static func key(_ address: SocketAddress?) -> String {
        switch address {
        case .v4, .v6: address?.ipAddress.map(TrustedProxies.limitKey) ?? "unknown"
        default: "unknown"
        }
    }

    /// Whether `address` is this machine's own loopback address (127.0.0.1 or ::1, mapped or not),
    /// the one a supervisor on the machine asks /healthz from.
    static func isLoopback(_ address: SocketAddress?) -> Bool {
        switch address {
        case .v4, .v6: return key(address) == "127.0.0.1" || address?.ipAddress == "::1"
        default: return false
        }
    }

    /// Connections open now: from `address`, or in all.
    func openCount(address: String? = nil) -> Int {
        counts.withLockedValue { counts in address.map { counts.byAddress[$0, default: 0] } ?? counts.total }
    }
}
