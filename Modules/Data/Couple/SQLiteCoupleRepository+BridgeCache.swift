import FoundationEssentials
import Core
import Domain

// Bridges remembered until their marks change (0024: `couples.marks_version`, kept by triggers
// on the marks and the members, and `couple_bridges`).
extension SQLiteCoupleRepository {
    /// One statement: the couple's version, and the day's bridge if it was counted from it.
    public func rememberedBridge(coupleID: String, day: LocalDate) throws -> RememberedBridge {
        var remembered = RememberedBridge(version: nil, bridge: nil)
        try database.forEachRow(Self.remembered, [.text(coupleID), .text(day.description)]) { values in
            guard values.count == 7, case .integer(let version) = values[0] else { throw Self.invalidBridge }
            guard case .integer(let counted) = values[1], counted == version else {
                remembered = RememberedBridge(version: version, bridge: nil)
                return
            }
            let numbers = try values[2...].map { value -> Int in
                guard case .integer(let number) = value else { throw Self.invalidBridge }
                return Int(number)
            }
            let parts = BridgeParts(mood: numbers[0], photo: numbers[1], care: numbers[2], calendar: numbers[3])
            remembered = RememberedBridge(version: version, bridge: Bridge(date: day, parts: parts, streak: numbers[4]))
        }
        return remembered
    }

    static let remembered = """
        SELECT c.marks_version, b.version, b.mood, b.photo, b.care, b.calendar, b.streak
        FROM couples c LEFT JOIN couple_bridges b ON b.couple_id = c.id AND b.day = ?2
        WHERE c.id = ?1
        """

    static let invalidBridge = AppError(.internalFailure, code: "database_error", "a remembered bridge holds an invalid value")

    /// Writes the day's bridge over what was remembered of it, unless that was counted from a
    /// later version (a read that began before a write may end after it); and forgets the
    /// couple's days more than a week before (a member's today is at most a day apart from the other's).
    public func rememberBridge(_ bridge: Bridge, coupleID: String, version: Int64) throws {
        try database.write {
            try database.execute(
                """
                INSERT INTO couple_bridges (couple_id, day, version, mood, photo, care, calendar, streak)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (couple_id, day) DO UPDATE SET version = excluded.version, mood = excluded.mood,
                    photo = excluded.photo, care = excluded.care, calendar = excluded.calendar, streak = excluded.streak
                WHERE excluded.version >= couple_bridges.version
                """,
                [.text(coupleID), .text(bridge.date.description), .integer(version), .integer(Int64(bridge.parts.mood)),
                 .integer(Int64(bridge.parts.photo)), .integer(Int64(bridge.parts.care)), .integer(Int64(bridge.parts.calendar)),
                 .integer(Int64(bridge.streak))])
            try database.execute("DELETE FROM couple_bridges WHERE couple_id = ? AND day < ?",
                                 [.text(coupleID), .text(bridge.date.adding(days: -7).description)])
        }
    }
}
