import Console
import Composition

/// `tend-server.8`: the command tree's page, with the configuration file's keys written from
/// the same `ServerSetting` list the parser checks against.
enum ServerManual {
    static func page(root: Command) -> ManualPage {
        typealias S = ManualPage.Section
        let keys: [S.Block] = ServerSetting.all.map { setting in
            var text = setting.help + " Values: \(setting.expected)."
            if let value = setting.defaultValue { text += " Default: \(value)." }
            text += " Environment: \(setting.environmentName)."
            if let option = setting.option { text += " Option: --\(option)." }
            text += setting.isReloadable ? " Applied on SIGHUP." : " Needs a restart."
            return .definition("\(setting.key) = \(setting.valueName)", text)
        }
        return ManualPage(
            root: root, section: 8, whatis: "Tend's HTTP server: accounts, the API of every feature, sync and notifications",
            source: "Tend \(Container.appVersion)",
            extraSections: [
                S("Configuration", [
                    .paragraph("The file (\(ServerSetting.defaultConfigurationPath) unless --config names another) holds lines of "
                               + "key = value. Blank lines and lines starting with # or ; are ignored; a # later in a line is part "
                               + "of the value. A value in double quotes keeps spaces at its ends; an empty value leaves a text "
                               + "setting unset. A key may appear once. Environment variables override the file and options "
                               + "override both. tend-server check-config reports every problem with its line and key and exits 2."),
                    .example([
                        "# /etc/tend/server.conf",
                        "host = 127.0.0.1",
                        "port = 8080",
                        "database = /var/lib/tend/server.sqlite",
                        "log_level = info",
                        "openweather_key = 0123456789abcdef",
                    ]),
                ] + keys),
                S("Signals", [
                    .definition("SIGHUP", "Read the settings again. The log level, the request log, the OpenWeather key and the rate "
                                + "limits change at once; other changes are named in the log as needing a restart. A file with "
                                + "problems changes nothing and is logged as an error."),
                    .definition("SIGTERM, SIGINT", "Stop accepting, answer new requests on open connections with 503, finish the "
                                + "requests in flight, close the database and exit 0."),
                ]),
                S("Logging", [
                    .paragraph("Lines go to standard error: with the local time on a terminal; with the priority prefix the "
                               + "systemd journal reads when standard error is the journal (journalctl -u tend-server -p warning); "
                               + "otherwise plain lines, [tend-server] LEVEL: message."),
                ]),
                S("Files", [
                    .definition(ServerSetting.defaultConfigurationPath, "The configuration file."),
                    .definition("/var/lib/tend", "The service's state folder (mode 0700, owned by the tend user): the database "
                                + "and photos."),
                    .definition("/lib/systemd/system/tend-server.service", "The systemd unit the Debian package installs."),
                ]),
                S("Environment", [
                    .definition("TEND_SERVER_*", "Each setting's variable, as listed under CONFIGURATION."),
                    .definition("OPENWEATHER_API_KEY", "The OpenWeather key (openweather_key)."),
                    .definition("XDG_DATA_HOME", "Where the database lives when no setting names it: "
                                + "$XDG_DATA_HOME/tend/server.sqlite (~/.local/share/tend/server.sqlite)."),
                    .definition("TEND_NOW", "An ISO 8601 instant with an offset at which the clock starts (tests)."),
                ]),
                S("See also", [.paragraph("tend(1), systemd.service(5), journalctl(1).")]),
            ])
    }
}
