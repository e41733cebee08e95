import Foundation

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

        func wait() throws -> Result {
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            let stderr = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Result(status: process.terminationStatus,
                          stdout: String(decoding: stdout, as: UTF8.self),
                          stderr: String(decoding: stderr, as: UTF8.self))
        }
    }
}
