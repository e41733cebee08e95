/// The `tend` command to type next, after an error or in a desktop reminder. The use cases say
/// what happened — a stable code, a key where the code has several messages, and the values —
/// and never name a command, so an API answer carries no command-line words; the command line
/// prints the hint on a line of its own after the error (`hint: tend quest start`), never in
/// `--json` output. This is the one table of them.
public enum CommandHints {
    /// By `code.key`, else `code`. `{name}` placeholders take the error's arguments; a hint whose
    /// placeholders cannot all be filled is not shown. Command lines read the same in every
    /// language, so a catalog uses this table unless it gives its own.
    public static let english: [String: String] = [
        // Quest
        "no_journey": "tend quest start",
        "journey_in_progress": "tend quest delete {id}",
        "journey_complete": "tend quest new",
        "wrong_quest_kind.action": "tend quest done",
        "wrong_quest_kind.question": "tend quest answer",
        // Activity
        "place_not_found": "tend places add NAME --lat LAT --lon LON",
        // Workout and supplements
        "unknown_exercise": "tend exercises list",
        "supplement_not_found": "tend supps list",
    ]

    /// What answers a reminder, by its rule (`NotificationRule`'s raw value): added to the
    /// reminders shown on this machine's desktop (`tend remind run`), never to those sent to a
    /// phone or a webhook.
    public static let reminders: [String: String] = [
        "insulin": "tend insulin log long",
        "quest": "tend quest today",
        "supplement": "tend supps today",
    ]
}
