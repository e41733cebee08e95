import FoundationEssentials
import Core
import Domain

extension ArchiveExporter {
    // MARK: - quest/

    /// `quest/<journey-id>.md` for each live journey: its nickname, style, starting feeling and
    /// dates, then each answered quest by number (with its stage and title when the quest
    /// content is at hand), its answer, reflection and feeling.
    func writeQuests() throws {
        try livePages("id, style, nickname, feeling, time_zone, started_at, completed_at", from: "quest_journeys", keys: ["id"]) { journeys in
            for journey in journeys { try writeJourney(journey) }
        }
    }

    private func writeJourney(_ journey: Row) throws {
        let id = journey["id"].textValue
        let style = journey["style"].textValue
        let zone = TimeZone(identifier: journey["time_zone"].textValue) ?? .gmt
        var out = ["# Journey — \(journey["nickname"].textValue)", ""]
        out.append("- Style: \(style)")
        out.append("- Feeling at the start: \(journey["feeling"].textValue)")
        out.append("- Started: \(CSVTable.day(journey["started_at"], zone: zone))")
        out.append("- Finished: " + (journey["completed_at"] == .null ? "in progress" : CSVTable.day(journey["completed_at"], zone: zone)))
        // A journey holds at most a few dozen entries.
        let entries = try database.query(
            "SELECT id, quest_number, answer, reflection, felt, completed_at FROM quest_entries "
                + "WHERE owner_id = ? AND journey_id = ? AND deleted_at IS NULL ORDER BY quest_number, completed_at, id",
            [.text(ownerID), .text(id)])
        for entry in entries {
            let number = Int(entry["quest_number"].intValue)
            out += ["", quests?.heading(style: style, number: number) ?? ExportQuestTitles.plainHeading(number), ""]
            if let answer = entry["answer"].textValue.nilIfBlank { out += [answer, ""] }
            if let reflection = entry["reflection"].textValue.nilIfBlank { out += [reflection, ""] }
            if let felt = entry["felt"].textValue.nilIfBlank { out += ["(felt: \(felt))", ""] }
            out.append("_done \(CSVTable.day(entry["completed_at"], zone: zone))_")
        }
        try add("quest/\(id).md", out.joined(separator: "\n") + "\n")
    }
}
