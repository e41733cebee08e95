#if canImport(Glibc)
import Glibc
#endif

/// A small logger that writes one line per message to stderr, so stdout stays the program's output.
public struct Logger: Sendable {
    public enum Level: Int, Sendable, Comparable {
        case debug, info, warning, error

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

        var label: String {
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

    public init(label: String, minimumLevel: Level = .info) {
        self.label = label
        self.minimumLevel = minimumLevel
    }

    public func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard level >= minimumLevel else { return }
        FileDescriptorStream.standardError.write("[\(label)] \(level.label): \(message())\n")
    }

    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
}
