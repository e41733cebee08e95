#!/usr/bin/env python3
"""Gives the bench couple a year of history, as a year of real use would leave it.

Usage: couple_year.py BASE-URL TOKEN PARTNER-TOKEN DATABASE EMAIL PARTNER-EMAIL

The two accounts must already be paired, with today's moods set. First today is completed
through the API, as the two would do it: a photo each (a small PNG), a look at the calendar
each, a care item each, done by the other. Then this writes the 365 days before today
straight into the tables, following the schema of `Modules/Data/Migrations/Migrations+Couple.swift`
and the rows the use cases write (UUIDv7 ids, Unix ms instants, each day the author's own local
date): the couple paired 366 days ago; each member's mood on most days; a photo of the day on
many (pointing at the bytes of today's photo, as the store is content-addressed); looks at the
calendar; about one care item a day, most done by the other within two days, a few deleted;
about two calendar events a week, some timed, some repeating, a few deleted; a meeting every six
weeks or so. The last 30 days are complete bridges (a streak the home counts back through).
Seeded with a fixed seed, so every run measures the same year. The server may be running: the
rows go in one transaction in WAL mode, as any other writer's would.
"""
import datetime, json, random, sqlite3, struct, sys, urllib.request, uuid, zlib

DAYS = 365
STREAK = 30
MOODS = ["happy", "calm", "excited", "loving", "tired", "sad", "stressed", "sick"]
STATUSES = ["at work", "commuting", "at the gym", "cooking", "studying", "with friends", "sleepy", "on a walk"]
CARE = ["take your vitamins", "call your mom", "drink water", "stretch before bed", "buy flowers", "send the photo",
        "book the tickets", "water the plant", "go to bed early", "eat breakfast"]
EVENTS = ["dentist", "team dinner", "video call", "exam", "concert", "flight", "birthday party", "movie night",
          "job interview", "family visit"]
PLACES = ["Incheon", "Paris", "Seoul", "Lyon", "Busan", "Nice", "Jeju", "Bordeaux"]


def uuid7(ms, rng):
    value = (ms & ((1 << 48) - 1)) << 80 | 0x7 << 76 | rng.getrandbits(12) << 64 | 0b10 << 62 | rng.getrandbits(62)
    return str(uuid.UUID(int=value))


