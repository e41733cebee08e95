import FoundationEssentials
import Client
import Console
import Core
import Domain

/// `tend couple mood | location | meet | bridge`.
enum SpaceCommands {
    static func mood(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(
            name: "mood", abstract: "Share today's mood (again today replaces it).",
            arguments: [Argument("mood", help: "How you feel.", allowedValues: Mood.allCases.map(\.rawValue))],
            options: [
                .value("status", valueName: "TEXT", help: "What you are up to, briefly (\"at work\")."),
                .value("note", valueName: "TEXT", help: "A note for your partner."),
            ]
        ) { invocation in
            let body = MoodBody(mood: invocation.argument("mood") ?? "", status: invocation.option("status"), note: invocation.option("note"))
            let mood: MoodJSON = try context(invocation).call(.json("PUT", "/v1/couple/mood", body))
            if GlobalOptions.wantsJSON(invocation) { return try invocation.output.printJSON(mood) }
            let emoji = Mood(rawValue: mood.mood)?.emoji ?? ""
            invocation.output.print("Shared: \(emoji) \(mood.mood)\(mood.status.map { " · \($0)" } ?? "") (\(mood.date))")
        }
    }

    static func location(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(
            name: "location", abstract: "Set your city and its coordinates (your partner sees the city, its time and weather).",
            options: [
                .value("city", valueName: "NAME", help: "The city's name (required)."),
                .value("lat", valueName: "LAT", help: "Latitude, -90 to 90 (required)."),
                .value("lon", valueName: "LON", help: "Longitude, -180 to 180 (required)."),
            ]
        ) { invocation in
            guard let city = invocation.option("city") else { throw UsageError("missing --city NAME") }
            let coordinate: (String) -> Double? = { Double($0).flatMap { $0.isFinite ? $0 : nil } }
            guard let lat = try invocation.option("lat", expected: "a latitude in degrees", coordinate) else { throw UsageError("missing --lat LAT") }
            guard let lon = try invocation.option("lon", expected: "a longitude in degrees", coordinate) else { throw UsageError("missing --lon LON") }
            let saved: LocationJSON = try context(invocation).call(.json("PUT", "/v1/me/location", LocationBody(city: city, lat: lat, lon: lon)))
            if GlobalOptions.wantsJSON(invocation) { return try invocation.output.printJSON(saved) }
            invocation.output.print("Your place: \(saved.city) (\(saved.lat), \(saved.lon)).")
        }
    }

    static func meet(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(
            name: "meet", abstract: "Set the next meeting (replaces the upcoming one; past ones are kept).",
            arguments: [Argument("date", help: "The day you meet, YYYY-MM-DD.")],
            options: [.value("place", valueName: "PLACE", help: "Where.")]
        ) { invocation in
            guard let day = try invocation.argument("date", expected: "a date YYYY-MM-DD", { LocalDate($0) }) else {
                throw UsageError("missing <date>")
            }
            let context = try context(invocation)
            let meeting: MeetingJSON = try context.call(.json("PUT", "/v1/couple/meeting", MeetingBody(date: day.description, place: invocation.option("place"))))
            if GlobalOptions.wantsJSON(invocation) { return try invocation.output.printJSON(meeting) }
            let me = try context.myID()
            let theirs = meeting.countdowns.first { $0.accountID != me }.map { " (for your partner: \($0.dDay))" } ?? ""
            invocation.output.print("Next meeting: \(meeting.date)\(meeting.place.map { " · \($0)" } ?? "") — \(meeting.dDay)\(theirs)")
        }
    }

    static func bridge(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(
            name: "bridge", abstract: "Today's bridge: how much of each other's day you both took part in.",
            options: [.value("date", valueName: "YYYY-MM-DD", help: "Another date's bridge.")]
        ) { invocation in
            var request = ServerRequest("GET", "/v1/couple/bridge")
            if let day = try HomeCommand.date(invocation) { request.query = [("date", day.description)] }
            let context = try context(invocation)
            let bridge: BridgeJSON = try context.call(request)
            if GlobalOptions.wantsJSON(invocation) { return try invocation.output.printJSON(bridge) }
            invocation.output.print("\(bridge.date)  \(CoupleText.bridgeLine(bridge, language: context.language))")
            invocation.output.print(CoupleText.parts(bridge.parts, language: context.language))
        }
    }
}
