import Foundation
import Testing
import Core
import Domain
@testable import Data

@Suite("tend export: the archive")
struct ExportArchiveTests {
    typealias F = ExportFixture

    @Test func writesTheManifestAndEveryTableInAFixedOrder() throws {
        let fixture = try F.filled()
        let (entries, counts) = try fixture.export()
        let names = entries.map(\.name)
        #expect(names.first == "manifest.json")
        let dataNames = names.filter { $0.hasPrefix("data/") }
        #expect(dataNames == ExportTables.all.map { "data/\($0.name).json" })
        #expect(names.filter { $0.hasPrefix("csv/") } == ["csv/doses.csv", "csv/sets.csv", "csv/meals.csv", "csv/weight.csv",
                                                           "csv/supplements.csv", "csv/activities.csv", "csv/glucose.csv"])
        #expect(names.contains("gpx/run-\(F.id(40)).gpx"))
        #expect(!names.contains("gpx/run-\(F.id(41)).gpx")) // no track
        #expect(names.contains("nightscout/treatments.json"))
        #expect(names.contains("quest/\(F.id(50)).md"))
        #expect(!names.contains { $0.hasPrefix("couple/") })

        let manifest = try JSONSerialization.jsonObject(with: entries[0].data) as! [String: Any]
        #expect(manifest["format"] as? String == "tend-export")
        #expect(manifest["format_version"] as? Int == ExportFormat.version)
        #expect(manifest["app_version"] as? String == "9.9.9")
        #expect(manifest["exported_at"] as? String == "2025-06-15T21:00:00+09:00") // the insulin settings' zone
        let manifestCounts = manifest["counts"] as! [String: Int]
        #expect(Set(manifestCounts.keys) == Set(ExportTables.all.map(\.name)))
        #expect(manifestCounts["insulin_doses"] == 3) // the deleted one too; not the other owner's
        #expect(manifestCounts == counts.counts)
        #expect(manifestCounts["foods"] == 1) // the own food, not the shared one
    }

    @Test func aRowHasEveryColumnItsIDAndDeletedAtButNoOwner() throws {
        let fixture = try F.filled()
        let (entries, _) = try fixture.export()
        let doses = try F.text(entries, "data/insulin_doses.json")
        #expect(doses == "[\n"
            + #"{"created_at":1749988800000,"deleted_at":null,"id":"\#(F.id(1))","kind":"long","note":"night, \"late\"","taken_at":1749985200000,"units":22.0,"updated_at":1749988800000}"#
            + ",\n"
            + #"{"created_at":1749988800000,"deleted_at":null,"id":"\#(F.id(2))","kind":"rapid","note":"=SUM(A1)","taken_at":1749981600000,"units":4.5,"updated_at":1749988800000}"#
            + ",\n"
            + #"{"created_at":1749988800000,"deleted_at":1749988800000,"id":"\#(F.id(3))","kind":"rapid","note":null,"taken_at":1749978000000,"units":3.0,"updated_at":1749988800000}"#
            + "\n]\n")
        #expect(!doses.contains("owner_id"))
        #expect(!doses.contains(F.id(99)))

        let workouts = try F.json(entries, "data/workouts.json")
        #expect(workouts.count == 1)
        let sets = workouts[0]["sets"] as! [[String: Any]]
        #expect(sets.map { $0["position"] as? Int } == [0, 1])
        #expect(sets.map { $0["weight_kg"] as? Double } == [60, 80])
        #expect(sets[0]["workout_id"] == nil)
        #expect(Set(sets[0].keys) == Set(SyncSchema.table(named: "workouts")!.child("sets")!.columns.map(\.name)))
        let workoutColumns = Set(SyncSchema.table(named: "workouts")!.columns.map(\.name) + ["id", "deleted_at", "sets"])
        #expect(Set(workouts[0].keys) == workoutColumns)

        let foods = try F.json(entries, "data/foods.json")
        #expect(foods.map { $0["id"] as? String } == ["custom:\(F.id(30))"])
        #expect((foods[0]["measures"] as! [[String: Any]]).count == 1)
        #expect((foods[0]["nutrients"] as! [[String: Any]]).map { $0["name"] as? String } == ["Fat", "Sodium"])

        let activities = try F.json(entries, "data/activities.json")
        let track = Data(base64Encoded: activities[0]["track"] as! String)!
        #expect(track == F.trackBlob)
        #expect(activities[1]["track"] is NSNull)
        #expect(try F.json(entries, "data/places.json").isEmpty)
        #expect(try F.text(entries, "data/places.json") == "[]\n")
    }

    @Test func theSameDataGivesTheSameBytesApartFromExportedAt() throws {
        let fixture = try F.filled()
        let first = try fixture.export(now: F.now)
        let second = try fixture.export(now: F.now.addingTimeInterval(86_400 * 3))
        #expect(first.entries.map(\.name) == second.entries.map(\.name))
        for (a, b) in zip(first.entries, second.entries) where a.name != "manifest.json" {
            #expect(a.data == b.data, "\(a.name) differs")
        }
        let strip = { (data: Data) in String(decoding: data, as: UTF8.self).replacingOccurrences(
            of: #""exported_at":"[^"]*""#, with: "", options: .regularExpression) }
        #expect(strip(first.entries[0].data) == strip(second.entries[0].data))
        #expect(first.entries[0].data != second.entries[0].data)
        // The same clock: the same archive, byte for byte.
        #expect(try fixture.exportBytes(now: F.now) == (try fixture.exportBytes(now: F.now)))
    }

    @Test func theCSVFilesAreRFC4180WithOffsetsAndSafeText() throws {
        let fixture = try F.filled()
        let (entries, _) = try fixture.export()
        let doses = try F.text(entries, "csv/doses.csv")
        #expect(doses == "id,taken_at,kind,insulin,units,note\r\n"
            + "\(F.id(2)),2025-06-15T19:00:00+09:00,rapid,Fiasp,4.5,'=SUM(A1)\r\n"
            + "\(F.id(1)),2025-06-15T20:00:00+09:00,long,Tresiba,22,\"night, \"\"late\"\"\"\r\n")
        let sets = try F.text(entries, "csv/sets.csv").components(separatedBy: "\r\n")
        #expect(sets[0] == "workout_id,date,started_at,workout,kind,set,exercise,warmup,weight_kg,reps,seconds,distance_m,calories_kcal,rpe,rir")
        #expect(sets[1] == "\(F.id(20)),2025-06-14,2025-06-14T21:00:00+09:00,\"Push\nday\",strength,0,bench,yes,60,5,,,,,")
        #expect(sets[2] == "\(F.id(20)),2025-06-14,2025-06-14T21:00:00+09:00,\"Push\nday\",strength,1,bench,no,80,5,,,,8.5,1")
        let weight = try F.text(entries, "csv/weight.csv")
        #expect(weight == "id,taken_at,weight_kg,body_fat_percent,muscle_kg\r\n\(F.id(60)),2025-06-15T16:00:00+09:00,72.5,18.2,\r\n")
        let intakes = try F.text(entries, "csv/supplements.csv")
        #expect(intakes.contains(",Creatine,5,g,08:00\r\n"))
        let activities = try F.text(entries, "csv/activities.csv")
        #expect(activities.contains("gpx/run-\(F.id(40)).gpx"))
        let meals = try F.text(entries, "csv/meals.csv")
        #expect(meals.contains(",2025-06-15,lunch,김밥,1 roll,230,322,"))
    }

    @Test func gpxNightscoutAndQuestCopies() throws {
        let fixture = try F.filled()
        let (entries, _) = try fixture.export()
        let gpx = try F.text(entries, "gpx/run-\(F.id(40)).gpx")
        #expect(gpx.contains(#"<gpx version="1.1""#))
        #expect(gpx.components(separatedBy: "<trkpt").count == 4)
        #expect(try LibXMLGPXReader.read(data: Data(gpx.utf8), name: "run.gpx", maximumBytes: 1 << 20).tracks.first?.segments.first?.count == 3)

        let treatments = try F.json(entries, "nightscout/treatments.json")
        #expect(treatments.count == 2) // the deleted dose left out
        let rapid = treatments[0]
        #expect(rapid["eventType"] as? String == "Correction Bolus")
        #expect(rapid["insulin"] as? Double == 4.5)
        #expect(rapid["enteredBy"] as? String == "tend")
        #expect(rapid["created_at"] as? String == "2025-06-15T10:00:00.000Z")
        #expect(rapid["utcOffset"] as? Int == 540)
        let long = treatments[1]
        #expect(long["eventType"] as? String == "Note")
        #expect(long["insulin"] == nil)
        #expect((long["notes"] as? String)?.hasPrefix("Long-acting insulin: Tresiba 22 U") == true)
        let injections = try JSONSerialization.jsonObject(with: Data((long["insulinInjections"] as! String).utf8)) as! [[String: Any]]
        #expect(injections[0]["insulin"] as? String == "Tresiba")
        #expect(injections[0]["units"] as? Double == 22)

        let journey = try F.text(entries, "quest/\(F.id(50)).md")
        #expect(journey.hasPrefix("# Journey — Bori\n"))
        #expect(journey.contains("## Quest 1\n\n한 줄\n"))
    }

    @Test func theZipIsReadByUnzip() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unzip") else { return }
        let fixture = try F.filled()
        let path = FileManager.default.temporaryDirectory.path + "/tend-export-\(UUID().uuidString).zip"
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try fixture.store.export(ownerID: F.owner, to: path, appVersion: "9.9.9") { _, _ in }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        process.arguments = ["-tq", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(!FileManager.default.fileExists(atPath: path + ".partial-\(ProcessInfo.processInfo.processIdentifier)"))
    }

    @Test func anEmptyDatabaseGivesEveryFileEmpty() throws {
        let fixture = try F.empty()
        let (entries, counts) = try fixture.export()
        #expect(counts.total == 0)
        #expect(try F.text(entries, "data/insulin_doses.json") == "[]\n")
        #expect(try F.text(entries, "csv/doses.csv") == "id,taken_at,kind,insulin,units,note\r\n")
        #expect(try F.text(entries, "nightscout/treatments.json") == "[]\n")
    }

    @Test func aFolderThatDoesNotExistIsAClearError() throws {
        let fixture = try F.empty()
        #expect(throws: AppError.self) {
            _ = try fixture.store.export(ownerID: F.owner, to: "/nonexistent-folder/x.zip", appVersion: "1") { _, _ in }
        }
    }

    @Test func theServerExportAddsTheCoupleContentTheAccountAuthored() throws {
        let fixture = try F.filled()
        try fixture.addCouple()
        let photo = Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])
        var bytes = Data()
        let counts = try fixture.store.exportAccount(accountID: F.owner, appVersion: "9.9.9", photo: { hash in
            hash == "abc" ? photo : nil
        }, sink: { bytes.append($0) })
        #expect(counts.counts["insulin_doses"] == 3)
        let entries = try ExportZip.read(bytes)
        let moods = try F.json(entries, "couple/moods.json")
        #expect(moods.map { $0["mood"] as? String } == ["happy"]) // not the partner's
        #expect(entries.first { $0.name == "couple/photos/\(F.id(71)).png" }?.data == photo)
        let manifest = try JSONSerialization.jsonObject(with: entries[0].data) as! [String: Any]
        #expect((manifest["couple_counts"] as? [String: Int])?["couple_moods"] == 1)
    }

    @Test func zipWriterEntriesAndCRC() throws {
        #expect(CRC32.checksum(Data("123456789".utf8)) == 0xCBF4_3926)
        var bytes = Data()
        let zip = ZipWriter { bytes.append($0) }
        try zip.add("a.txt", Data("hello".utf8))
        try zip.add("empty", Data())
        #expect(throws: AppError.self) { try zip.add("a.txt", Data()) }
        #expect(throws: AppError.self) { try zip.add("../x", Data()) }
        try zip.finish()
        let entries = try ExportZip.read(bytes)
        #expect(entries.map(\.name) == ["a.txt", "empty"])
        #expect(entries[0].data == Data("hello".utf8))
    }
}

