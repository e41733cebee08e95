import FoundationEssentials
import Core
import Domain
import Dispatch
import Synchronization

/// The export archive (docs/export.md is its reference): `manifest.json`, `data/<table>.json` for
/// every table of `SyncSchema` (every row the owner has, deleted ones too, every column), CSV
/// for spreadsheets, one GPX file per tracked run or hike, the doses as Nightscout treatments,
/// the quest journeys as Markdown and, from the server, `couple/`. Everything is read in one
/// read transaction, so the archive is one consistent state, and written in a fixed order with
/// fixed formats, so the same data gives the same bytes apart from `exported_at`.
extension SQLitePersonalDataStore: AccountExporter {
    public func export(ownerID: String, to path: String, appVersion: String, progress: (Int, Int) -> Void) throws -> PersonalDataCounts {
        let file = try ExportFile(path: path)
        let counts = try writeArchive(ownerID: ownerID, appVersion: appVersion, couplePhoto: nil, progress: progress, sink: file.write)
        try file.commit()
        return counts
    }

    public func exportAccount(accountID: String, appVersion: String, photo: (String) throws -> Data?,
                              sink: (Data) throws -> Void) throws -> PersonalDataCounts {
        try withoutActuallyEscaping(photo) { photo in
            try writeArchive(ownerID: accountID, appVersion: appVersion, couplePhoto: photo, progress: { _, _ in }, sink: sink)
        }
    }

    /// The archive, to `sink`. `couplePhoto` set: the server's export, with `couple/`.
    func writeArchive(ownerID: String, appVersion: String, couplePhoto: ((String) throws -> Data?)?,
                      progress: (Int, Int) -> Void, sink: (Data) throws -> Void) throws -> PersonalDataCounts {
        try withoutActuallyEscaping(sink) { sink in try withoutActuallyEscaping(progress) { progress in
            try database.read {
                try database.executeScript("BEGIN") // one snapshot for every table
                defer { try? database.executeScript("COMMIT") }
                var exporter = ArchiveExporter(database: database, ownerID: ownerID, zip: ZipWriter(sink: sink), progress: progress)
                return try exporter.run(appVersion: appVersion, now: clock.now, couplePhoto: couplePhoto)
            }
        } }
    }
}

/// One export in progress.
struct ArchiveExporter {
    let database: Database
    let ownerID: String
    let zip: ZipWriter
    let progress: (Int, Int) -> Void
    private var done = 0
    private var total = 0
    /// The rows read for `data/`, kept for the CSV, GPX, Nightscout and Markdown files.
    private var tables: [String: [Row]] = [:]
    private var children: [String: [String: [Row]]] = [:]

    init(database: Database, ownerID: String, zip: ZipWriter, progress: @escaping (Int, Int) -> Void) {
        self.database = database
        self.ownerID = ownerID
        self.zip = zip
        self.progress = progress
    }

    mutating func run(appVersion: String, now: Date, couplePhoto: ((String) throws -> Data?)?) throws -> PersonalDataCounts {
        var counts: [String: Int] = [:]
        for table in SyncSchema.tables {
            counts[table.name] = try database.queryOne("SELECT COUNT(*) AS n FROM \(table.name) WHERE owner_id = ?",
                                                       [.text(ownerID)])?.get("n") ?? 0
        }
        var coupleCounts: [String: Int] = [:]
        if couplePhoto != nil {
            for name in Self.coupleTables {
                coupleCounts[name] = try database.queryOne("SELECT COUNT(*) AS n FROM \(name) WHERE author_id = ?",
                                                           [.text(ownerID)])?.get("n") ?? 0
            }
        }
        total = counts.values.reduce(0, +) + coupleCounts.values.reduce(0, +)
        progress(0, total)

        let zone = try personZone()
        try add("manifest.json", Self.manifest(counts: counts, coupleCounts: couplePhoto == nil ? nil : coupleCounts,
                                               exportedAt: ISO8601.format(now, in: zone), appVersion: appVersion))
        for table in SyncSchema.tables { try exportTable(table) }
        try writeCSV(zone: zone)
        try writeGPX()
        try add("nightscout/treatments.json", nightscoutTreatments(zone: zone))
        try writeQuests()
        if let couplePhoto { try writeCouple(photo: couplePhoto) }
        try zip.finish()
        progress(total, total)
        return PersonalDataCounts(counts)
    }

