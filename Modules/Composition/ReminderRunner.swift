import FoundationEssentials
import Console
import Core
import Domain
import Notifications
#if canImport(Glibc)
import Glibc
#endif

/// `tend remind run`: this machine's reminders without a server. Every round re-plans the local
/// rules (the other `tend` commands write without telling it) and delivers what is due.
enum ReminderRunner {
    /// - Parameter sync: this device's sync, run beside the reminders while logged in.
    static func run(notifications: NotificationUseCases, clock: any Clock, once: Bool, output: Output,
                    sync: SyncAgent? = nil) throws {
        let scheduler = NotificationScheduler(notifications: notifications, clock: clock, logger: nil, everyRound: {
            for rule in [NotificationRule.insulin, .quest, .supplement] { try? notifications.refresh(ownerID: Owner.local, rule: rule) }
        })
        if once {
            var pacer = SyncPacer()
            sync?.runOnce(&pacer)
            let before = Set(try notifications.history(ownerID: Owner.local, state: .sent, limit: 500).map(\.id))
            let next = scheduler.runOnce()
            let sent = try notifications.history(ownerID: Owner.local, state: .sent, limit: 500).filter { !before.contains($0.id) }
            for item in sent { output.print("sent: \(item.title)") }
            if sent.isEmpty { output.print("Nothing due.") }
            if let next { output.print("Next: \(TimeZone.current.dateTimeText(of: next))") }
            return
        }
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        output.print("Reminders running (Ctrl-C to stop).")
        scheduler.start()
        sync?.start()
        var received: Int32 = 0
        sigwait(&signals, &received)
        sync?.stop()
        scheduler.stop()
        output.print("Stopped.")
    }
}
