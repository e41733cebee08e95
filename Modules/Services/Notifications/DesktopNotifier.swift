import FoundationEssentials
import Core
import Domain
#if canImport(Glibc)
import Glibc
#endif

/// `notify-send` when a desktop session is there (a display and a session bus).
public struct DesktopNotifier: Sendable {
    let program: String

    /// nil when there is no desktop session or no `notify-send` on the PATH.
    public init?(environment: [String: String]) {
        guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil,
              environment["DBUS_SESSION_BUS_ADDRESS"] != nil || environment["XDG_RUNTIME_DIR"] != nil else { return nil }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let found = folders.map({ String($0) + "/notify-send" }).first(where: { path in access(path, X_OK) == 0 }) else { return nil }
        program = found
    }

    func show(_ notification: Notification) throws {
        let urgency = notification.priority >= 5 ? "critical" : notification.priority <= 2 ? "low" : "normal"
        let arguments = [program, "--app-name=Tend", "--urgency=\(urgency)", "--", notification.title, notification.body]
        var pid: pid_t = 0
        let status = withCStrings(arguments) { argv in posix_spawn(&pid, program, nil, nil, argv, environ) }
        guard status == 0 else { throw AppError.unavailable("notify-send could not start", code: "desktop_unavailable") }
        var exit: Int32 = 0
        waitpid(pid, &exit, 0)
        guard exit == 0 else { throw AppError.unavailable("notify-send failed", code: "desktop_unavailable") }
    }
}

private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
