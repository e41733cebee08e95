#if canImport(Glibc)
import Glibc
#endif

/// A small logger that writes one line per message to stderr, so stdout stays the program's output.
public struct Logger: Sendable {
    public enum Level: Int, Sendable, Comparable {
        case debug, info, warning, error

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

        public var label: String {
            switch self {
            case .debug: "debug"
            case .info: "info"
            case .warning: "warning"
            case .error: "error"
            }
        }
    }

    public let label: String
    public let minimumLevel: Level
    /// Where lines go instead of straight to stderr: a server whose level changes while it runs.
    public let sink: (any LogSink)?

    public init(label: String, minimumLevel: Level = .info, sink: (any LogSink)? = nil) {
        self.label = label
        self.minimumLevel = minimumLevel
        self.sink = sink
    }

    public func log(_ level: Level, _ message: @autoclosure () -> String) {
        if let sink {
            if sink.accepts(level) { sink.write(level, label: label, message: message()) }
            return
        }
        guard level >= minimumLevel else { return }
        FileDescriptorStream.standardError.write("[\(label)] \(level.label): \(message())\n")
    }

    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
}

/// Receives a logger's lines when set: it decides, per line, whether the level is wanted now
/// and how the line is written (a terminal or the journal).
public protocol LogSink: Sendable {
    func accepts(_ level: Logger.Level) -> Bool
    func write(_ level: Logger.Level, label: String, message: String)
}
