import FoundationEssentials
import Core
import Domain
import Dispatch
import Synchronization

extension ArchiveExporter {
    // MARK: - csv/

    /// The live (not deleted) rows of the owner in `table`, a page at a time, by `keys`.
    func livePages(_ select: String, from table: String, keys: [String], pageSize: Int = ArchiveExporter.pageSize,
                   _ body: ([Row]) throws -> Void) throws {
        try pages(select, from: table, where: "owner_id = ? AND deleted_at IS NULL", [.text(ownerID)],
                  keys: keys.map { ($0, $0) }, pageSize: pageSize, body)
    }

    /// One CSV file, written row by row.
    func csv(_ name: String, header: [String], _ rows: (ZipEntryStream) throws -> Void) throws {
        try zip.addStreamed("csv/\(name)") { out in
            try out.write(CSVTable.line(header))
            try rows(out)
        }
    }

    func writeCSV(zone: TimeZone) throws {
        let settings = try insulinSettings()
        try csv("doses.csv", header: ["id", "taken_at", "kind", "insulin", "units", "note"]) { out in
            try livePages("id, taken_at, kind, units, note", from: "insulin_doses", keys: ["taken_at", "id"]) { rows in
                for row in rows {
                    let kind = CSVTable.text(row["kind"])
                    let name = settings.map { CSVTable.text($0[kind == "long" ? "long_name" : "rapid_name"]) } ?? ""
                    try out.write(CSVTable.line([CSVTable.text(row["id"]), CSVTable.time(row["taken_at"], zone: zone), kind, name,
                                                 CSVTable.number(row["units"]), CSVTable.text(row["note"])]))
                }
            }
        }

        let workouts = SyncSchema.tables.first { $0.name == "workouts" }
        try csv("sets.csv", header: ["workout_id", "date", "started_at", "workout", "kind", "set", "exercise", "warmup", "weight_kg",
                                     "reps", "seconds", "distance_m", "calories_kcal", "rpe", "rir"]) { out in
            try livePages("id, started_at, title, kind", from: "workouts", keys: ["started_at", "id"]) { page in
                let sets = try workouts.map { try childRows(of: $0, parents: page.map { $0["id"].textValue })["sets"] ?? [:] } ?? [:]
                for workout in page {
                    let id = workout["id"].textValue
                    for set in sets[id] ?? [] {
                        try out.write(CSVTable.line([
                            id, CSVTable.day(workout["started_at"], zone: zone), CSVTable.time(workout["started_at"], zone: zone),
                            CSVTable.text(workout["title"]), CSVTable.text(workout["kind"]), CSVTable.number(set["position"]),
                            CSVTable.text(set["exercise"]), set["warmup"] == .integer(1) ? "yes" : "no",
                            CSVTable.number(set["weight_kg"]), CSVTable.number(set["reps"]), CSVTable.number(set["seconds"]),
                            CSVTable.number(set["metres"]), CSVTable.number(set["calories"]), CSVTable.number(set["rpe"]),
                            CSVTable.number(set["rir"]),
                        ]))
                    }
                }
            }
        }

        try csv("meals.csv", header: ["id", "date", "meal", "food", "amount", "weight_g", "energy_kcal", "protein_g", "carbs_g", "fat_g",
                                      "food_id", "logged_at"]) { out in
            try livePages("id, day, meal, name, amount_text, grams, kcal, protein_g, carbs_g, fat_g, food_id, created_at",
                          from: "diet_entries", keys: ["day", "created_at", "id"]) { rows in
                for row in rows {
                    try out.write(CSVTable.line([
                        CSVTable.text(row["id"]), CSVTable.text(row["day"]), CSVTable.text(row["meal"]), CSVTable.text(row["name"]),
                        CSVTable.text(row["amount_text"]), CSVTable.number(row["grams"]), CSVTable.number(row["kcal"]),
                        CSVTable.number(row["protein_g"]), CSVTable.number(row["carbs_g"]), CSVTable.number(row["fat_g"]),
                        CSVTable.text(row["food_id"]), CSVTable.time(row["created_at"], zone: zone),
                    ]))
                }
            }
        }

        try csv("weight.csv", header: ["id", "taken_at", "weight_kg", "body_fat_percent", "muscle_kg"]) { out in
            try livePages("id, taken_at, kg, fat_percent, muscle_kg", from: "weights", keys: ["taken_at", "id"]) { rows in
                for row in rows {
                    try out.write(CSVTable.line([CSVTable.text(row["id"]), CSVTable.time(row["taken_at"], zone: zone),
                                                 CSVTable.number(row["kg"]), CSVTable.number(row["fat_percent"]),
                                                 CSVTable.number(row["muscle_kg"])]))
                }
            }
        }

        // A person keeps a handful of supplements (deleted ones too: an old intake names its own).
        var supplements: [String: Row] = [:]
        for row in try database.query("SELECT id, name, amount, unit FROM supplements WHERE owner_id = ?", [.text(ownerID)]) {
            supplements[row["id"].textValue] = row
        }
        try csv("supplements.csv", header: ["id", "date", "taken_at", "supplement", "amount", "unit", "slot"]) { out in
            try livePages("id, day, taken_at, supplement_id, slot_minutes", from: "supplement_intakes", keys: ["taken_at", "id"]) { rows in
                for row in rows {
                    let supplement = supplements[row["supplement_id"].textValue]
                    var slot = ""
                    if case .integer(let minutes) = row["slot_minutes"] {
                        slot = Self.pad(Int(minutes) / 60, 2) + ":" + Self.pad(Int(minutes) % 60, 2)
                    }
                    try out.write(CSVTable.line([
                        CSVTable.text(row["id"]), CSVTable.text(row["day"]), CSVTable.time(row["taken_at"], zone: zone),
                        supplement.map { CSVTable.text($0["name"]) } ?? "", supplement.map { CSVTable.number($0["amount"]) } ?? "",
                        supplement.map { CSVTable.text($0["unit"]) } ?? "", slot,
                    ]))
                }
            }
        }

        try csv("activities.csv", header: ["id", "kind", "name", "started_at", "duration_s", "moving_time_s", "distance_m",
                                           "elevation_gain_m", "elevation_loss_m", "source", "gpx"]) { out in
            // The track's first bytes only: whether it has one, never the track itself.
            let select = "id, kind, name, started_at, duration_s, moving_time_s, distance_m, elevation_gain_m, elevation_loss_m, "
                + "source, substr(track, 1, \(TrackCodec.magic.count)) AS track"
            try livePages(select, from: "activities", keys: ["started_at", "id"]) { rows in
                for row in rows {
                    try out.write(CSVTable.line([
                        CSVTable.text(row["id"]), CSVTable.text(row["kind"]), CSVTable.text(row["name"]),
                        CSVTable.time(row["started_at"], zone: zone), CSVTable.number(row["duration_s"]),
                        CSVTable.number(row["moving_time_s"]), CSVTable.number(row["distance_m"]),
                        CSVTable.number(row["elevation_gain_m"]), CSVTable.number(row["elevation_loss_m"]),
                        CSVTable.text(row["source"]), Self.gpxName(row) ?? "",
                    ]))
                }
            }
        }
    }

