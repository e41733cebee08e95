import Console
import Domain

/// The desktop of `tend remind run` is read at the machine where `tend` runs, so its reminders
/// end with the command that answers them (`CommandHints.reminders`: `tend insulin log long`).
/// Phones and webhooks get the bodies as the rules wrote them, without command-line words.
struct DesktopReminderSender: NotificationSender {
    let base: any NotificationSender

    func deliver(_ notification: Notification, to channel: NotificationChannel) throws {
        guard channel.kind == .desktop, let command = CommandHints.reminders[notification.rule.rawValue] else {
            return try base.deliver(notification, to: channel)
        }
        var shown = notification
        shown.body += " → " + command // one line: notify-send and its logs read the body as one
        try base.deliver(shown, to: channel)
    }
}