def png():
    """A 2x2 RGB PNG, valid to the CRCs."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    pixels = zlib.compress(b"".join(b"\0" + bytes([200, 120, 90] * 2) for _ in range(2)))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", pixels) + chunk(b"IEND", b""))


def today_through_api(base, tokens):
    def call(method, path, token, body=None, content_type="application/json"):
        data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
        request = urllib.request.Request(base + path, method=method, data=data)
        request.add_header("Authorization", "Bearer " + token)
        if data is not None:
            request.add_header("Content-Type", content_type)
        with urllib.request.urlopen(request) as response:
            text = response.read()
            return json.loads(text) if text else None
    for n, token in enumerate(tokens):
        call("PUT", "/v1/couple/photos/today?caption=today", token, png(), "image/png")
        call("POST", "/v1/couple/calendar/checked", token)
        item = call("POST", "/v1/couple/care", token, {"text": CARE[n], "for": "partner"})
        call("POST", f"/v1/couple/care/{item['id']}/done", tokens[1 - n])


def main():
    base, token, partner_token, database, *emails = sys.argv[1:]
    today_through_api(base, [token, partner_token])
    rng = random.Random(20261202)
    rng = random.Random(20261202)
    db = sqlite3.connect(database, timeout=30, isolation_level=None)
    db.execute("PRAGMA busy_timeout = 30000")
    ids = [db.execute("SELECT id FROM accounts WHERE email = ? AND deleted_at IS NULL", (e,)).fetchone()[0] for e in emails]
    couple = db.execute(
        "SELECT c.id FROM couples c JOIN couple_members m ON m.couple_id = c.id "
        "WHERE m.account_id = ? AND c.disconnected_at IS NULL AND c.deleted_at IS NULL", (ids[0],)).fetchone()[0]
    photo = db.execute("SELECT sha256, format, byte_count FROM couple_photos WHERE couple_id = ? LIMIT 1", (couple,)).fetchone()
    today = datetime.datetime.now(datetime.timezone.utc).date()
    midnight = datetime.datetime.combine(today, datetime.time(), datetime.timezone.utc)

    def at(day_offset, hour, minute=0):  # Unix ms, `day_offset` days before today, UTC
        return int((midnight - datetime.timedelta(days=day_offset) + datetime.timedelta(hours=hour, minutes=minute)).timestamp() * 1000)

    def day(day_offset):
        return (today - datetime.timedelta(days=day_offset)).isoformat()

    db.execute("BEGIN IMMEDIATE")
    paired = at(DAYS + 1, 20)
    db.execute("UPDATE couples SET created_at = ?, updated_at = ? WHERE id = ?", (paired, paired, couple))
    db.execute("UPDATE couple_members SET created_at = ?, updated_at = ? WHERE couple_id = ?", (paired, paired, couple))
    rows = {"moods": [], "photos": [], "checks": [], "care": [], "events": [], "meetings": []}
    for back in range(DAYS, 0, -1):
        complete = back <= STREAK
        for n, member in enumerate(ids):
            partner = ids[1 - n]
            if complete or rng.random() < 0.85:
                made = at(back, 8 + rng.randrange(12), rng.randrange(60))
                edited = made + (rng.randrange(3_600_000) if rng.random() < 0.2 else 0)
                status = rng.choice(STATUSES) if rng.random() < 0.5 else None
                note = "a long day, but a good one" if rng.random() < 0.1 else None
                rows["moods"].append((uuid7(made, rng), couple, member, day(back), rng.choice(MOODS), status, note, made, edited))
            if photo and (complete or rng.random() < 0.6):
                made = at(back, 12 + rng.randrange(8), rng.randrange(60))
                caption = "lunch" if rng.random() < 0.3 else None
                rows["photos"].append((uuid7(made, rng), couple, member, day(back), photo[0], photo[1], photo[2], caption, made, made))
            if complete or rng.random() < 0.75:
                made = at(back, 7 + rng.randrange(14), rng.randrange(60))
                rows["checks"].append((uuid7(made, rng), couple, member, day(back), made, made))
            # About one care item a day between the two; the partner usually does it within two days.
            if complete or rng.random() < 0.5:
                made = at(back, 9 + rng.randrange(10), rng.randrange(60))
                for_whom = partner if complete or rng.random() < 0.8 else member  # a built day: done by each for the other
                done_back = back if complete else back - rng.randrange(3)
                done = complete or (done_back >= 1 and rng.random() < 0.85)
                done_at = at(done_back, 20, rng.randrange(60)) if done else None
                deleted = None if done or rng.random() < 0.9 else made + 3_600_000
                rows["care"].append((uuid7(made, rng), couple, member, for_whom, rng.choice(CARE),
                                     day(back - 1) if rng.random() < 0.3 else None,
                                     for_whom if done else None, done_at, day(done_back) if done else None,
                                     made, done_at or deleted or made, deleted))
        if rng.random() < 2 / 7:
            made = at(back, 10 + rng.randrange(10), rng.randrange(60))
            author = rng.choice(ids)
            start = today - datetime.timedelta(days=back - rng.randrange(-10, 30))
            timed = rng.random() < 0.5
            starts = int(datetime.datetime.combine(start, datetime.time(18), datetime.timezone.utc).timestamp() * 1000) if timed else None
            repeat = rng.choice(["weekly", "monthly", "yearly"]) if rng.random() < 0.1 else None
            deleted = made + 86_400_000 if rng.random() < 0.05 else None
            rows["events"].append((uuid7(made, rng), couple, author, rng.choice(EVENTS), rng.choice([None, author, ids[0] if author == ids[1] else ids[1]]),
                                   0 if timed else 1, start.isoformat(), start.isoformat(), starts,
                                   starts + 7_200_000 if starts else None, "UTC", repeat, made, deleted or made, deleted))
        if back % 42 == 0:
            made = at(back + 30, 21)
            rows["meetings"].append((uuid7(made, rng), couple, rng.choice(ids), day(back), rng.choice(PLACES), made, made))
    for table, columns, key in [
        ("couple_moods", "id, couple_id, author_id, day, mood, status, note, created_at, updated_at", "moods"),
        ("couple_photos", "id, couple_id, author_id, day, sha256, format, byte_count, caption, created_at, updated_at", "photos"),
        ("couple_calendar_checks", "id, couple_id, account_id, day, created_at, updated_at", "checks"),
        ("couple_care", "id, couple_id, author_id, for_account_id, text, due, done_by, done_at, done_day, created_at, "
                        "updated_at, deleted_at", "care"),
        ("couple_events", "id, couple_id, author_id, title, whose, all_day, start_day, end_day, starts_at, ends_at, "
                          "time_zone, repeat, created_at, updated_at, deleted_at", "events"),
        ("couple_meetings", "id, couple_id, author_id, day, place, created_at, updated_at", "meetings"),
    ]:
        marks = ", ".join("?" * len(columns.split(",")))
        db.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", rows[key])
    db.execute("COMMIT")
    db.close()
    print("bench: a year of couple history: " + ", ".join(f"{len(v)} {k}" for k, v in rows.items()), file=sys.stderr)


if __name__ == "__main__":
    main()