/// A database with one of everything for the owner, and rows of another owner beside them.
struct ExportFixture {
    /// 2025-06-15T12:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_749_988_800)
    static let ms: Int64 = 1_749_988_800_000
    static let owner = "local"

    static func id(_ number: Int) -> String { String(format: "0197732a-0000-7000-8000-%012d", number) }

    let database: Database
    let store: SQLitePersonalDataStore

    static func empty(now: Date = now) throws -> ExportFixture {
        let database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database, now: now)
        return ExportFixture(database: database, store: SQLitePersonalDataStore(database: database, clock: FixedClock(now)))
    }

    static let trackDocument = GPXDocument(creator: "Watch", tracks: [GPXTrack(name: "Han river", segments: [[
        TrackPoint(latitude: 37.5, longitude: 127.0, elevation: 20, time: Date(timeIntervalSince1970: 1_749_981_600)),
        TrackPoint(latitude: 37.501, longitude: 127.001, elevation: 21, time: Date(timeIntervalSince1970: 1_749_981_610)),
        TrackPoint(latitude: 37.502, longitude: 127.002, elevation: 22.5, time: Date(timeIntervalSince1970: 1_749_981_620.5)),
    ]])])
    static var trackBlob: Data { TrackCodec.encode(trackDocument) }

    static func filled() throws -> ExportFixture {
        let fixture = try empty()
        try fixture.fill()
        return fixture
    }

    func insert(_ table: String, _ values: [String: SQLValue], owner: String? = ExportFixture.owner) throws {
        var values = values
        if let owner { values["owner_id"] = .text(owner) }
        values["created_at"] = values["created_at"] ?? .integer(Self.ms)
        values["updated_at"] = values["updated_at"] ?? .integer(Self.ms)
        let names = values.keys.sorted()
        try database.execute("INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))",
                             names.map { values[$0]! })
    }

    func fill() throws {
        let ms = Self.ms
        let id = Self.id
        try insert("insulin_settings", ["id": .text(id(10)), "long_name": "Tresiba", "long_units": 22.0, "rapid_name": "Fiasp",
                                        "rapid_units": 4.0, "day_start_minutes": 240, "time_zone": "Asia/Seoul", "long_guard_minutes": 720,
                                        "rapid_window_minutes": 10, "reminder_minutes": 1260])
        try insert("insulin_doses", ["id": .text(id(1)), "kind": "long", "units": 22.0, "taken_at": .integer(ms - 3_600_000),
                                     "note": "night, \"late\""])
        try insert("insulin_doses", ["id": .text(id(2)), "kind": "rapid", "units": 4.5, "taken_at": .integer(ms - 7_200_000),
                                     "note": "=SUM(A1)"])
        try insert("insulin_doses", ["id": .text(id(3)), "kind": "rapid", "units": 3.0, "taken_at": .integer(ms - 10_800_000),
                                     "deleted_at": .integer(ms)])
        try insert("insulin_doses", ["id": .text(id(99)), "kind": "rapid", "units": 3.0, "taken_at": .integer(ms)], owner: "someone-else")

        try insert("workouts", ["id": .text(id(20)), "started_at": .integer(ms - 86_400_000), "kind": "strength", "title": "Push\nday",
                                "duration_min": 45.0, "felt": 4])
        for (position, weight, warmup) in [(1, 80.0, 0), (0, 60.0, 1)] {
            try database.execute("INSERT INTO workout_sets (workout_id, position, exercise, weight_kg, reps, warmup, rpe, rir) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                                 [.text(id(20)), .integer(Int64(position)), "bench", .real(weight), 5, .integer(Int64(warmup)),
                                  warmup == 0 ? 8.5 : nil, warmup == 0 ? 1 : nil])
        }
        try insert("foods", ["id": .text("custom:" + id(30)), "source": "custom", "name": "김밥", "kcal": 140.0, "protein_g": 4.0,
                             "carbs_g": 25.0, "fat_g": 3.0, "rank_penalty": 0.0, "head": "kimbap"])
        try insert("foods", ["id": "usda:01001", "source": "usda", "name": "Butter", "kcal": 717.0, "protein_g": 0.9,
                             "carbs_g": 0.1, "fat_g": 81.0, "rank_penalty": 0.0, "head": "butter"], owner: nil)
        try database.execute("INSERT INTO food_measures (food_id, position, amount, name, grams) VALUES (?, 0, 1.0, 'roll', 230.0)",
                             [.text("custom:" + id(30))])
        for name in ["Sodium", "Fat"] {
            try database.execute("INSERT INTO food_nutrients (food_id, name, amount, unit) VALUES (?, ?, 1.0, 'g')", [.text("custom:" + id(30)), .text(name)])
        }
        try insert("diet_entries", ["id": .text(id(31)), "day": "2025-06-15", "meal": "lunch", "food_id": .text("custom:" + id(30)),
                                    "name": "김밥", "grams": 230.0, "amount_text": "1 roll", "kcal": 322.0, "protein_g": 9.2,
                                    "carbs_g": 57.5, "fat_g": 6.9])
        try insert("activities", ["id": .text(id(40)), "kind": "run", "name": "Han river", "started_at": .integer(ms - 7_200_000),
                                  "duration_s": 1800.0, "distance_m": 5000.0, "source": "gpx", "track": .blob(Self.trackBlob)])
        try insert("activities", ["id": .text(id(41)), "kind": "hike", "name": "Bukhansan", "started_at": .integer(ms - 86_400_000),
                                  "duration_s": 14_400.0, "distance_m": 9000.0, "source": "manual"])
        try insert("quest_journeys", ["id": .text(id(50)), "style": "question", "nickname": "Bori", "feeling": "sad", "pace_days": 1,
                                      "time_zone": "Asia/Seoul", "started_at": .integer(ms - 86_400_000)])
        try insert("quest_entries", ["id": .text(id(51)), "journey_id": .text(id(50)), "quest_number": 1, "answer": "한 줄",
                                     "completed_at": .integer(ms)])
        try insert("weights", ["id": .text(id(60)), "taken_at": .integer(ms - 18_000_000), "kg": 72.5, "fat_percent": 18.2])
        try insert("supplements", ["id": .text(id(61)), "name": "Creatine", "amount": 5.0, "unit": "g", "times": "08:00", "weekdays": ""])
        try insert("supplement_intakes", ["id": .text(id(62)), "supplement_id": .text(id(61)), "day": "2025-06-15", "slot_minutes": 480,
                                          "taken_at": .integer(ms - 36_000_000)])
    }

    /// Two accounts in a couple, each with a mood; the owner with a photo.
    func addCouple() throws {
        let id = Self.id
        try database.execute("INSERT INTO couples (id, created_at, updated_at) VALUES (?, 0, 0)", [.text(id(70))])
        try insert("couple_moods", ["id": .text(id(72)), "couple_id": .text(id(70)), "author_id": .text(Self.owner), "day": "2025-06-15",
                                    "mood": "happy"], owner: nil)
        try insert("couple_moods", ["id": .text(id(73)), "couple_id": .text(id(70)), "author_id": "partner", "day": "2025-06-15",
                                    "mood": "tired"], owner: nil)
        try insert("couple_photos", ["id": .text(id(71)), "couple_id": .text(id(70)), "author_id": .text(Self.owner), "day": "2025-06-15",
                                     "sha256": "abc", "format": "png", "byte_count": 7], owner: nil)
    }

    func export(now: Date = ExportFixture.now) throws -> (entries: [ExportZip.Entry], counts: PersonalDataCounts) {
        var bytes = Data()
        let store = SQLitePersonalDataStore(database: database, clock: FixedClock(now))
        let counts = try store.writeArchive(on: database, ownerID: Self.owner, appVersion: "9.9.9", language: .en, couplePhoto: nil, progress: { _, _ in },
                                            sink: { bytes.append($0) })
        return (try ExportZip.read(bytes), counts)
    }

    func exportBytes(now: Date) throws -> Data {
        var bytes = Data()
        let store = SQLitePersonalDataStore(database: database, clock: FixedClock(now))
        _ = try store.writeArchive(on: database, ownerID: Self.owner, appVersion: "9.9.9", language: .en, couplePhoto: nil, progress: { _, _ in }, sink: { bytes.append($0) })
        return bytes
    }

    static func text(_ entries: [ExportZip.Entry], _ name: String) throws -> String {
        guard let entry = entries.first(where: { $0.name == name }) else { throw AppError.notFound("no \(name)", code: "missing") }
        return String(decoding: entry.data, as: UTF8.self)
    }

    static func json(_ entries: [ExportZip.Entry], _ name: String) throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: Data(try text(entries, name).utf8)) as! [[String: Any]]
    }
}

