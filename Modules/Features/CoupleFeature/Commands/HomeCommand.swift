import FoundationEssentials
import Client
import Console
import Core
import Domain

/// `tend couple home`: the seed's home screen. The last one received is kept locally and shown,
/// marked with its age, when the server cannot be reached.
enum HomeCommand {
    static func make(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(
            name: "home", abstract: "The home: next meeting, today's bridge, both times and weathers, both moods, recent moments.",
            options: [.value("date", valueName: "YYYY-MM-DD", help: "The bridge and moods of another date.")]
        ) { invocation in
            let context = try context(invocation)
            let (home, age) = try load(context, date: try date(invocation))
            if GlobalOptions.wantsJSON(invocation) { return try invocation.output.printJSON(home) }
            if let age {
                invocation.output.print("(offline: the server could not be reached — this is the home of \(CoupleText.age(age)) ago)")
            }
            invocation.output.print(CoupleText.home(home, language: context.language))
        }
    }

    /// The home from the server (then cached), or the cached one and its age when the server is
    /// unreachable. Refusals (not paired, logged out) are not hidden behind the cache.
    static func load(_ context: CoupleContext, date: LocalDate?, timeout: TimeInterval = 10) throws -> (HomeJSON, TimeInterval?) {
        let me = try context.myID()
        let key = "couple.home.\(me)"
        do {
            var request = ServerRequest("GET", "/v1/couple/home")
            if let date { request.query = [("date", date.description)] }
            let response = try context.client.send(request, timeout: timeout)
            let home = try response.decode(HomeJSON.self)
            if date == nil { try? context.cache.save(key: key, payload: response.body, at: context.clock.now) }
            return (home, nil)
        } catch let error as AppError where error.code == "not_paired" {
            // The space is gone: its last home must not keep showing the former partner.
            try? context.cache.remove(key: key)
            throw error
        } catch let error as AppError where error.kind == .unavailable && date == nil {
            guard let cached = try? context.cache.value(key: key),
                  let home = try? JSONDecoder().decode(HomeJSON.self, from: cached.payload) else { throw error }
            return (home, max(0, context.clock.now.timeIntervalSince(cached.savedAt)))
        }
    }

    static func date(_ invocation: Invocation) throws -> LocalDate? {
        try invocation.option("date", expected: "a date YYYY-MM-DD") { LocalDate($0) }
    }
}
