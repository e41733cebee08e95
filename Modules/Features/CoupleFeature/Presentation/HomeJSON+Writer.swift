import Domain
import HTTP

// The couple home is the space's most frequent answer (the app opens on it): written by hand,
// byte for byte what JSONEncoder makes of the Encodable conformances beside each type (keys in
// UTF-8 order; the explicit `encode(to:)`s write a nil as null). HomeJSONWriterTests holds the
// two to the same bytes.

extension HomeJSON: JSONWritable {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("bridge"); bridge.write(to: &writer)
        writer.key("call_window")
        if let callWindow {
            writer.beginObject()
            writer.key("ends_at"); writer.string(callWindow.endsAt)
            writer.key("starts_at"); writer.string(callWindow.startsAt)
            writer.endObject()
        } else {
            writer.null()
        }
        writer.key("date"); writer.string(date)
        writer.key("difference_s"); writer.number(differenceS)
        writer.key("meeting")
        if let meeting { meeting.write(to: &writer) } else { writer.null() }
        writer.key("members")
        writer.beginArray()
        for member in members { member.write(to: &writer) }
        writer.endArray()
        writer.key("recent")
        writer.beginArray()
        for moment in recent {
            writer.beginObject()
            writer.key("account_id"); writer.string(moment.accountID)
            writer.key("kind"); writer.string(moment.kind)
            writer.key("posted_at"); writer.string(moment.at)
            writer.key("text"); writer.string(moment.text)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }
}

extension HomeJSON.Member {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("account_id"); writer.string(accountID)
        writer.key("city"); writer.string(city)
        writer.key("daytime"); writer.bool(daytime)
        writer.key("display_name"); writer.string(displayName)
        writer.key("is_me"); writer.bool(isMe)
        writer.key("local_time"); writer.string(localTime)
        writer.key("mood")
        if let mood { mood.write(to: &writer) } else { writer.null() }
        writer.key("photo")
        if let photo { photo.write(to: &writer) } else { writer.null() }
        writer.key("time_zone"); writer.string(timeZone)
        writer.key("utc_offset"); writer.string(utcOffset)
        writer.key("weather")
        if let weather { weather.write(to: &writer) } else { writer.null() }
        writer.key("weather_configured"); writer.bool(weatherConfigured)
        writer.endObject()
    }
}

extension BridgeJSON {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("date"); writer.string(date)
        writer.key("parts")
        writer.beginObject()
        writer.key("calendar"); writer.number(parts.calendar)
        writer.key("care"); writer.number(parts.care)
        writer.key("mood"); writer.number(parts.mood)
        writer.key("photo"); writer.number(parts.photo)
        writer.endObject()
        writer.key("score"); writer.number(score)
        writer.key("stage"); writer.string(stage)
        writer.key("stage_label"); writer.string(stageLabel)
        writer.key("streak"); writer.number(streak)
        writer.endObject()
    }
}

extension MeetingJSON {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("countdowns")
        writer.beginArray()
        for countdown in countdowns {
            writer.beginObject()
            writer.key("account_id"); writer.string(countdown.accountID)
            writer.key("d_day"); writer.string(countdown.dDay)
            writer.endObject()
        }
        writer.endArray()
        writer.key("d_day"); writer.string(dDay)
        writer.key("date"); writer.string(date)
        writer.key("id"); writer.string(id)
        writer.key("place"); writer.string(place)
        writer.endObject()
    }
}

extension MoodJSON {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("account_id"); writer.string(accountID)
        writer.key("date"); writer.string(date)
        writer.key("id"); writer.string(id)
        writer.key("mood"); writer.string(mood)
        writer.key("note"); writer.string(note)
        writer.key("status"); writer.string(status)
        writer.key("updated_at"); writer.string(updatedAt)
        writer.endObject()
    }
}

extension PhotoJSON {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("account_id"); writer.string(accountID)
        writer.key("bytes"); writer.number(bytes)
        writer.key("caption"); writer.string(caption)
        writer.key("date"); writer.string(date)
        writer.key("id"); writer.string(id)
        writer.key("media_type"); writer.string(mediaType)
        writer.key("updated_at"); writer.string(updatedAt)
        writer.key("url"); writer.string(url)
        writer.endObject()
    }
}

extension WeatherJSON {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("city"); writer.string(city)
        writer.key("description"); writer.string(description)
        writer.key("icon"); writer.string(icon)
        writer.key("observed_at"); writer.string(observedAt)
        writer.key("stale"); writer.bool(stale)
        writer.key("temp_c"); writer.number(tempC)
        writer.endObject()
    }
}
