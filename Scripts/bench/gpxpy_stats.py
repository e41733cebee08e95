#!/usr/bin/env python3
"""Prints gpxpy's figures for a GPX file as JSON: the reference TrackStatistics is checked against.

Usage: Scripts/bench/gpxpy_stats.py FILE.gpx
Needs gpxpy: python3 -m venv .build/gpxpy-venv && .build/gpxpy-venv/bin/pip install gpxpy
"""
import json
import sys

import gpxpy


def stats(path):
    with open(path, encoding="utf-8") as handle:
        gpx = gpxpy.parse(handle)
    uphill, downhill = gpx.get_uphill_downhill()
    moving = gpx.get_moving_data()
    return {
        "gpxpy_version": gpxpy.__version__,
        "points": gpx.get_track_points_no(),
        "distance_2d_m": gpx.length_2d(),
        "distance_3d_m": gpx.length_3d(),
        "elevation_gain_m": uphill,
        "elevation_loss_m": downhill,
        "moving_time_s": moving.moving_time,
        "stopped_time_s": moving.stopped_time,
        "max_speed_ms": moving.max_speed,
        "duration_s": gpx.get_duration(),
    }


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: gpxpy_stats.py FILE.gpx")
    print(json.dumps(stats(sys.argv[1]), indent=2))
