import Foundation
import Testing
import Core
import Domain
import HTTP
@testable import CoupleFeature

/// The home's hand-written JSON against JSONEncoder's (what the server sent before, and what
/// any type without a writer still gets): the same bytes, every optional both ways.
@Suite("The couple home's JSON writer")
struct HomeJSONWriterTests {
    func encoderBytes(_ home: HomeJSON) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(home))
    }

    func writerBytes(_ home: HomeJSON) -> [UInt8] {
        var writer = JSONWriter()
        home.write(to: &writer)
        #expect(writer.isEncodable)
        return writer.bytes
    }

    func member(_ id: String, full: Bool) -> HomeJSON.Member {
        HomeJSON.Member(
            accountID: id, displayName: full ? "김 \"Ana\" / \u{1}\t\\" : "Ben", isMe: full, timeZone: full ? "Asia/Seoul" : "Europe/Paris",
            localTime: "2026-12-02T13:05:09+09:00", utcOffset: full ? "+09:00" : "Z", daytime: !full, city: full ? "서울" : nil,
            weather: full ? WeatherJSON(tempC: -3.25, description: "light snow </b>", icon: "13d", city: "Seoul",
                                        observedAt: "2026-12-02T12:50:00+09:00", stale: true) : nil,
            weatherConfigured: full,
            mood: full ? MoodJSON(id: "m1", accountID: id, date: "2026-12-02", mood: "happy", status: "at work", note: nil,
                                  updatedAt: "2026-12-02T09:00:00+09:00") : nil,
            photo: full ? PhotoJSON(id: "p1", accountID: id, date: "2026-12-02", mediaType: "image/png", bytes: 1_234, caption: nil,
                                    url: "/v1/couple/photos/p1", updatedAt: "2026-12-02T12:00:00+09:00") : nil)
    }

    @Test("every part, each optional set and nil, escapes and numbers: the writer's bytes are JSONEncoder's")
    func sameBytes() throws {
        let full = HomeJSON(
            date: "2026-12-02",
            meeting: MeetingJSON(id: "g1", date: "2031-01-01", place: "Incheon \"T2\"", dDay: "D-1491",
                                 countdowns: [.init(accountID: "a", dDay: "D-1491"), .init(accountID: "b", dDay: "D-1492")]),
            bridge: BridgeJSON(date: "2026-12-02", score: 100, stage: "complete", stageLabel: "오늘의 다리 완성",
                               parts: BridgeParts(mood: 20, photo: 30, care: 30, calendar: 20), streak: 31),
            members: [member("a", full: true), member("b", full: false)], differenceS: -32_400,
            callWindow: .init(startsAt: "2026-12-02T16:00:00+09:00", endsAt: "2026-12-02T23:00:00+09:00"),
            recent: [.init(kind: "mood", accountID: "a", at: "2026-12-02T09:00:00+09:00", text: "happy · at work"),
                     .init(kind: "photo", accountID: "b", at: "2026-12-01T09:00:00+09:00", text: "")])
        #expect(writerBytes(full) == (try encoderBytes(full)))

        let bare = HomeJSON(
            date: "2026-12-02", meeting: MeetingJSON(id: "g1", date: "2026-12-02", place: nil, dDay: "D-day", countdowns: []),
            bridge: BridgeJSON(date: "2026-12-02", score: 0, stage: "waiting", stageLabel: "Waiting", parts: BridgeParts(), streak: 0),
            members: [member("a", full: false)], differenceS: 0, callWindow: nil, recent: [])
        #expect(writerBytes(bare) == (try encoderBytes(bare)))
        let none = HomeJSON(date: "2026-12-02", meeting: nil, bridge: bare.bridge, members: [], differenceS: 3_600, callWindow: nil,
                            recent: [])
        #expect(writerBytes(none) == (try encoderBytes(none)))
    }

    @Test("the endpoint's response body is the writer's bytes, which are JSONEncoder's")
    func responseUsesTheWriter() throws {
        let home = HomeJSON(date: "2026-12-02", meeting: nil,
                            bridge: BridgeJSON(date: "2026-12-02", score: 10, stage: "started", stageLabel: "x", parts: BridgeParts(mood: 10),
                                               streak: 2),
                            members: [member("a", full: true)], differenceS: 0, callWindow: nil, recent: [])
        let response = try CoupleAPI.home.answer.response(home)
        #expect(Array(response.body) == writerBytes(home))
        #expect(Array(response.body) == (try encoderBytes(home)))
    }
}