    private func add(_ name: String, _ text: String) throws {
        try zip.add(name, Data(text.utf8))
    }

    private mutating func advance(_ rows: Int) {
        let before = done / 1000
        done += rows
        if done / 1000 != before { progress(min(done, total), total) }
    }

    // MARK: - manifest.json and data/

    static func manifest(counts: [String: Int], coupleCounts: [String: Int]?, exportedAt: String, appVersion: String) -> String {
        func numbers(_ counts: [String: Int]) -> String {
            ExportJSON.object(counts.sorted { $0.key < $1.key }.map { ($0.key, String($0.value)) })
        }
        var pairs: [(key: String, json: String)] = [
            ("app_version", appVersion.jsonQuoted), ("counts", numbers(counts)),
        ]
        if let coupleCounts { pairs.append(("couple_counts", numbers(coupleCounts))) }
        pairs += [("exported_at", exportedAt.jsonQuoted), ("format", ExportFormat.name.jsonQuoted),
                  ("format_version", String(ExportFormat.version))]
        return ExportJSON.object(pairs) + "\n"
    }

    /// `data/<table>.json`: every row of the owner by id, each with `id`, every column, `deleted_at`
    /// and its children as arrays, keys sorted.
    private mutating func exportTable(_ table: SyncTable) throws {
        let columns = ["id", "deleted_at"] + table.columns.map(\.name)
        let rows = try database.query("SELECT \(columns.joined(separator: ", ")) FROM \(table.name) WHERE owner_id = ? ORDER BY id",
                                       [.text(ownerID)])
        var childRows: [String: [String: [Row]]] = [:]
        for child in table.children {
            let names = child.columns.map { "c.\($0.name)" }.joined(separator: ", ")
            let found = try database.query(
                "SELECT c.\(child.parentColumn) AS parent_id, \(names) FROM \(child.table) c JOIN \(table.name) p ON p.id = c.\(child.parentColumn) "
                    + "WHERE p.owner_id = ? ORDER BY c.\(child.parentColumn), c.\(child.orderBy), c.rowid", [.text(ownerID)])
            var byParent: [String: [Row]] = [:]
            for row in found {
                guard case .text(let parent) = row.values[0] else { continue }
                byParent[parent, default: []].append(row)
            }
            childRows[child.field] = byParent
        }
        enum Source { case column(Int), child(SyncTable.Child) }
        let keys: [(name: String, source: Source)] = (columns.enumerated().map { ($0.element, Source.column($0.offset)) }
            + table.children.map { ($0.field, Source.child($0)) }).sorted { $0.0 < $1.0 }
        var elements: [String] = []
        elements.reserveCapacity(rows.count)
        for row in rows {
            let id: String = (try? row.get("id")) ?? ""
            elements.append(ExportJSON.object(keys.map { key in
                switch key.source {
                case .column(let index): return (key.name, ExportJSON.value(row.values[index]))
                case .child(let child): return (key.name, Self.childArray(childRows[child.field]?[id] ?? [], child: child))
                }
            }))
            advance(1)
        }
        try add("data/\(table.name).json", ExportJSON.array(elements))
        tables[table.name] = rows
        for (field, byParent) in childRows { children["\(table.name).\(field)"] = byParent }
    }

