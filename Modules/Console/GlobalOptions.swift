/// The options every `tend` command understands, declared once on the root command and
/// inherited by every subcommand.
public enum GlobalOptions {
    public static let database = Option.value("db", valueName: "PATH",
                                              help: "The database file (default: $TEND_DB, else $XDG_DATA_HOME/tend/tend.sqlite).")
    public static let json = Option.flag("json", help: "Print JSON instead of text (a stable shape for scripts).")

    public static let language = Option.value("lang", valueName: "LANG",
                                              help: "Language of written content: en or ko (default: from $LANG, else en).",
                                              allowedValues: ["en", "ko"])

    public static let all: [Option] = [database, json, language]

    public static func wantsJSON(_ invocation: Invocation) -> Bool { invocation.flag(json.name) }
}
