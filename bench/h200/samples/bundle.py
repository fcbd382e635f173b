#!/usr/bin/env python3
"""Builds the bundled sample store from recorded plans: one store, every plan's lessons on its turns.

    bundle.py STATE_DIR [OUT_STORE] [--kwb PATH] [--calibration FILE]

STATE_DIR holds what record.sh recorded on the GPU host (one folder per plan with store.kwb and record.json).
Each store is imported with `kwb import` (traces with it). With --calibration, the evaluations made on the calibrated
machine (same host name, GPU and driver) that carry no ceilings get that calibration's (`kwb attach-calibration`), so
the roofline can be drawn for a recording whose cache held no calibration. The plans' summaries, lessons and what each
turn was meant to show become Lesson annotations (`kwb lessons`), and the result is compacted, checked (`kwb check`)
and moved to OUT_STORE (default resources/samples/case-studies.kwb). Nothing here measures or types in a figure: the
numbers the window and the README show are the recorded evaluations'.
"""
import argparse
import json
import os
import sqlite3
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))


LANGUAGES = ("es", "zh_CN")


def translations(name):
    """A plan's lessons in other languages: {language: lessons.<language>.json}, those that exist."""
    out = {}
    for language in LANGUAGES:
        path = os.path.join(HERE, name, "lessons.%s.json" % language)
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                out[language] = json.load(f)
    return out


def translated(details, texts):
    """details with {"translations": {language: {"text": ..., "look_for": [...]}}} where texts has any."""
    texts = {language: t for language, t in texts.items() if t and t.get("text")}
    if texts:
        details["translations"] = texts
    return details


def turn_lesson(turn, uuid, languages):
    details = {"step": turn["id"], "look_for": turn.get("look_for", [])}
    if "expect" in turn:
        details["expect"] = turn["expect"]
    if turn.get("final"):
        details["expect"] = "pass"
    texts = {}
    for language, t in languages.items():
        entry = t.get("turns", {}).get(turn["id"])
        if entry:
            notes = entry.get("look_for", [])
            if len(notes) != len(details["look_for"]):
                raise SystemExit("lessons.%s.json: turn %s has %d look_for notes, the plan %d"
                                 % (language, turn["id"], len(notes), len(details["look_for"])))
            texts[language] = {"text": entry["lesson"], "look_for": notes}
    return {"turn": uuid, "text": turn["lesson"], "details": translated(details, texts)}


def summary_lesson(target, text, details, languages, pick):
    """A trajectory's or a fork's summary; pick(translation file) gives its text there."""
    return dict(target, text=text, details=translated(details, {language: {"text": pick(t)} for language, t in languages.items()}))


def turn_lessons(turns, uuids, where, partial=False, languages=None):
    if partial:
        turns = turns[:len(uuids)]
    if len(turns) != len(uuids):
        raise SystemExit("%s: the plan has %d turns but %d were recorded" % (where, len(turns), len(uuids)))
    return [turn_lesson(turn, uuid, languages or {}) for turn, uuid in zip(turns, uuids)]


def plan_lessons(name, plan, languages, trajectory, branches, partial=False):
    """Every lesson of one plan: its summary on the trajectory, each turn's, each fork's summary on its last turn.
    branches: {"main": [turn uuids], "fork-1": [...], ...} as recorded."""
    details = {"plan": name}
    if "paper" in plan:
        details["paper"] = plan["paper"]
    lessons = [summary_lesson({"trajectory": trajectory}, plan["summary"], details, languages, lambda t: t.get("summary"))]
    lessons += turn_lessons(plan["turns"], branches["main"], name + " main", partial, languages)
    for i, fork in enumerate(plan.get("forks", [])):
        uuids = branches.get("fork-%d" % (i + 1), [])
        if not uuids and partial:
            continue
        lessons += turn_lessons(fork["turns"], uuids, "%s fork %d" % (name, i + 1), partial, languages)
        lessons.append(summary_lesson({"branch": uuids[-1]}, fork["summary"], {"from": fork["from"]}, languages,
                                      lambda t, i=i: (t.get("forks") or [None] * (i + 1))[i]))
    return lessons


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("state")
    parser.add_argument("out", nargs="?", default=os.path.join(ROOT, "resources", "samples", "case-studies.kwb"))
    parser.add_argument("--kwb", default=os.path.join(ROOT, "build", "dev", "bin", "kwb"))
    parser.add_argument("--calibration", help="a kwb-runner calibrate JSON of the recording's machine (see above)")
    parser.add_argument("--partial", action="store_true",
                        help="also plans whose recording stopped part-way (progress.json): a preview, never the shipped store")
    args = parser.parse_args()

    record_file = lambda p: os.path.join(args.state, p, "record.json" if os.path.exists(os.path.join(args.state, p, "done")) else "progress.json")
    plans = sorted(p for p in os.listdir(args.state) if os.path.isdir(os.path.join(HERE, p))
                   and (os.path.exists(os.path.join(args.state, p, "done"))
                        or (args.partial and os.path.exists(os.path.join(args.state, p, "progress.json")))))
    if not plans:
        raise SystemExit("no recorded plans in " + args.state)
    temporary = args.out + ".tmp"
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(temporary + suffix):
            os.remove(temporary + suffix)
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    lessons = []
    for name in plans:
        with open(os.path.join(HERE, name, "plan.json")) as f:
            plan = json.load(f)
        with open(record_file(name)) as f:
            record = json.load(f)
        subprocess.run([args.kwb, "import", os.path.join(args.state, name, "store.kwb"), "--store", temporary], check=True)
        languages = translations(name)
        lessons += plan_lessons(name, plan, languages, record["trajectory"], record["branches"], args.partial)
    if args.calibration:
        subprocess.run([args.kwb, "attach-calibration", temporary, args.calibration], check=True)
    lesson_file = temporary + ".lessons.json"
    with open(lesson_file, "w") as f:
        json.dump({"lessons": lessons}, f, indent=1)
    subprocess.run([args.kwb, "lessons", temporary, lesson_file, "--author", "Kernel Workbench samples"], check=True)
    os.remove(lesson_file)
    db = sqlite3.connect(temporary)
    db.execute("PRAGMA journal_mode = DELETE")  # one file to ship, no WAL beside it
    db.execute("VACUUM")
    db.close()
    subprocess.run([args.kwb, "check", temporary], check=True)
    os.replace(temporary, args.out)
    print("%s: %d plans, %.1f MiB" % (args.out, len(plans), os.path.getsize(args.out) / 2**20))


if __name__ == "__main__":
    sys.exit(main())
