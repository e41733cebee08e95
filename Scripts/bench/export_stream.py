#!/usr/bin/env python3
"""Peak memory and time to first byte of an export, for Scripts/bench/export.

  export_stream.py cli TEND DB OUT.zip
      Runs `TEND --db DB export --to OUT.zip` and prints its peak RSS in KiB (the child's
      ru_maxrss, which covers the whole process).
  export_stream.py server TEND_SERVER DB
      Starts TEND_SERVER on a copy of DB, signs up an account, gives it every row the local
      owner has, then GETs /v1/export with curl. Prints JSON: the server's RSS before the export
      and its peak (VmHWM) after, curl's time to first byte and total, and the zip's size.
  export_stream.py peak COMMAND...
      Runs COMMAND and prints its peak RSS in KiB (the reference: sqlite3 .dump).
"""
import json
import os
import re
import resource
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request


def peak_of(command, stdout=subprocess.DEVNULL):
    # A fresh interpreter per measurement, so RUSAGE_CHILDREN is this one child's.
    code = "import resource,subprocess,sys;subprocess.run(sys.argv[1:],check=True,stdout=subprocess.DEVNULL);" \
           "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    return int(subprocess.run([sys.executable, "-c", code, *command], check=True, capture_output=True, text=True).stdout)


def status_kib(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def request(base, method, path, body=None, token=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(req, timeout=60) as response:
        return json.loads(response.read() or b"{}")


def server(binary, db):
    work = os.path.dirname(db)
    copy = os.path.join(work, f"server-{os.getpid()}.sqlite")
    shutil.copyfile(db, copy)
    process = subprocess.Popen([binary, "--port", "0", "--db", copy, "--threads", "2"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, env={**os.environ, "HOME": work})
    try:
        port = None
        deadline = time.time() + 60
        while port is None and time.time() < deadline:
            line = process.stderr.readline()
            found = re.search(r"listening on http://127\.0\.0\.1:(\d+)", line)
            if found:
                port = int(found.group(1))
        if port is None:
            raise SystemExit("tend-server did not say its port")
        # Its log goes on (a line per request): drained, so the pipe never fills and stalls it.
        threading.Thread(target=lambda: [None for _ in process.stderr], daemon=True).start()
        base = f"http://127.0.0.1:{port}"
        request(base, "POST", "/v1/accounts", {"email": "bench@example.com", "password": "correct horse battery",
                                                "display_name": "Bench", "time_zone": "UTC"})
        session = request(base, "POST", "/v1/sessions", {"email": "bench@example.com", "password": "correct horse battery"})
        token, account = session["token"], session["account_id"]
        # The history becomes the account's: every row of the local owner, in every table that has one.
        connection = sqlite3.connect(copy, timeout=30)
        tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        with connection:
            for table in tables:
                columns = [row[1] for row in connection.execute(f'PRAGMA table_info("{table}")')]
                if "owner_id" in columns:
                    connection.execute(f'UPDATE "{table}" SET owner_id = ? WHERE owner_id = ?', (account, "local"))
        connection.close()
        # Warm up the request path (auth, a small answer), then measure the export.
        request(base, "GET", "/v1/me", token=token)
        # Sign-up and login hash the password with argon2id (64 MiB each): the peak so far is
        # theirs. Writing 5 to clear_refs resets VmHWM, so the peak below is the export's.
        with open(f"/proc/{process.pid}/clear_refs", "w") as refs:
            refs.write("5")
        before = status_kib(process.pid, "VmRSS")
        out = os.path.join(work, "server-export.zip")
        timing = subprocess.run(["curl", "-sS", "--fail", "-o", out, "-H", "Authorization: Bearer " + token,
                                 "-w", "%{time_starttransfer} %{time_total}", base + "/v1/export"],
                                check=True, capture_output=True, text=True).stdout.split()
        peak = status_kib(process.pid, "VmHWM")
        zip_ok = subprocess.run([sys.executable, "-m", "zipfile", "-t", out], capture_output=True).returncode == 0
        print(json.dumps({"rss_before_kib": before, "peak_kib": peak, "ttfb_s": float(timing[0]), "total_s": float(timing[1]),
                          "zip_bytes": os.path.getsize(out), "zip_ok": zip_ok}))
    finally:
        process.terminate()
        process.wait(timeout=30)


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "cli":
        tend, db, out = sys.argv[2:5]
        print(peak_of([tend, "--db", db, "export", "--to", out]))
    elif mode == "server":
        server(sys.argv[2], sys.argv[3])
    elif mode == "peak":
        print(peak_of(sys.argv[2:]))
    else:
        raise SystemExit(__doc__)
