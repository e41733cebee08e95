"""Drives a running tend-server through the Nightscout client libraries people use, each
through its own API: an upload with tconnectsync's NightscoutApi, reads with python-nightscout
(requests) and py-nightscout (aiohttp). Run by Scripts/nightscout-clients, which starts the
server and makes the account's secret and a readable token.

    clients.py BASE_URL SECRET TOKEN
"""
import asyncio
import datetime
import sys

import nightscout                      # python-nightscout 1.0.0
import py_nightscout                   # py-nightscout 1.3.3
from tconnectsync.nightscout import NightscoutApi   # tconnectsync 3.0.3
from tconnectsync.parser.nightscout import NightscoutEntry

base, secret, token = sys.argv[1], sys.argv[2], sys.argv[3]
failures = []


def check(what, ok, detail=""):
    print(("ok    " if ok else "FAIL  ") + what + ("" if ok else f"  ({detail})"))
    if not ok:
        failures.append(what)


now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
at = lambda minutes: (now - datetime.timedelta(minutes=minutes)).isoformat()

# tconnectsync: a t:slim bolus, a temp basal and CGM readings, as its sync uploads them (the plain
# secret also goes in ?api_secret=, which the server ignores; the header carries its SHA-1).
upload = NightscoutApi(base + "/", secret)
upload.upload_entry(NightscoutEntry.bolus(3.45, 40, at(30), notes="Standard", pump_event_id="4711"), entity="treatments")
upload.upload_entry(NightscoutEntry.basal(0.65, 30, at(25), reason="Control-IQ"), entity="treatments")
for minutes, value in [(20, 131), (15, 128), (10, 126)]:
    upload.upload_entry(NightscoutEntry.entry(value, at(minutes)), entity="entries")
# Re-sent, as a retrying sync does: nothing is stored twice.
upload.upload_entry(NightscoutEntry.bolus(3.45, 40, at(30), notes="Standard", pump_event_id="4711"), entity="treatments")
latest = upload.last_uploaded_entry("Combo Bolus", time_start=now - datetime.timedelta(hours=1))
check("tconnectsync reads back its last bolus", latest is not None and latest.get("insulin") == 3.45, latest)
check("tconnectsync's bg query", upload.last_uploaded_bg_entry(time_start=now - datetime.timedelta(hours=1)) is not None)
status = upload.api_status()
check("tconnectsync's api_status", status.get("status") == "ok", status)

# xDrip+'s upload of two newer readings (with delta and direction, which py-nightscout requires).
import hashlib, requests
for minutes, value, delta in [(5, 124, -2.0), (0, 121, -3.0)]:
    when = now - datetime.timedelta(minutes=minutes)
    entry = {"device": "xDrip-DexcomG7", "date": int(when.timestamp() * 1000), "dateString": when.isoformat(), "sgv": value,
             "delta": delta, "direction": "Flat", "type": "sgv", "filtered": value * 1000, "unfiltered": value * 1000,
             "rssi": 100, "noise": 1, "sysTime": when.isoformat()}
    answer = requests.post(base + "/api/v1/entries", json=[entry], headers={"api-secret": hashlib.sha1(secret.encode()).hexdigest()})
    check(f"xDrip+'s upload of {value}", answer.status_code == 200, answer.text)

# python-nightscout with the secret: readings, treatments, the profile.
api = nightscout.Api(base, api_secret=secret)
sgvs = api.get_sgvs({"count": 10})
check("python-nightscout reads five readings, newest first", [s.sgv for s in sgvs] == [121, 124, 126, 128, 131],
      [s.sgv for s in sgvs])
treatments = api.get_treatments({"count": 10})
events = sorted(t.eventType for t in treatments)
check("python-nightscout reads the bolus once and the temp basal", events == ["Combo Bolus", "Temp Basal"], events)
profiles = api.get_profiles()
active = profiles.get_profile_definition_active_at(datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=1))
check("python-nightscout reads the profile", len(profiles.profile_definitions) == 1 and active.defaultProfile == "Default",
      vars(active))

# py-nightscout reads ten readings whatever it is asked and needs each one's delta, which
# tconnectsync does not send: its readings go first, deleted by a query as a site's admin would.
gone = requests.delete(base + "/api/v1/entries.json", params={"find[device]": "Pump (tconnectsync)", "find[date][$gte]": "0"},
                       headers={"api-secret": hashlib.sha1(secret.encode()).hexdigest()})
check("delete by query", gone.status_code == 200 and gone.json().get("n") == 3, gone.text)

# py-nightscout with the readable token, as it sends one ("token=…" in api-secret).
async def follower():
    client = py_nightscout.Api(base, api_secret="token=" + token)
    sgvs = await client.get_sgvs({"count": 2})
    check("py-nightscout reads the latest two readings with a token", [s.sgv for s in sgvs] == [121, 124], [s.sgv for s in sgvs])
    status = await client.get_server_status()
    check("py-nightscout reads the status", status.status == "ok", status)
    treatments = await client.get_treatments()
    check("py-nightscout reads treatments", len(treatments) == 2, treatments)
    wrong = py_nightscout.Api(base, api_secret="not the secret")
    try:
        await wrong.get_sgvs()
        check("a wrong secret is refused", False, "no error")
    except Exception as error:  # aiohttp raises on the 401
        check("a wrong secret is refused", "401" in str(error), error)

asyncio.run(follower())
print("all passed" if not failures else f"{len(failures)} failed")
sys.exit(1 if failures else 0)
