import Foundation
import Dispatch
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real `tend-server` on a free loopback port with a temporary database.
final class ServerProcess: @unchecked Sendable {
    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["TEND_SERVER_BIN"] { return path }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().appendingPathComponent("tend-server").path
    }()

    /// The clock a server starts at unless a test says otherwise: mid-afternoon in Berlin and
    /// evening in Seoul, far from any day's edge, so that "today" is one date for a whole run
    /// whenever the test runs (the clock then runs forward from there).
    static let defaultNow = "2026-11-30T21:00:00+09:00"

    let folder: URL
    let process = Process()
    private(set) var port = 0
    private let errors = Pipe()
    /// What the server wrote on stderr so far, read on a thread of its own as it arrives.
    private let logText = Mutex("")
    /// Signalled on every chunk of stderr and at its end.
    private let logged = DispatchSemaphore(value: 0)
    private let logEnded = Atomic<Bool>(false)
    private let readerDone = DispatchSemaphore(value: 0)

    var databasePath: String { folder.appendingPathComponent("server.sqlite").path }
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    var log: String { logText.withLock { $0 } }

    init(folder: URL? = nil, extraArguments: [String] = [], environment: [String: String] = [:]) throws {
        self.folder = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("tend-server-\(UUID())")
        try FileManager.default.createDirectory(at: self.folder, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: Self.binary)
        // `--database URL` (PostgreSQL) stands instead of the SQLite file.
        let storage = extraArguments.contains("--database") ? [] : ["--db", databasePath]
        process.arguments = ["--port", "0"] + storage + ["--threads", "4"] + extraArguments
        process.environment = ["HOME": self.folder.path, "PATH": "/usr/bin:/bin", "TEND_NOW": Self.defaultNow]
            .merging(environment) { $1 }
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        startReading()
        port = try waitForPort()
    }

    private func startReading() {
        let handle = errors.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                logText.withLock { $0 += String(decoding: chunk, as: UTF8.self) }
                logged.signal()
            }
            logEnded.store(true, ordering: .sequentiallyConsistent)
            logged.signal()
            readerDone.signal()
        }
    }

    /// Waits until the log holds `text` (true), or the server's stderr ended, or a bound only a
    /// stuck run reaches passed (false).
    func waitForLog(containing text: String, within bound: TimeInterval = patience) -> Bool {
        let deadline = DispatchTime.now() + bound
        while true {
            if log.contains(text) { return true }
            if logEnded.load(ordering: .sequentiallyConsistent) { return log.contains(text) }
            if logged.wait(timeout: deadline) == .timedOut { return log.contains(text) }
        }
    }

    /// The port of the "listening on http://127.0.0.1:PORT" line.
    private func waitForPort() throws -> Int {
        let marker = "listening on http://127.0.0.1:"
        if waitForLog(containing: marker), let range = log.range(of: marker),
           let port = Int(log[range.upperBound...].prefix { $0.isNumber }) {
            return port
        }
        if process.isRunning { process.terminate() }
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "tend-server did not start: \(log)"])
    }

    /// SIGTERM, then the exit status and everything it logged.
    func stop() -> (status: Int32, log: String) {
        if process.isRunning { process.terminate() }
        // Its stderr ends when it exits; one that is stuck is killed, and fails the test with 137.
        if readerDone.wait(timeout: .now() + patience) == .timedOut, process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return (process.terminationStatus, log)
    }

    func remove() {
        if process.isRunning { _ = stop() }
        try? FileManager.default.removeItem(at: folder)
    }

    struct Response: Sendable {
        let status: Int
        let headers: [String: String]
        let body: Data

        var json: [String: Any] { ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) ?? [:] }
        var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
    }

    func send(_ method: String, _ path: String, json: Any? = nil, body: Data? = nil, contentType: String? = "application/json",
              token: String? = nil, headers: [String: String] = [:]) async throws -> Response {
        var request = URLRequest(url: URL(string: path, relativeTo: baseURL)!)
        request.httpMethod = method
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
        } else if let body {
            request.httpBody = body
        }
        if request.httpBody != nil, let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (key, value) in http.allHeaderFields { fields[String(describing: key).lowercased()] = String(describing: value) }
        return Response(status: http.statusCode, headers: fields, body: data)
    }

    func token(for email: String, password: String = "correct horse battery") async throws -> String {
        _ = try await send("POST", "/v1/accounts", json: ["email": email, "password": password, "display_name": "E2E", "time_zone": "Europe/Berlin"])
        let session = try await send("POST", "/v1/sessions", json: ["email": email, "password": password])
        return session.json["token"] as? String ?? ""
    }

    /// Sends raw bytes and returns what the server answers first (for Expect: 100-continue).
    func raw(_ text: String) throws -> String {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw CocoaError(.fileReadUnknown) }
        var timeout = timeval(tv_sec: Int(patience), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = text.withCString { Glibc.send(socket, $0, strlen($0), 0) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(socket, &buffer, buffer.count, 0)
        return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
    }
}
