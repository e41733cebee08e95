#!/usr/bin/env python3
"""Generates the three GPX fixtures TrackStatistics is checked against gpxpy with.

Writes, for each of run-10k, hike-800m and ride-two-segments:
  OUT/NAME.gpx                       the GPX file gpxpy reads (not committed)
  Tests/Fixtures/gpx/NAME.csv        the same points: segment,lat,lon,ele,time (epoch s; ele may be empty)
  Tests/Fixtures/gpx/NAME.json       gpxpy's figures (Scripts/bench/gpxpy_stats.py) plus the noiseless truth

Deterministic (fixed seeds). Run with the gpxpy venv:
  .build/gpxpy-venv/bin/python Scripts/bench/make_gpx_fixtures.py [OUT]   (default .build/gpx-fixtures)
"""
import json
import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpxpy_stats  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "gpx")
R = 6371008.8  # the mean radius, as Geo.earthRadius


def haversine(a, b):
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    dp, dl = p2 - p1, math.radians(b[1] - a[1])
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * R * math.asin(min(1, math.sqrt(h)))


class Trail:
    """A winding path in local metres (east, north), 1 m steps, read by arc length."""

    def __init__(self, rng, length, wiggle, hairpins=0.0):
        self.xy = [(0.0, 0.0)]
        heading, turn = rng.uniform(0, 2 * math.pi), 0.0
        for _ in range(int(length)):
            turn = 0.98 * turn + rng.gauss(0, wiggle)
            if hairpins and rng.random() < hairpins:  # a switchback
                heading += math.pi * 0.8 * rng.choice((-1, 1))
            heading += turn
            x, y = self.xy[-1]
            self.xy.append((x + math.cos(heading), y + math.sin(heading)))

    def at(self, s):
        s = min(max(s, 0.0), len(self.xy) - 1.0)
        i = min(int(s), len(self.xy) - 2)
        f = s - i
        (x0, y0), (x1, y1) = self.xy[i], self.xy[i + 1]
        return x0 + (x1 - x0) * f, y0 + (y1 - y0) * f


class Noise:
    """GPS error as a first-order Gauss-Markov process (correlated over `tau` seconds)."""

    def __init__(self, rng, sigma, tau):
        self.rng, self.sigma, self.tau, self.value = rng, sigma, tau, rng.gauss(0, sigma)

    def step(self, dt, damping=1.0):
        rho = math.exp(-dt / self.tau)
        target = rho * self.value + math.sqrt(1 - rho * rho) * self.sigma * self.rng.gauss(0, 1)
        # damping < 1 is a receiver's static hold: the fix barely wanders while standing still.
        self.value += (target - self.value) * damping
        return self.value


def to_latlon(origin, east, north):
    lat = origin[0] + math.degrees(north / R)
    lon = origin[1] + math.degrees(east / (R * math.cos(math.radians(origin[0]))))
    return lat, lon


def simulate(rng, origin, trail, start_s, end_s, terrain, speed, dt, t0, stops, noise_h, noise_v, ele_gap=None):
    """Moves along `trail` from start_s to end_s (either direction); returns recorded and true points."""
    direction = 1 if end_s >= start_s else -1
    nx, ny = Noise(rng, *noise_h), Noise(rng, *noise_h)
    nz = Noise(rng, *noise_v)
    s, t, recorded, truth = start_s, t0, [], []
    pending = sorted(stops, key=lambda stop: stop[0] * direction)
    stopped_until = None
    while True:
        x, y = trail.at(s)
        lat, lon = to_latlon(origin, x, y)
        ele = terrain(s)
        still = stopped_until is not None
        step = dt() if callable(dt) else dt
        damping = 0.2 if still else 1.0
        ex, ey, ez = nx.step(step, damping), ny.step(step, damping), nz.step(step)
        rlat, rlon = to_latlon((lat, lon), ex, ey)
        has_ele = not (ele_gap and ele_gap[0] <= len(recorded) < ele_gap[1])
        recorded.append((round(rlat, 7), round(rlon, 7), round(ele + ez, 1) if has_ele else None, t))
        truth.append((lat, lon, ele))
        if still:
            if t + step >= stopped_until:
                stopped_until = None
        elif pending and (pending[0][0] - s) * direction <= 0:
            stopped_until = t + pending.pop(0)[1]  # a stop at the very end is recorded too
        elif (end_s - s) * direction <= 0:
            break
        else:
            slope = (terrain(s + direction) - ele)
            v = speed(s, slope)
            s += direction * v * step
            if (end_s - s) * direction < 0:
                s = end_s
        t += step
    return recorded, truth


def run(rng):
    origin = (37.5270, 126.9340)  # Yeouido, Seoul
    trail = Trail(rng, 10_400, 0.0008)

    def terrain(s):
        return 22 + 8 * math.sin(2 * math.pi * s / 2500) + 4 * math.sin(2 * math.pi * s / 900 + 1)

    def speed(s, slope):
        base = 3.9 if 4000 <= s < 5000 else 3.2  # a fast fifth kilometre
        return max(1.5, base * (1 - 4 * slope) + rng.gauss(0, 0.08))

    rec, truth = simulate(rng, origin, trail, 0, 10_200, terrain, speed, 2, 1714802400,
                          [(6200, 40)], (2.0, 60), (3.0, 60))
    return [rec], [truth]


