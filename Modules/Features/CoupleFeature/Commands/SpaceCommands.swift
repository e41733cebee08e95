import FoundationEssentials
import Client
import Console
import Core
import Domain

/// `tend couple mood | location | meet | bridge`.
enum SpaceCommands {
    /// The options of these commands, declared once.
    enum Options {
        static let status = Option.value("status", valueName: "TEXT", help: "What you are up to, briefly (\"at work\").")
        static let note = Option.value("note", valueName: "TEXT", help: "A note for your partner.")
        static let city = Option.value("city", valueName: "NAME", help: "The city's name (required).")
        static let lat = Option.value("lat", valueName: "LAT", help: "Latitude, -90 to 90 (required).")
        static let lon = Option.value("lon", valueName: "LON", help: "Longitude, -180 to 180 (required).")
        static let place = Option.value("place", valueName: "PLACE", help: "Where.")
        static let bridgeDate = Option.value("date", valueName: "YYYY-MM-DD", help: "Another date's bridge.")
    }

    static func mood(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(
            name: "mood", abstract: "Share today's mood (again today replaces it).",
            arguments: [Argument("mood", help: "How you feel.", allowedValues: Mood.allCases.map(\.rawValue))],
            options: [Options.status, Options.note]
        ) { invocation in
            let body = MoodBody(mood: invocation.argument("mood") ?? "", status: invocation.option(Options.status.name),
                                note: invocation.option(Options.note.name))
            let mood = try context(invocation).client.call(CoupleAPI.setMood, body: body)
            try invocation.respond(json: { mood }, text: {
                "Shared: \(Mood(rawValue: mood.mood)?.emoji ?? "") \(mood.mood)\(mood.status.map { " · \($0)" } ?? "") (\(mood.date))"
            })
        }
    }

    static func location(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(
            name: "location", abstract: "Set your city and its coordinates (your partner sees the city, its time and weather).",
            options: [Options.city, Options.lat, Options.lon]
        ) { invocation in
            guard let city = invocation.option(Options.city.name) else { throw UsageError("missing --city NAME") }
            let coordinate: (String) -> Double? = { Double($0).flatMap { $0.isFinite ? $0 : nil } }
            guard let lat = try invocation.option(Options.lat.name, expected: "a latitude in degrees", coordinate) else {
                throw UsageError("missing --lat LAT")
            }
            guard let lon = try invocation.option(Options.lon.name, expected: "a longitude in degrees", coordinate) else {
                throw UsageError("missing --lon LON")
            }
            let saved = try context(invocation).client.call(CoupleAPI.setLocation, body: LocationBody(city: city, lat: lat, lon: lon))
            try invocation.respond(json: { saved }, text: { "Your place: \(saved.city) (\(saved.lat), \(saved.lon))." })
        }
    }

    static func meet(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(
            name: "meet", abstract: "Set the next meeting (replaces the upcoming one; past ones are kept).",
            arguments: [Argument("date", help: "The day you meet, YYYY-MM-DD.")],
            options: [Options.place]
        ) { invocation in
            guard let day = try invocation.argument("date", expected: "a date YYYY-MM-DD", { LocalDate($0) }) else {
                throw UsageError("missing <date>")
            }
            let context = try context(invocation)
            let meeting = try context.client.call(CoupleAPI.setMeeting,
                                                  body: MeetingBody(date: day.description, place: invocation.option(Options.place.name)))
            try invocation.respond(json: { meeting }, text: {
                let me = try context.myID()
                let theirs = meeting.countdowns.first { $0.accountID != me }.map { " (for your partner: \($0.dDay))" } ?? ""
                return "Next meeting: \(meeting.date)\(meeting.place.map { " · \($0)" } ?? "") — \(meeting.dDay)\(theirs)"
            })
        }
    }

    static func bridge(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(
            name: "bridge", abstract: "Today's bridge: how much of each other's day you both took part in.",
            options: [Options.bridgeDate]
        ) { invocation in
            let day = try HomeCommand.date(invocation)
            let context = try context(invocation)
            let bridge = try context.client.call(CoupleAPI.bridge, DateQuery(day))
            try invocation.respond(json: { bridge }, text: {
                "\(bridge.date)  \(CoupleText.bridgeLine(bridge, language: context.language))\n"
                    + CoupleText.parts(bridge.parts, language: context.language)
            })
        }
    }
}