    /// A parent's child rows in their order, keys sorted (the parent column left out).
    static func childArray(_ rows: [Row], child: SyncTable.Child) -> String {
        let keys = child.columns.enumerated().map { ($0.element.name, $0.offset + 1) }.sorted { $0.0 < $1.0 }
        return "[" + rows.map { row in ExportJSON.object(keys.map { ($0.0, ExportJSON.value(row.values[$0.1])) }) }
            .joined(separator: ",") + "]"
    }

    // MARK: - The person's zone

    /// The insulin settings' zone, else the machine's.
    private func personZone() throws -> TimeZone {
        let row = try database.queryOne(
            "SELECT time_zone FROM insulin_settings WHERE owner_id = ? ORDER BY deleted_at IS NOT NULL, updated_at DESC LIMIT 1",
            [.text(ownerID)])
        if let name: String = try row?.get("time_zone"), let zone = TimeZone(identifier: name) { return zone }
        return TimeZone.current
    }

    // MARK: - csv/

    func live(_ table: String) -> [Row] {
        (tables[table] ?? []).filter { $0["deleted_at"] == .null }
    }

    private func writeCSV(zone: TimeZone) throws {
        let settings = live("insulin_settings").first
        var doses = CSVTable(header: ["id", "taken_at", "kind", "insulin", "units", "note"])
        for row in live("insulin_doses").sorted(by: Self.byTime("taken_at")) {
            let kind = CSVTable.text(row["kind"])
            let name = settings.map { CSVTable.text($0[kind == "long" ? "long_name" : "rapid_name"]) } ?? ""
            doses.addRow([CSVTable.text(row["id"]), CSVTable.time(row["taken_at"], zone: zone), kind, name,
                          CSVTable.number(row["units"]), CSVTable.text(row["note"])])
        }
        try add("csv/doses.csv", doses.text)

        var sets = CSVTable(header: ["workout_id", "date", "started_at", "workout", "kind", "set", "exercise", "warmup", "weight_kg",
                                     "reps", "seconds", "distance_m", "calories_kcal", "rpe", "rir"])
        let setsByWorkout = children["workouts.sets"] ?? [:]
        for workout in live("workouts").sorted(by: Self.byTime("started_at")) {
            guard case .text(let id) = workout["id"] else { continue }
            for set in setsByWorkout[id] ?? [] {
                sets.addRow([id, CSVTable.day(workout["started_at"], zone: zone), CSVTable.time(workout["started_at"], zone: zone),
                             CSVTable.text(workout["title"]), CSVTable.text(workout["kind"]), CSVTable.number(set["position"]),
                             CSVTable.text(set["exercise"]), set["warmup"] == .integer(1) ? "yes" : "no",
                             CSVTable.number(set["weight_kg"]), CSVTable.number(set["reps"]), CSVTable.number(set["seconds"]),
                             CSVTable.number(set["metres"]), CSVTable.number(set["calories"]), CSVTable.number(set["rpe"]),
                             CSVTable.number(set["rir"])])
            }
        }
        try add("csv/sets.csv", sets.text)

        var meals = CSVTable(header: ["id", "date", "meal", "food", "amount", "weight_g", "energy_kcal", "protein_g", "carbs_g", "fat_g",
                                      "food_id", "logged_at"])
        for row in live("diet_entries").sorted(by: { ($0["day"].textValue, $0["created_at"].intValue, $0["id"].textValue)
                                                   < ($1["day"].textValue, $1["created_at"].intValue, $1["id"].textValue) }) {
            meals.addRow([CSVTable.text(row["id"]), CSVTable.text(row["day"]), CSVTable.text(row["meal"]), CSVTable.text(row["name"]),
                          CSVTable.text(row["amount_text"]), CSVTable.number(row["grams"]), CSVTable.number(row["kcal"]),
                          CSVTable.number(row["protein_g"]), CSVTable.number(row["carbs_g"]), CSVTable.number(row["fat_g"]),
                          CSVTable.text(row["food_id"]), CSVTable.time(row["created_at"], zone: zone)])
        }
        try add("csv/meals.csv", meals.text)

        var weights = CSVTable(header: ["id", "taken_at", "weight_kg", "body_fat_percent", "muscle_kg"])
        for row in live("weights").sorted(by: Self.byTime("taken_at")) {
            weights.addRow([CSVTable.text(row["id"]), CSVTable.time(row["taken_at"], zone: zone), CSVTable.number(row["kg"]),
                            CSVTable.number(row["fat_percent"]), CSVTable.number(row["muscle_kg"])])
        }
        try add("csv/weight.csv", weights.text)

        var supplementsByID: [String: Row] = [:]
        for row in tables["supplements"] ?? [] { if case .text(let id) = row["id"] { supplementsByID[id] = row } }
        var intakes = CSVTable(header: ["id", "date", "taken_at", "supplement", "amount", "unit", "slot"])
        for row in live("supplement_intakes").sorted(by: Self.byTime("taken_at")) {
            let supplement = supplementsByID[row["supplement_id"].textValue]
            let slot: String
            if case .integer(let minutes) = row["slot_minutes"] {
                slot = Self.pad(Int(minutes) / 60, 2) + ":" + Self.pad(Int(minutes) % 60, 2)
            } else {
                slot = ""
            }
            intakes.addRow([CSVTable.text(row["id"]), CSVTable.text(row["day"]), CSVTable.time(row["taken_at"], zone: zone),
                            supplement.map { CSVTable.text($0["name"]) } ?? "", supplement.map { CSVTable.number($0["amount"]) } ?? "",
                            supplement.map { CSVTable.text($0["unit"]) } ?? "", slot])
        }
        try add("csv/supplements.csv", intakes.text)

        var activities = CSVTable(header: ["id", "kind", "name", "started_at", "duration_s", "moving_time_s", "distance_m",
                                           "elevation_gain_m", "elevation_loss_m", "source", "gpx"])
        for row in live("activities").sorted(by: Self.byTime("started_at")) {
            activities.addRow([CSVTable.text(row["id"]), CSVTable.text(row["kind"]), CSVTable.text(row["name"]),
                               CSVTable.time(row["started_at"], zone: zone), CSVTable.number(row["duration_s"]),
                               CSVTable.number(row["moving_time_s"]), CSVTable.number(row["distance_m"]),
                               CSVTable.number(row["elevation_gain_m"]), CSVTable.number(row["elevation_loss_m"]),
                               CSVTable.text(row["source"]), Self.gpxName(row) ?? ""])
        }
        try add("csv/activities.csv", activities.text)
    }

