#!/usr/bin/env python3
"""Builds the small USDA SR24 fixture the nutrition tests import.

The real table is `usr/share/cronometer/usda_sr24.jar` of Debian's cronometer package: a zip
of `usda_sr24/NNNNN.xml`, one `<food uid name>` with its `<measure>`s and `<nutrient>`s per
file, plus `usda_sr24/foods.index` (not XML). This script copies a handful of real foods out
of it into the folder form `mini_sr24/usda_sr24/`, adds one damaged (truncated) food file and
the index, and zips the folder into `mini_sr24.jar` (deterministic bytes: fixed timestamps,
sorted entries).

    python3 make_fixture.py --from-jar /path/to/usda_sr24.jar   # refresh the folder, then zip
    python3 make_fixture.py                                     # zip the committed folder only

Get the real jar with: apt-get download cronometer && dpkg -x cronometer_*.deb x
"""
import argparse
import os
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
FOLDER = os.path.join(HERE, "mini_sr24", "usda_sr24")
JAR = os.path.join(HERE, "mini_sr24.jar")

# The good foods, each chosen for what it exercises.
FOODS = [
    "01001",  # Butter, salted: cup/tbsp/pat/stick; "salted butter" ranks it first
    "01145",  # Butter, without salt: a second butter (favourites, recents)
    "01048",  # Cheese spread: "2.0 tablespoon" = 32 g (tbsp alias, measure amount 2)
    "01078",  # Milk, producer, fluid, 3.7% milkfat: "milk" before "milkfish"
    "01123",  # Egg, whole, raw, fresh: "large" = 50 g
    "01197",  # KRAFT BREYERS Smooth &amp; Creamy ...: branded, an entity in the name
    "05062",  # Chicken, broilers or fryers, breast, meat only, raw
    "05327",  # Chicken breast tenders, uncooked (after the raw breast for "chick bre")
    "07052",  # Pastrami, turkey: its only slice measure is "2.0 slices" = 57 g
    "09003",  # Apples, raw, with skin: "cup, quartered or chopped" = 125 g
    "15053",  # Fish, milkfish, raw
    "18069",  # Bread, white: "slice" = 28 g
    "21229",  # Fast foods, chicken, breaded and fried, boneless pieces: "6.0 pieces" = 96 g
    "21425",  # KENTUCKY FRIED CHICKEN, ... Breast ...: branded and fast food
]
DAMAGED = "01002"  # Butter, whipped, with salt: cut off in the middle of its nutrients
DAMAGED_LENGTH = 700


def refresh(real_jar):
    os.makedirs(FOLDER, exist_ok=True)
    for name in os.listdir(FOLDER):
        os.remove(os.path.join(FOLDER, name))
    index = []
    with zipfile.ZipFile(real_jar) as source:
        for uid in FOODS + [DAMAGED]:
            data = source.read("usda_sr24/%s.xml" % uid)
            if uid == DAMAGED:
                data = data[:DAMAGED_LENGTH]
            with open(os.path.join(FOLDER, uid + ".xml"), "wb") as out:
                out.write(data)
            name = data.split(b' name="', 1)[1].split(b'"', 1)[0]
            index.append(uid.encode() + b"|" + name)
    with open(os.path.join(FOLDER, "foods.index"), "wb") as out:
        out.write(b"\r\n".join(index) + b"\r\n")


def build():
    entries = sorted(os.listdir(FOLDER))
    with zipfile.ZipFile(JAR, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as jar:
        def add(arcname, data):
            info = zipfile.ZipInfo(arcname, date_time=(2011, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            jar.writestr(info, data)

        add("META-INF/MANIFEST.MF", b"Manifest-Version: 1.0\r\n\r\n")
        for name in entries:
            with open(os.path.join(FOLDER, name), "rb") as source:
                add("usda_sr24/" + name, source.read())
    print("%s: %d entries, %d bytes" % (JAR, len(entries) + 1, os.path.getsize(JAR)))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--from-jar", help="the real usda_sr24.jar to copy the foods from")
    arguments = parser.parse_args()
    if arguments.from_jar:
        refresh(arguments.from_jar)
    build()