    // MARK: - gpx/

    /// `gpx/<kind>-<id>.gpx` for an activity with a track (in Tend's track encoding).
    static func gpxName(_ row: Row) -> String? {
        guard case .blob(let track) = row["track"], track.starts(with: TrackCodec.magic) else { return nil }
        return "gpx/\(row["kind"].textValue)-\(row["id"].textValue).gpx"
    }

    /// Tracks rendered at once: enough to keep every core busy, few enough that the batch's
    /// tracks and documents stay a small, bounded amount of memory.
    static var gpxBatchSize: Int { max(4, 2 * ProcessInfo.processInfo.activeProcessorCount) }

    /// The GPX files, by activity id, in batches: each batch's documents rendered on every core
    /// at once and added in order, so that a long history takes less wall time and the same bytes.
    func writeGPX() throws {
        try livePages("id, kind, track", from: "activities", keys: ["id"], pageSize: Self.gpxBatchSize) { page in
            let batch: [(name: String, track: Data)] = page.compactMap { row in
                guard let name = Self.gpxName(row), case .blob(let track) = row["track"] else { return nil }
                return (name, track)
            }
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
}

/// The GPX files of one batch, filled in by several threads at once.
final class RenderedBatch: Sendable {
    private let files: Mutex<[Data?]>

    init(count: Int) { files = Mutex(Array(repeating: nil, count: count)) }

    func set(_ index: Int, _ data: Data?) { files.withLock { $0[index] = data } }

    func get(_ index: Int) -> Data? { files.withLock { $0[index] } }
}