    /// Earliest first, then by id.
    static func byTime(_ column: String) -> (Row, Row) -> Bool {
        { ($0[column].intValue, $0["id"].textValue) < ($1[column].intValue, $1["id"].textValue) }
    }

    // MARK: - gpx/

    /// `gpx/<kind>-<id>.gpx` for an activity with a track (in Tend's track encoding).
    static func gpxName(_ row: Row) -> String? {
        guard case .blob(let track) = row["track"], track.starts(with: TrackCodec.magic) else { return nil }
        return "gpx/\(row["kind"].textValue)-\(row["id"].textValue).gpx"
    }

    /// The GPX files are written in batches, each batch's documents rendered on every core at
    /// once and added in order, so that a long history takes less wall time and the same bytes.
    private func writeGPX() throws {
        let tracked: [(name: String, track: Data)] = live("activities").compactMap { row in
            guard let name = Self.gpxName(row), case .blob(let track) = row["track"] else { return nil }
            return (name, track)
        }
        let batchSize = 32
        for start in stride(from: 0, to: tracked.count, by: batchSize) {
            let batch = Array(tracked[start..<min(start + batchSize, tracked.count)])
            let rendered = RenderedBatch(count: batch.count)
            DispatchQueue.concurrentPerform(iterations: batch.count) { index in
                rendered.set(index, (try? TrackCodec.decode(batch[index].track)).map { Data(GPXWriter.write($0).utf8) })
            }
            for (index, entry) in batch.enumerated() {
                guard let data = rendered.get(index) else { continue }
                try zip.add(entry.name, data)
            }
        }
    }