/// Reads back a zip of stored entries through its central directory, checking each CRC.
enum ExportZip {
    struct Entry { let name: String; let data: Data }

    static func read(_ data: Data) throws -> [Entry] {
        let bytes = [UInt8](data)
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        let end = bytes.count - 22
        guard end >= 0, u32(end) == 0x0605_4B50 else { throw AppError.invalidInput("no end record", code: "zip") }
        let count = u16(end + 10)
        var at = u32(end + 16)
        var entries: [Entry] = []
        for _ in 0..<count {
            guard u32(at) == 0x0201_4B50, u16(at + 10) == 0 else { throw AppError.invalidInput("bad central entry", code: "zip") }
            let crc = UInt32(u32(at + 16))
            let size = u32(at + 20)
            let nameLength = u16(at + 28)
            let extra = u16(at + 30)
            let comment = u16(at + 32)
            let local = u32(at + 42)
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            guard u32(local) == 0x0403_4B50, u16(local + 12) == 0x21 else { throw AppError.invalidInput("bad local header", code: "zip") }
            let start = local + 30 + u16(local + 26) + u16(local + 28)
            let body = Data(bytes[start..<(start + size)])
            guard CRC32.checksum(body) == crc else { throw AppError.invalidInput("bad crc for \(name)", code: "zip") }
            entries.append(Entry(name: name, data: body))
            at += 46 + nameLength + extra + comment
        }
        return entries
    }
}
