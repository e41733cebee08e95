import Foundation
import Testing
import Console
import Composition

/// `tend notify` and `tend remind run --once` without a server: this machine's channels,
/// quiet hours, inbox and the reminders of its own insulin log.
@Suite("tend notify and tend remind, local", .serialized)
struct NotifyCommandTests {
    let folder: URL
    let tend: TendCommandLine

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-notify-cli-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        tend = TendCommandLine(environment: [
            "TEND_DB": folder.appendingPathComponent("tend.sqlite").path, "TEND_NOW": "2026-11-30T22:30:00+09:00",
            "HOME": folder.path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path, "TZ": "Asia/Seoul",
        ])
    }

    func run(_ arguments: String...) -> (status: Int32, stdout: String, stderr: String) {
        let (output, captured) = Output.capturing()
        let status = tend.run(arguments, output: output)
        return (status, captured.stdout, captured.stderr)
    }

    @Test func channelsQuietHoursTestAndInbox() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let refused = run("notify", "channel", "add", "webhook", "--url", "http://169.254.169.254/latest/meta-data")
        #expect(refused.status == 2 && refused.stderr.contains("link-local"), "\(refused)")
        #expect(run("notify", "channel", "add", "ntfy", "--url", "ftp://ntfy.sh/x").status == 2)
        let added = run("--json", "notify", "channel", "add", "webhook", "--url", "http://127.0.0.1:9/hook")
        #expect(added.status == 0, "\(added)")
        let channel = try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any] ?? [:]
        let secret = try #require(channel["secret"] as? String)
        let listed = run("notify", "channel", "list")
        #expect(listed.stdout.contains("http://127.0.0.1:9/hook") && !listed.stdout.contains(secret))
        #expect(run("notify", "channel", "remove", channel["id"] as? String ?? "").status == 0)
        #expect(run("notify", "channel", "remove", "nope").status == 1)

        let quiet = run("notify", "quiet", "--from", "22:00", "--to", "07:00")
        #expect(quiet.status == 0 && quiet.stdout.contains("22:00–07:00"))
        #expect(run("notify", "quiet", "--from", "25:00", "--to", "07:00").status == 2)

        #expect(run("notify", "test").status == 0)
        let today = run("today")
        #expect(today.stdout.contains("Inbox (1 unread") && today.stdout.contains("Tend test"), "\(today.stdout)")
        let inbox = run("notify", "inbox")
        #expect(inbox.stdout.contains("Tend test"))
        #expect(run("notify", "inbox").stdout.contains("Nothing new."))
        #expect(!run("today").stdout.contains("Inbox"))
    }

    @Test func remindRunOnceSendsTonightsInsulinReminderOnce() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run("insulin", "settings", "--time-zone", "Asia/Seoul").status == 0)
        #expect(run("insulin", "log", "rapid", "2", "--at", "12:00").status == 0)
        let first = run("remind", "run", "--once")
        #expect(first.status == 0 && first.stdout.contains("sent: Long-acting insulin"), "\(first)")
        #expect(run("remind", "run", "--once").stdout.contains("Nothing due."))
        let list = run("--json", "notify", "list")
        let items = (try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])?["notifications"] as? [[String: Any]] ?? []
        #expect(items.filter { $0["state"] as? String == "sent" }.count == 1)
        #expect(items.filter { $0["state"] as? String == "pending" }.count == 3) // 23:00 tonight, two tomorrow
        // The follow-up is due at 23:00 in Seoul (shown in this machine's zone).
        let followUp = items.first { $0["state"] as? String == "pending" && ($0["title"] as? String)?.hasSuffix("still missing") == true
            && ($0["due_at"] as? String)?.hasPrefix("2026-11-30") == true }
        let due = (followUp?["due_at"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) }
        #expect(due == ISO8601DateFormatter().date(from: "2026-11-30T14:00:00Z"), "\(items)")
        #expect(run("notify", "list", "--upcoming").stdout.contains("still missing"))
    }

    @Test func aDesktopSessionGetsTheReminderThroughNotifySend() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // A notify-send that records its arguments, on the PATH of a desktop session.
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let record = folder.appendingPathComponent("notify-send.log").path
        let script = bin.appendingPathComponent("notify-send")
        try "#!/bin/sh\nprintf '%s|' \"$@\" >> '\(record)'\necho >> '\(record)'\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let desktop = TendCommandLine(environment: [
            "TEND_DB": folder.appendingPathComponent("tend.sqlite").path, "TEND_NOW": "2026-11-30T22:30:00+09:00",
            "HOME": folder.path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
            "DISPLAY": ":0", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/dev/null", "PATH": bin.path + ":/usr/bin:/bin",
        ])
        let (output, captured) = Output.capturing()
        #expect(desktop.run(["insulin", "settings", "--time-zone", "Asia/Seoul"], output: output) == 0)
        #expect(desktop.run(["insulin", "log", "rapid", "2", "--at", "12:00"], output: output) == 0)
        #expect(desktop.run(["remind", "run", "--once"], output: output) == 0, "\(captured.stderr)")
        let calls = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n")
        #expect(calls.count == 1, "\(calls)")
        #expect(calls.first?.contains("--app-name=Tend|--urgency=normal|--|Long-acting insulin|") == true, "\(calls)")
        // Sent once: the next round finds nothing due.
        #expect(desktop.run(["remind", "run", "--once"], output: output) == 0)
        #expect(try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").count == 1)
    }
}
