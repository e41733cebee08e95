import Foundation
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `tend` binary the way a person or a script does.
struct TendProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        func json() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any] else {
                throw CocoaError(.propertyListReadCorrupt)
            }
            return object
        }
    }

    /// `tend` is built next to the test bundle; `TEND_BIN` overrides that.
    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["TEND_BIN"] { return path }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().appendingPathComponent("tend").path
    }()

    let folder: URL
    var environment: [String: String]

    init(now: String? = "2026-11-30T21:00:00+09:00", timeZone: String = "Asia/Seoul") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-e2e-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        environment = ["HOME": folder.path, "TZ": timeZone, "TEND_DB": folder.appendingPathComponent("tend.sqlite").path,
                       "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        if let now { environment["TEND_NOW"] = now }
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    func run(_ arguments: String...) throws -> Result {
        try run(arguments)
    }

    func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Result {
        let process = try start(arguments, environment: extra)
        return try process.wait()
    }

    func start(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Running {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.environment = environment.merging(extra) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return Running(process: process, out: out, err: err)
    }

    struct Running {
        let process: Process
        let out: Pipe
        let err: Pipe

        /// Reads both streams to their end (side by side, so that neither can fill up and block
        /// the process), then the exit status. A run still going after a bound that only a stuck
        /// run reaches is killed, and shows as exit status 9.
        func wait() throws -> Result {
            let collected = Collected()
            let group = DispatchGroup()
            for (pipe, isOutput) in [(out, true), (err, false)] {
                let handle = pipe.fileHandleForReading
                group.enter()
                Thread.detachNewThread {
                    collected.set(handle.readDataToEndOfFile(), isOutput: isOutput)
                    group.leave()
                }
            }
            if group.wait(timeout: .now() + patience) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                group.wait()
            }
            process.waitUntilExit()
            return Result(status: process.terminationStatus,
                          stdout: String(decoding: collected.output, as: UTF8.self),
                          stderr: String(decoding: collected.errors, as: UTF8.self))
        }
    }

    /// What a run wrote, filled in by the threads that read it.
    final class Collected: Sendable {
        private let streams = Mutex<(output: Data, errors: Data)>((Data(), Data()))
        var output: Data { streams.withLock { $0.output } }
        var errors: Data { streams.withLock { $0.errors } }

        func set(_ data: Data, isOutput: Bool) {
            streams.withLock { if isOutput { $0.output = data } else { $0.errors = data } }
        }
    }
}
