#!/usr/bin/env python3
"""Fills a Tend database (already migrated by `tend`) with a heavy personal history, for
Scripts/bench/export: DOSES insulin doses (two a day: ten years is 7,300), WORKOUTS sessions of
SETS sets, RUNS tracked runs (a track point every STEP seconds over 30-60 minutes, with
elevation and heart rate, stored in Tend's compact track encoding, as `tend run import` stores
a GPX file), weights and diet entries. Deterministic (a fixed seed).

Usage: export_history.py DB DOSES WORKOUTS SETS RUNS STEP
"""
import math
import random
import sqlite3
import struct
import sys

db, doses, workouts, sets_per, runs, step = sys.argv[1], *map(int, sys.argv[2:7])
random.seed(7)
OWNER = "local"
START = 1_434_067_200_000  # 2015-06-12
DAY = 86_400_000


def uuid(n, kind):
    return "0%07x-0000-7000-%04x-%012x" % (START // 1_000_000, kind, n)


def varint(out, value):
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)


def signed(out, value):
    varint(out, ((value << 1) ^ (value >> 63)) & 0xFFFFFFFFFFFFFFFF)


def string(out, text):
    if text is None:
        return varint(out, 0)
    data = text.encode()
    varint(out, len(data) + 1)
    out.extend(data)


def track(started_ms, seconds):
    """TrackCodec's TGX1: the document, one track of one segment, no routes or waypoints."""
    out = bytearray(b"TGX1")
    string(out, "1.1")
    string(out, "Bench watch")
    string(out, None)
    string(out, None)
    out.append(0)  # no document time
    varint(out, 1)
    string(out, "Run")
    varint(out, 1)
    count = seconds // step
    varint(out, count)
    lat, lon, ele = 37.52 + random.random() / 100, 126.93 + random.random() / 100, 12.0
    heading = random.random() * math.tau
    prev = [0, 0, 0, 0]
    for i in range(count):
        heading += random.uniform(-0.2, 0.2)
        lat += math.cos(heading) * 2.8 * step / 111_000
        lon += math.sin(heading) * 2.8 * step / 88_000
        ele = max(0.0, ele + random.uniform(-0.4, 0.4))
        values = [round(lat * 1e9), round(lon * 1e9), round(ele * 1000), started_ms + i * step * 1000]
        out.append(1 | 2 | 4)  # elevation, time, heart rate
        for k in range(4):
            signed(out, values[k] - prev[k])
            prev[k] = values[k]
        varint(out, 130 + random.randrange(40))
    varint(out, 0)
    varint(out, 0)
    return bytes(out)


con = sqlite3.connect(db)
con.execute("PRAGMA foreign_keys = ON")
with con:
    con.execute("DELETE FROM insulin_settings WHERE owner_id = ?", (OWNER,))
    con.execute(
        "INSERT INTO insulin_settings (id, owner_id, long_name, long_units, rapid_name, rapid_units, day_start_minutes, time_zone,"
        " long_guard_minutes, rapid_window_minutes, reminder_minutes, created_at, updated_at)"
        " VALUES (?, ?, 'Tresiba', 22, 'Fiasp', 4, 240, 'Asia/Seoul', 720, 10, 1260, ?, ?)", (uuid(0, 1), OWNER, START, START))
    for n in range(doses):
        day, rapid = divmod(n, 2)
        at = START + day * DAY + (8 if rapid else 22) * 3_600_000 + random.randrange(3_600_000)
        con.execute("INSERT INTO insulin_doses (id, owner_id, kind, units, taken_at, note, created_at, updated_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (uuid(n, 2), OWNER, "rapid" if rapid else "long", 4 + random.randrange(8) / 2 if rapid else 22.0, at,
                     "lunch, big" if n % 97 == 0 else None, at, at))
    exercises = ["squat", "bench press", "deadlift", "overhead press", "barbell row", "pull-up"]
    for n in range(workouts):
        at = START + n * DAY * 3650 // max(workouts, 1) + 18 * 3_600_000
        wid = uuid(n, 3)
        con.execute("INSERT INTO workouts (id, owner_id, started_at, kind, title, notes, duration_min, felt, created_at, updated_at)"
                    " VALUES (?, ?, ?, 'strength', ?, ?, 60, 4, ?, ?)", (wid, OWNER, at, "Day %d" % (n % 3 + 1),
                                                                        "felt \"strong\"" if n % 50 == 0 else None, at, at))
        for p in range(sets_per):
            con.execute("INSERT INTO workout_sets (workout_id, position, exercise, weight_kg, reps, warmup, rpe)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (wid, p, exercises[(n + p // 3) % len(exercises)], 40 + 2.5 * random.randrange(40), 3 + random.randrange(8),
                         1 if p == 0 else 0, 7.5 + random.randrange(4) / 2 if p else None))
    for n in range(runs):
        at = START + n * DAY * 3650 // max(runs, 1) + 7 * 3_600_000
        seconds = 1800 + random.randrange(1800)
        con.execute("INSERT INTO activities (id, owner_id, kind, name, started_at, duration_s, moving_time_s, distance_m,"
                    " elevation_gain_m, elevation_loss_m, source, track, created_at, updated_at)"
                    " VALUES (?, ?, 'run', ?, ?, ?, ?, ?, 40, 40, 'gpx', ?, ?, ?)",
                    (uuid(n, 4), OWNER, "Morning run", at, seconds, seconds - 60, seconds * 2.8, track(at, seconds), at, at))
    for n in range(3650 // 3):
        at = START + n * 3 * DAY + 7 * 3_600_000
        con.execute("INSERT INTO weights (id, owner_id, taken_at, kg, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (uuid(n, 5), OWNER, at, 70 + random.random() * 5, at, at))
con.close()
