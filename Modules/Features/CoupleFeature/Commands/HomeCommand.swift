import FoundationEssentials
import Client
import Console
import Core
import Domain
import HTTP

/// `tend couple home`: the seed's home screen. The last one received is kept locally and shown,
/// marked with its age, when the server cannot be reached.
enum HomeCommand {
    static let dateOption = Option.value("date", valueName: "YYYY-MM-DD", help: "The bridge and moods of another date.")

    static func make(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(
            name: "home", abstract: "The home: next meeting, today's bridge, both times and weathers, both moods, recent moments.",
            options: [dateOption]
        ) { invocation in
            let context = try context(invocation)
            let (home, age) = try load(context, date: try date(invocation))
            try invocation.respond(json: { home }, text: {
                let offline = age.map { "(offline: the server could not be reached — this is the home of \(CoupleText.age($0)) ago)\n" }
                return (offline ?? "") + CoupleText.home(home, language: context.language)
            })
        }
    }

    /// Where the last home received is kept, per account.
    static func cacheKey(_ accountID: String) -> String { "couple.home.\(accountID)" }

    /// The home from the server (then cached), or the cached one and its age when the server is
    /// unreachable. Refusals (not paired, logged out) are not hidden behind the cache.
    static func load(_ context: CoupleContext, date: LocalDate?, timeout: TimeInterval = 10) throws -> (HomeJSON, TimeInterval?) {
        let key = cacheKey(try context.myID())
        do {
            let (home, response) = try context.client.callReturningResponse(CoupleAPI.home, DateQuery(date), body: NoBody(),
                                                                            timeout: timeout)
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

    /// The `--date` given, if any (`home`, `bridge` and `photo get` take one).
    static func date(_ invocation: Invocation) throws -> LocalDate? {
        try invocation.option(dateOption.name, expected: "a date YYYY-MM-DD") { LocalDate($0) }
    }
}
