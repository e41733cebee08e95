import FoundationEssentials
import Synchronization
import Core
#if canImport(Glibc)
import Glibc
#endif

/// Where `tend-server`'s lines go, with the level and the request log changeable while it runs
/// (SIGHUP). Written for the reader at the other end of stderr:
///
/// - a terminal: the local time first, as a person watching wants it;
/// - the systemd journal (stderr is the stream `$JOURNAL_STREAM` names): plain lines with the
///   `<N>` priority prefix the journal reads (sd-daemon(3)), so `journalctl -p warning` works;
///   the journal adds the time itself;
/// - anything else (a file, a pipe, a test): plain lines, `[tend-server] info: …`.
final class ServerLog: Sendable {
    enum Style: Sendable { case terminal, journal, plain }

    private let level = Atomic<Int>(Logger.Level.info.rawValue)
    private let requestLog = Atomic<Bool>(true)
    let style: Style
    /// Request lines are queued here and written by its own thread in batches, off the request
    /// path; the server's own lines and warnings wait until they (and all before them) are out.
    private let lines = BatchedLineWriter(descriptor: 2)

    init(style: Style) {
        self.style = style
    }

    /// The style stderr calls for in this process.
    static func style(environment: [String: String]) -> Style {
        if isatty(2) == 1 { return .terminal }
        if let stream = environment["JOURNAL_STREAM"], isStandardError(stream) { return .journal }
        return .plain
    }

    /// `JOURNAL_STREAM` is `device:inode` of the journal's socket; stderr is it only if they match
    /// (a child whose stderr was redirected inherits the variable but not the stream).
    static func isStandardError(_ stream: String) -> Bool {
        let parts = stream.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var status = stat()
        guard fstat(2, &status) == 0 else { return false }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }

    func apply(level: Logger.Level, requestLog: Bool) {
        self.level.store(level.rawValue, ordering: .relaxed)
        self.requestLog.store(requestLog, ordering: .relaxed)
    }

    var currentLevel: Logger.Level { Logger.Level(rawValue: level.load(ordering: .relaxed)) ?? .info }

    /// The server's own lines.
    var logger: Logger { Logger(label: "tend-server", sink: Lines(log: self, isRequestLog: false)) }

    /// One line per request; errors of requests are logged even with the request log off.
    var requestLogger: Logger { Logger(label: "tend-server", sink: Lines(log: self, isRequestLog: true)) }

    static func level(named name: String) -> Logger.Level? {
        [Logger.Level.debug, .info, .warning, .error].first { $0.label == name }
    }

    /// `waits`: return only once the line is written (start-up, stop, errors), rather than queued.
    func write(_ level: Logger.Level, label: String, message: String, waits: Bool = true) {
        let line: String
        switch style {
        case .terminal:
            line = "\(Self.localTime()) \(level.label): \(message)\n"
        case .journal:
            line = "<\(Self.priority(level))>\(level.label): \(message)\n"
        case .plain:
            line = "[\(label)] \(level.label): \(message)\n"
        }
        lines.append(line)
        if waits { lines.flush() }
    }

    /// Writes every queued line and ends the writer thread (a graceful stop loses no line).
    func close() { lines.close() }

    /// syslog(3) priorities, as sd-daemon(3)'s `SD_DEBUG` … `SD_ERR`.
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .debug: 7
        case .info: 6
        case .warning: 4
        case .error: 3
        }
    }

    static func localTime() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    /// A logger's view of the log: its own lines, or the request log's.
    struct Lines: LogSink {
        let log: ServerLog
        let isRequestLog: Bool

        func accepts(_ level: Logger.Level) -> Bool {
            guard level >= log.currentLevel else { return false }
            return !isRequestLog || level >= .warning || log.requestLog.load(ordering: .relaxed)
        }

        func write(_ level: Logger.Level, label: String, message: String) {
            log.write(level, label: label, message: message, waits: !isRequestLog || level >= .warning)
        }
    }
}
