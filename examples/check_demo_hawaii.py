#!/usr/bin/env python3
"""Runs crisk-demo --module hawaii and checks its text: the map listing
(islands, sites with production lists, merchants, fishing grounds, track,
targets), events that name places instead of numbers, a game played to a
winner at the target, and the final score table with fish and VP.
Usage: check_demo_hawaii.py CRISK_DEMO SEATS TARGET [demo arguments...]"""
import re
import subprocess
import sys


def fail(msg):
    print("not ok - " + msg)
    sys.exit(1)


def main():
    demo, seats, target = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    args = [demo, "--module", "hawaii", "--players", str(seats)] + sys.argv[4:]
    run = subprocess.run(args, capture_output=True, text=True, timeout=600)
    out = run.stdout
    if run.returncode != 0:
        fail("exit status %d: %s" % (run.returncode, run.stderr.strip()))
    want = [
        "Map: Catan: Hawai'i",
        "8 islands, 71 hexes (28 land, 43 sea), 125 points (42 sites, 8 chit points, 75 junctions)",
        "160 spaces (113 road, 26 ship, 9 merchant, 12 fishing), 12 blue number discs",
        "robber starts on hi7 (Kilauea Lava Field), pirate on sea41 (Puna Deep)",
        "victory at %d VP (the map's targets: 3 seats 15, 4 seats 13, 5 seats 11, 6 seats 10)" % target,
        "fishing track, VP per boat position 0, 1, ...: 0 0 1 1 2 3 4 5",
        "land hexes: kh1 hills 12 (Kaho'olawe Red Earth)",
        "Lopa                   lopa            <- la1 fields 8, kh1 hills 12  (6 pips)",
        "Wailuku                wailuku         <- mu1 mountains 8, mu2 fields 10, mu3 pasture 9  (12 pips)",
        "m5   Lahaina - w19                    ore 2:1",
        "f06  w10 - w13                        discs 6 11  (7 pips)",
        "s02 j_polihale - Pu'uwai",
        "d04 6: f05 f06",
        "seat  sett city road ship  route  army  chits  fish boat fishVP  VP cards  VP",
    ]
    for island in ["Ni'ihau", "Kaua'i", "O'ahu", "Moloka'i", "Lana'i", "Kaho'olawe", "Maui", "Hawai'i"]:
        want.append("\n%s (" % island)
    for text in want:
        if text not in out:
            fail("no %r in the output" % text)
    # 3-4 seats: the 8 chit points hold chits; 5-6 seats: none (H-77).
    chits = out.count("  chit* ")
    if chits != (8 if seats <= 4 else 0):
        fail("%d points marked as holding a chit" % chits)
    if re.search(r"\b(intersection|path|point|hex) \d", out.split("\n\n", 2)[2]):
        fail("an event names a map element by its number")
    won = re.search(r"game over: seat (\d) wins", out)
    if not won:
        fail("no winner")
    winner = int(won.group(1))
    rows = re.findall(r"^ +(\d) +(\d+) +(\d+) +\d+ +\d+ .* (\d+) +(\d+)$", out, re.M)
    if len(rows) != seats:
        fail("%d rows in the score table, not %d" % (len(rows), seats))
    for seat, sett, city, cards, vp in rows:
        if int(seat) == winner and int(vp) < target:
            fail("the winner has %s VP, below %d" % (vp, target))
    if out.count("| fish ") < 10:
        fail("no status line per turn")
    print("ok - hawaii demo: map listed, seat %d won, %d score rows" % (winner, len(rows)))


main()
