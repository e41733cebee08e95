import HTTP

// The status is the API's most frequent answer (a widget and a lock-screen line poll it): written
// by hand, byte for byte what JSONEncoder makes of the Encodable conformances beside each type
// (keys in UTF-8 order, a nil optional of StatusJSON absent, DoseJSON's nil note written as null).
// StatusBytesTests and JSONWriterEquivalenceTests hold the two to the same bytes.

extension StatusJSON: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("insulin_day"); writer.string(insulinDay)
        writer.key("long"); long.write(to: &writer)
        writer.key("now"); writer.string(now)
        if let possibleDoubleDoses {
            writer.key("possible_double_doses")
            writer.beginArray()
            for warning in possibleDoubleDoses { warning.write(to: &writer) }
            writer.endArray()
        }
        writer.key("rapid"); rapid.write(to: &writer)
        writer.endObject()
    }
}

extension StatusJSON.Long {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("dose"); DoseJSON.write(dose, to: &writer)
        writer.key("due"); writer.bool(due)
        writer.key("guard_ends_at"); writer.string(guardEndsAt)
        writer.key("last_dose"); DoseJSON.write(lastDose, to: &writer)
        writer.key("name"); writer.string(name)
        writer.key("reminder"); writer.string(reminder)
        writer.key("taken"); writer.bool(taken)
        writer.endObject()
    }
}

extension StatusJSON.Rapid {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("count_today"); writer.number(countToday)
        writer.key("last_dose"); DoseJSON.write(lastDose, to: &writer)
        writer.key("name"); writer.string(name)
        writer.key("since_last_s"); writer.number(sinceLastS)
        writer.key("units_today"); writer.number(unitsToday)
        writer.endObject()
    }
}

extension DoseJSON: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("handle"); writer.string(handle)
        writer.key("id"); writer.string(id)
        writer.key("insulin_day"); writer.string(insulinDay)
        writer.key("kind"); writer.string(kind)
        writer.key("note"); writer.string(note)
        writer.key("taken_at"); writer.string(takenAt)
        writer.key("units"); writer.number(units)
        writer.endObject()
    }

    static func write(_ dose: DoseJSON?, to writer: inout JSONWriter) {
        if let dose { dose.write(to: &writer) } else { writer.null() }
    }
}

extension DoubleDoseJSON {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("conflict_id"); writer.string(conflictID)
        writer.key("detected_at"); writer.string(detectedAt)
        writer.key("doses")
        writer.beginArray()
        for dose in doses { dose.write(to: &writer) }
        writer.endArray()
        writer.key("handle"); writer.string(handle)
        writer.endObject()
    }
}
