import Foundation
import Core
import Domain
@testable import Data

/// Export archives written by the tests themselves (with `ZipWriter`), and a fresh database with
/// sync recording as `tend` has it.
enum ImportFixture {
    /// 2025-06-15T12:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_749_988_800)
    static let ms: Int64 = 1_749_988_800_000
    static let owner = Owner.local

    static func id(_ number: Int) -> String { String(format: "0197732a-0000-7000-8000-%012d", number) }

    struct Store {
        let database: Database
        let sync: SQLiteSyncStore
        let store: SQLitePersonalDataStore

        func count(_ table: String) throws -> Int {
            Int(try database.queryOne("SELECT count(*) AS n FROM \(table)")!.get("n", as: Int64.self))
        }

        /// Every synced table's row count, children and outbox included: what "nothing changed" compares.
        func census() throws -> [String: Int] {
            var tables = SyncSchema.tables.map(\.name) + SyncSchema.tables.flatMap { $0.children.map(\.table) }
            tables += ["sync_changes"]
            return Dictionary(uniqueKeysWithValues: try tables.map { ($0, try count($0)) })
        }
    }

    static func store() throws -> Store {
        let database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database, now: now)
        let clock = FixedClock(now)
        return Store(database: database, sync: try SQLiteSyncStore(database: database, clock: clock),
                     store: SQLitePersonalDataStore(database: database, clock: clock))
    }

    static func manifest(format: String = "tend-export", version: Int = 1) -> String {
        #"{"format":"\#(format)","format_version":\#(version),"exported_at":"2025-06-15T12:00:00Z","app_version":"1.0.0","counts":{}}"#
    }

    static func dose(_ number: Int, kind: String = "long", units: String = "20.0", note: String = "null", deleted: String = "null",
                     extra: String = "") -> String {
        #"{"id":"\#(id(number))","kind":"\#(kind)","units":\#(units),"taken_at":\#(ms - Int64(number) * 3_600_000),"note":\#(note),"#
            + #""created_at":\#(ms),"updated_at":\#(ms),"deleted_at":\#(deleted)\#(extra)}"#
    }

    static let track = Data((0..<64).map { UInt8($0 * 4) })

    /// One of every shape: plain rows, a soft-deleted one, children, a blob, a reference, a singleton.
    static let full: [String: String] = [
        "data/insulin_doses.json": "[" + dose(1) + "," + dose(2, kind: "rapid", units: "4.5", note: #""before lunch""#) + ","
            + dose(3, deleted: String(ms)) + "]",
        "data/insulin_settings.json": #"[{"id":"\#(id(10))","long_name":"Tresiba","long_units":22.0,"rapid_name":"Fiasp","#
            + #""rapid_units":4.0,"day_start_minutes":240,"time_zone":"Asia/Seoul","long_guard_minutes":720,"#
            + #""rapid_window_minutes":10,"reminder_minutes":1260,"created_at":\#(ms),"updated_at":\#(ms),"deleted_at":null}]"#,
        "data/workouts.json": #"[{"id":"\#(id(20))","started_at":\#(ms - 86_400_000),"kind":"strength","title":"Push","notes":"a, \"b\"\nc","#
            + #""duration_min":45.0,"felt":4,"wod":null,"created_at":\#(ms),"updated_at":\#(ms),"deleted_at":null,"sets":["#
            + #"{"position":0,"exercise":"bench","weight_kg":60.0,"reps":5,"seconds":null,"metres":null,"calories":null,"warmup":1,"rpe":null,"rir":null},"#
            + #"{"position":1,"exercise":"bench","weight_kg":80.0,"reps":5,"seconds":null,"metres":null,"calories":null,"warmup":0,"rpe":8.5,"rir":1}]}]"#,
        "data/foods.json": #"[{"id":"custom:\#(id(30))","source":"custom","name":"Kimbap","food_group":null,"kcal":140.0,"protein_g":4.0,"#
            + #""carbs_g":25.0,"fat_g":3.0,"rank_penalty":0.0,"head":"kimbap","created_at":\#(ms),"updated_at":\#(ms),"#
            + #""name_en":null,"name_ko":"김밥","search_terms":null,"head2":null,"heads_ko":null,"deleted_at":null,"#
            + #""measures":[{"position":0,"amount":1.0,"name":"roll","grams":230.0}],"#
            + #""nutrients":[{"name":"Sodium","amount":400.0,"unit":"mg"}]}]"#,
        "data/activities.json": #"[{"id":"\#(id(40))","kind":"run","name":"Han river","started_at":\#(ms - 7_200_000),"duration_s":1800.0,"#
            + #""moving_time_s":1750.0,"distance_m":5000.0,"elevation_gain_m":null,"elevation_loss_m":null,"source":"gpx","#
            + #""track":"\#(track.base64EncodedString())","created_at":\#(ms),"updated_at":\#(ms),"deleted_at":null}]"#,
        "data/quest_journeys.json": #"[{"id":"\#(id(50))","style":"question","nickname":"Bori","feeling":"sad","pace_days":1,"#
            + #""time_zone":"Asia/Seoul","started_at":\#(ms - 86_400_000),"completed_at":null,"created_at":\#(ms),"updated_at":\#(ms),"deleted_at":null}]"#,
        "data/quest_entries.json": #"[{"id":"\#(id(51))","journey_id":"\#(id(50))","quest_number":1,"answer":"한 줄","reflection":null,"#
            + #""felt":null,"completed_at":\#(ms),"created_at":\#(ms),"updated_at":\#(ms),"deleted_at":null}]"#,
    ]

    static let fullCounts = ["insulin_doses": 3, "insulin_settings": 1, "workouts": 1, "foods": 1, "activities": 1,
                             "quest_journeys": 1, "quest_entries": 1]

    static func path(_ name: String = "import") -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tend-\(name)-\(UUID().uuidString).zip").path
    }

    /// A zip of these entries (a manifest unless `manifest` is nil), in a fresh temporary file.
    static func archive(_ entries: [String: String], manifest: String? = manifest(), extra: [(String, Data)] = []) throws -> String {
        var all = entries.sorted { $0.key < $1.key }.map { ($0.key, Data($0.value.utf8)) }
        if let manifest { all.insert((ImportArchive.manifestEntry, Data(manifest.utf8)), at: 0) }
        return try zip(all + extra)
    }

    static func zip(_ entries: [(String, Data)]) throws -> String {
        let path = path()
        var bytes = Data()
        let writer = ZipWriter { bytes.append($0) }
        for (name, data) in entries { try writer.add(name, data) }
        try writer.finish()
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }
}