def hike(rng):
    origin = (37.6590, 126.9780)  # below Baegundae, Bukhansan
    trail = Trail(rng, 6_200, 0.0015, hairpins=0.002)

    def terrain(s):
        s = min(max(s, 0), 6000)
        return 90 + 790 * (s / 6000) ** 1.15 + 12 * math.sin(2 * math.pi * s / 700)

    def speed(s, slope):
        tobler = 6 * math.exp(-3.5 * abs(slope + 0.05)) / 3.6
        return max(0.3, 0.85 * tobler + rng.gauss(0, 0.05))

    def dt():
        return rng.randint(5, 12)

    up, up_truth = simulate(rng, origin, trail, 0, 6000, terrain, speed, dt, 1715061600,
                            [(2500, 300), (6000, 2700)], (3.0, 60), (0.4, 120))
    t = up[-1][3] + 8
    down, down_truth = simulate(rng, origin, trail, 6000, 0, terrain, speed, dt, t,
                                [], (3.0, 60), (0.4, 120), ele_gap=(300, 330))
    return [up + down], [up_truth + down_truth]


def ride(rng):
    origin = (37.5300, 127.0700)  # Han river bike path
    first = Trail(rng, 20_200, 0.0005)
    second = Trail(rng, 15_200, 0.0005)

    def terrain_a(s):
        return 45 + 25 * math.sin(2 * math.pi * s / 4000) + 8 * math.sin(2 * math.pi * s / 1300)

    def terrain_b(s):
        return 60 + 30 * math.sin(2 * math.pi * s / 5000 + 2) + 6 * math.sin(2 * math.pi * s / 900)

    def speed(s, slope):
        return min(11.0, max(3.0, 7.2 * (1 - 12 * slope) + rng.gauss(0, 0.2)))

    seg_a, truth_a = simulate(rng, origin, first, 0, 20_000, terrain_a, speed, 3, 1715238000,
                              [(8400, 60)], (2.0, 60), (3.0, 60))
    x, y = first.at(20_000)
    origin_b = to_latlon(origin, x + 2200, y - 2000)  # 3 km on by train: not distance
    seg_b, truth_b = simulate(rng, origin_b, second, 0, 15_000, terrain_b, speed, 3, seg_a[-1][3] + 2700,
                              [], (2.0, 60), (3.0, 60))
    return [seg_a, seg_b], [truth_a, truth_b]


def write_gpx(path, name, segments):
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<gpx version="1.1" creator="make_gpx_fixtures.py" xmlns="http://www.topografix.com/GPX/1/1">',
             f'<trk><name>{name}</name>']
    for segment in segments:
        lines.append('<trkseg>')
        for lat, lon, ele, t in segment:
            when = time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime(t))
            ele_tag = f'<ele>{ele:.1f}</ele>' if ele is not None else ''
            lines.append(f'<trkpt lat="{lat:.7f}" lon="{lon:.7f}">{ele_tag}<time>{when}</time></trkpt>')
        lines.append('</trkseg>')
    lines += ['</trk>', '</gpx>', '']
    with open(path, 'w', encoding='utf-8') as handle:
        handle.write('\n'.join(lines))


def write_csv(path, segments):
    with open(path, 'w', encoding='utf-8') as handle:
        handle.write('segment,lat,lon,ele,time\n')
        for index, segment in enumerate(segments):
            for lat, lon, ele, t in segment:
                ele_text = f'{ele:.1f}' if ele is not None else ''
                handle.write(f'{index},{lat:.7f},{lon:.7f},{ele_text},{t}\n')


def truth_figures(truths):
    distance, climb, descent = 0.0, 0.0, 0.0
    for segment in truths:
        for a, b in zip(segment, segment[1:]):
            distance += haversine(a, b)
            change = b[2] - a[2]
            climb += max(change, 0)
            descent += max(-change, 0)
    return {"distance_2d_m": distance, "elevation_gain_m": climb, "elevation_loss_m": descent}


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "gpx-fixtures")
    os.makedirs(out, exist_ok=True)
    os.makedirs(FIXTURES, exist_ok=True)
    for name, make, seed in (("run-10k", run, 10), ("hike-800m", hike, 800), ("ride-two-segments", ride, 2)):
        segments, truths = make(random.Random(seed))
        gpx_path = os.path.join(out, name + ".gpx")
        write_gpx(gpx_path, name, segments)
        write_csv(os.path.join(FIXTURES, name + ".csv"), segments)
        figures = gpxpy_stats.stats(gpx_path)
        figures["truth"] = truth_figures(truths)
        with open(os.path.join(FIXTURES, name + ".json"), 'w', encoding='utf-8') as handle:
            json.dump(figures, handle, indent=2, sort_keys=True)
            handle.write('\n')
        print(name, json.dumps(figures, sort_keys=True))


if __name__ == "__main__":
    main()
