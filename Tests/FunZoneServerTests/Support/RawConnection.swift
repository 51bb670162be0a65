import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP connection to a test server, byte by byte, as a stranger's program would hold one:
/// half a request head, nothing at all, or many at once, from a chosen loopback address.
final class RawConnection {
    private let socket: Int32

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Connects to 127.0.0.1:`port` from `source` (any 127.x.y.z address is this machine).
    init(port: Int, from source: String = "127.0.0.1") throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: \(errno)") }
        var local = Self.address(source, port: 0)
        var server = Self.address("127.0.0.1", port: port)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        let connected = withUnsafePointer(to: &server) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, connected == 0 else {
            close(socket)
            throw Failure(description: "connect from \(source) to port \(port): \(errno)")
        }
    }

    deinit { close(socket) }

    private static func address(_ ip: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, ip, &address.sin_addr)
        return address
    }

    func send(_ text: String) throws { try send(bytes: Array(text.utf8)) }

    /// Shuts this side's sending, as a client does that has said all it will (the server may still answer).
    func finishSending() { shutdown(socket, Int32(SHUT_WR)) }

    func send(bytes: [UInt8]) throws {
        let sent = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw Failure(description: "send: \(sent), errno \(errno)") }
    }

    /// What has arrived now, without waiting: the bytes, and whether the server has closed.
    private func take() -> ([UInt8], closed: Bool) {
        var received = [UInt8]()
        while true {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) > 0 else { return (received, false) }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = recv(socket, &chunk, chunk.count, 0)
            if count <= 0 { return (received, true) }
            received += chunk[0..<count]
        }
    }

    /// Everything the server sends until it closes the connection or `seconds` pass, and whether it
    /// closed. It waits by sleeping, never in a blocking call: the server's handlers run on the same
    /// threads as the tests.
    func readUntilClosed(seconds: Double) async throws -> (text: String, closed: Bool) {
        var received = [UInt8]()
        let end = Date().addingTimeInterval(seconds)
        while true {
            // Looked at once more after the deadline: a test starved of its thread for longer than
            // `seconds` (a busy machine) still sees what arrived meanwhile.
            let late = Date() >= end
            let (bytes, closed) = take()
            received += bytes
            if closed || late { return (String(decoding: received, as: UTF8.self), closed) }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// One whole answer (its head and a body of Content-Length bytes), without waiting for a close.
    func readAnswer(seconds: Double = 10) async throws -> String {
        var received = [UInt8]()
        let end = Date().addingTimeInterval(seconds)
        while true {
            let late = Date() >= end  // as in readUntilClosed: one more look after the deadline
            let (bytes, closed) = take()
            received += bytes
            let text = String(decoding: received, as: UTF8.self)
            if let split = text.range(of: "\r\n\r\n") {
                let head = text[..<split.lowerBound].lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if text.utf8.count - text[..<split.upperBound].utf8.count >= length { return text }
            }
            if closed { throw Failure(description: "closed after \(received.count) bytes: \(text)") }
            if late { throw Failure(description: "no whole answer in \(seconds) s: \(text)") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
