import FoundationEssentials
import Console
import Core
import Data
import Domain

/// `tend version`, `tend completion bash|zsh|fish` and `tend manpage`: what installs Tend on a
/// person's machine. The scripts and the page are written from the same command tree `--help`
/// reads, so they cannot disagree with it.
enum ShellCommands {
    /// Which entries an `<id>` argument names, by the command group it is in: their handles are
    /// what completion offers (`tend insulin edit <TAB>`).
    static let idKinds: [String: RecordKind] = [
        "insulin": .dose, "workout": .workout, "run": .run, "hike": .hike, "diet": .meal, "weight": .weight,
    ]

    static let handleCount = 10

    static func make(tree: @escaping @Sendable () -> Command, environment: [String: String],
                     container: @escaping @Sendable (Invocation) throws -> Container) -> [Command] {
        [
            Command(name: "version", abstract: "The version of tend and the commit it was built from (also: tend --version).") { invocation in
                let resources = ResourceLocation.resolve(environment: environment)
                let info = BuildInfo.current(resourcesPath: resources)
                try invocation.respond(json: { ["version": info.version, "commit": info.commit, "resources": resources] },
                                       text: { info.line(program: "tend") })
            },
            Command(
                name: "completion",
                abstract: "Print the shell completion script for bash, zsh or fish.",
                discussion: """
                    Load it for this shell, or install it where the shell looks:

                      source <(tend completion bash)
                      tend completion bash > ~/.local/share/bash-completion/completions/tend
                      tend completion zsh > ~/.zfunc/_tend      # a folder on $fpath
                      tend completion fish > ~/.config/fish/completions/tend.fish
                    """,
                arguments: [Argument("shell", help: "The shell.", allowedValues: Shell.allCases.map(\.rawValue))],
                subcommands: [handles(environment: environment, container: container)]
            ) { invocation in
                let shell = Shell(rawValue: invocation.argument("shell")!)!
                invocation.output.write(shell.script(for: completionModel(tree())))
            },
            Command(name: "manpage", abstract: "Print tend's manual page (roff): man -l <(tend manpage).") { invocation in
                invocation.output.write(manualPage(tree()).render())
            },
        ]
    }

    /// `tend completion handles <kind>`: `last` and the handles of the newest entries of a kind,
    /// one a line. A database that does not exist yet is not created for it.
    static func handles(environment: [String: String], container: @escaping @Sendable (Invocation) throws -> Container) -> Command {
        Command(name: "handles", abstract: "The handles of your newest entries of a kind, one a line (what completion offers).",
                arguments: [Argument("kind", help: "Which entries.", allowedValues: RecordKind.allCases.map(\.rawValue))]) { invocation in
            let kind = RecordKind(rawValue: invocation.argument("kind")!)!
            let path = try DatabaseLocation.resolve(option: invocation.option(GlobalOptions.database.name), environment: environment)
            guard path == ":memory:" || FileManager.default.fileExists(atPath: path) else { return }
            let ids = try SQLiteRecordLookup(database: container(invocation).database)
                .recentIDs(of: kind, ownerID: Owner.local, limit: handleCount)
            let handles = Handle.handles(for: ids)
            invocation.output.print((["last"] + ids.map { handles[$0] ?? $0 }).joined(separator: "\n"))
        }
    }

    static func completionModel(_ root: Command) -> CompletionModel {
        CompletionModel(root: root) { path, name in
            guard name == "<id>", let group = path.first, let kind = idKinds[group] else { return nil }
            return .program(["completion", "handles", kind.rawValue])
        }
    }

    static func manualPage(_ root: Command) -> ManualPage {
        typealias S = ManualPage.Section
        return ManualPage(
            root: root, section: 1, whatis: "personal care from the terminal: insulin, training, runs, food, quests, a couple's space",
            source: "Tend \(Container.appVersion)",
            extraSections: [
                S("Environment", [
                    .definition("TEND_DB", "The database file when --db is not given."),
                    .definition("XDG_DATA_HOME", "Where the database lives by default: $XDG_DATA_HOME/tend/tend.sqlite "
                                + "(~/.local/share/tend/tend.sqlite)."),
                    .definition("XDG_CONFIG_HOME", "Where a login to a tend-server is kept: $XDG_CONFIG_HOME/tend/credentials.json "
                                + "(~/.config/tend/credentials.json)."),
                    .definition("LANG, LC_ALL", "A Korean locale (ko_KR.UTF-8) gives Korean help, messages and content; --lang wins."),
                    .definition("TEND_NOW", "An ISO 8601 instant with an offset that fixes the clock of a run (tests, demos)."),
                    .definition("TEND_RESOURCES", "The folder of Tend's data (quests, food tables) when not the installed one."),
                    .definition("TEND_USDA", "The USDA SR24 table (usda_sr24.jar) that tend food import-usda loads by default."),
                    .definition("TEND_PASSWORD", "The password tend account commands use instead of asking."),
                    .definition("VISUAL, EDITOR", "The editor for texts written in an editor (quest answers)."),
                ]),
                S("Files", [
                    .definition("~/.local/share/tend/tend.sqlite", "The database: one SQLite file, a whole backup when copied "
                                + "while tend is not running."),
                    .definition("~/.config/tend/credentials.json", "The login to a tend-server (mode 0600)."),
                    .definition("PREFIX/share/tend", "Quest texts, food tables and build-info, found beside the installed program."),
                ]),
                S("Exit status", [
                    .definition("0", "Success."),
                    .definition("1", "Failure (a file, the network, the server)."),
                    .definition("2", "A usage error or invalid input."),
                    .definition("3", "A guard refused the action (a possible double dose); --force overrides it."),
                ]),
                S("See also", [.paragraph("tend-server(8). The documentation in docs/ of Tend's source.")]),
            ])
    }
}