    // MARK: - quest/

    private func writeQuests() throws {
        var entries: [String: [Row]] = [:]
        for row in live("quest_entries") { entries[row["journey_id"].textValue, default: []].append(row) }
        for journey in live("quest_journeys") {
            let id = journey["id"].textValue
            let zone = TimeZone(identifier: journey["time_zone"].textValue) ?? .gmt
            var out = ["# Journey — \(journey["nickname"].textValue)", ""]
            out.append("- Style: \(journey["style"].textValue)")
            out.append("- Feeling at the start: \(journey["feeling"].textValue)")
            out.append("- Started: \(CSVTable.day(journey["started_at"], zone: zone))")
            out.append("- Finished: " + (journey["completed_at"] == .null ? "in progress" : CSVTable.day(journey["completed_at"], zone: zone)))
            let ordered = (entries[id] ?? []).sorted {
                ($0["quest_number"].intValue, $0["completed_at"].intValue, $0["id"].textValue)
                    < ($1["quest_number"].intValue, $1["completed_at"].intValue, $1["id"].textValue)
            }
            for entry in ordered {
                out += ["", "## Quest \(entry["quest_number"].intValue)", ""]
                if let answer = entry["answer"].textValue.nilIfBlank { out += [answer, ""] }
                if let reflection = entry["reflection"].textValue.nilIfBlank { out += [reflection, ""] }
                if let felt = entry["felt"].textValue.nilIfBlank { out += ["(felt: \(felt))", ""] }
                out.append("_done \(CSVTable.day(entry["completed_at"], zone: zone))_")
            }
            try add("quest/\(id).md", out.joined(separator: "\n") + "\n")
        }
    }

    // MARK: - couple/ (the server's export)

    static let coupleTables = ["couple_moods", "couple_events", "couple_care", "couple_meetings", "couple_photos"]

    /// `couple/<table>.json`: the rows the account authored, every column, keys sorted; then the
    /// stored bytes of each of its photos as `couple/photos/<id>.<format>`.
    private mutating func writeCouple(photo: (String) throws -> Data?) throws {
        for name in Self.coupleTables {
            let rows = try database.query("SELECT * FROM \(name) WHERE author_id = ? ORDER BY id", [.text(ownerID)])
            var elements: [String] = []
            for row in rows {
                let keys = row.columns.enumerated().sorted { $0.element < $1.element }
                elements.append(ExportJSON.object(keys.map { ($0.element, ExportJSON.value(row.values[$0.offset])) }))
                advance(1)
            }
            try add("couple/\(name.dropFirst("couple_".count)).json", ExportJSON.array(elements))
            if name == "couple_photos" {
                for row in rows where row["deleted_at"] == .null {
                    let format = row["format"].textValue.filter { $0.isLetter || $0.isNumber }
                    guard let bytes = try photo(row["sha256"].textValue) else { continue }
                    try zip.add("couple/photos/\(row["id"].textValue).\(format.isEmpty ? "bin" : format)", bytes)
                }
            }
        }
    }
}

/// The GPX files of one batch, filled in by several threads at once.
final class RenderedBatch: Sendable {
    private let files: Mutex<[Data?]>

    init(count: Int) { files = Mutex(Array(repeating: nil, count: count)) }

    func set(_ index: Int, _ data: Data?) { files.withLock { $0[index] = data } }

    func get(_ index: Int) -> Data? { files.withLock { $0[index] } }
}

extension SQLValue {
    /// The text, or "" for any other value.
    var textValue: String {
        if case .text(let text) = self { return text }
        return ""
    }

    /// The integer (a whole real too), or 0.
    var intValue: Int64 {
        switch self {
        case .integer(let number): number
        case .real(let number) where number.isFinite && abs(number) < 9e18: Int64(number)
        default: 0
        }
    }
}
