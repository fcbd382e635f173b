#!/usr/bin/env python3
"""Sets the plans' lessons again on a store bundle.py already made, without the recordings.

    relesson.py [STORE] [--kwb PATH]

For a change to the lessons alone (a corrected sentence, a translation in lessons.<language>.json): the store's own
lessons say which plan each trajectory follows (the summary's "plan") and which plan step each turn is (its "step"),
so the recorded turns are found without record.json. The lessons are built as bundle.py builds them and set with
`kwb lessons` (each target's earlier lesson replaced); the store is then compacted and checked (`kwb check`).
STORE defaults to resources/samples/case-studies.kwb. No evaluation is touched.
"""
import argparse
import json
import os
import sqlite3
import subprocess
import sys

from bundle import HERE, ROOT, plan_lessons, translations


def recorded(db):
    """{plan: (trajectory uuid, {step id: turn uuid})} from the store's lessons."""
    plans = {}
    for trajectory_id, uuid, annotations in db.execute("SELECT id, uuid, annotations FROM trajectories"):
        for a in json.loads(annotations or "[]"):
            if a.get("kind") == "lesson" and a.get("details", {}).get("plan"):
                steps = {}
                for turn_uuid, turn_annotations in db.execute("SELECT uuid, annotations FROM turns WHERE trajectory_id = ?",
                                                              (trajectory_id,)):
                    for t in json.loads(turn_annotations or "[]"):
                        if t.get("kind") == "lesson" and t.get("scope") == "turn" and t.get("details", {}).get("step"):
                            steps[t["details"]["step"]] = turn_uuid
                plans[a["details"]["plan"]] = (uuid, steps)
    return plans


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("store", nargs="?", default=os.path.join(ROOT, "resources", "samples", "case-studies.kwb"))
    parser.add_argument("--kwb", default=os.path.join(ROOT, "build", "dev", "bin", "kwb"))
    args = parser.parse_args()
    db = sqlite3.connect(args.store)
    plans = recorded(db)
    db.close()
    if not plans:
        raise SystemExit("%s has no plan lessons: make it with bundle.py" % args.store)
    lessons = []
    for name, (trajectory, steps) in sorted(plans.items()):
        with open(os.path.join(HERE, name, "plan.json")) as f:
            plan = json.load(f)
        branches = {"main": [steps.get(t["id"]) for t in plan["turns"]]}
        for i, fork in enumerate(plan.get("forks", [])):
            branches["fork-%d" % (i + 1)] = [steps.get(t["id"]) for t in fork["turns"]]
        missing = [key for key, uuids in branches.items() if None in uuids]
        if missing:
            raise SystemExit("%s: the store has no lesson for some turns of %s" % (name, ", ".join(missing)))
        lessons += plan_lessons(name, plan, translations(name), trajectory, branches)
    lesson_file = args.store + ".lessons.json"
    with open(lesson_file, "w", encoding="utf-8") as f:
        json.dump({"lessons": lessons}, f, indent=1, ensure_ascii=False)
    try:
        subprocess.run([args.kwb, "lessons", args.store, lesson_file, "--author", "Kernel Workbench samples"], check=True)
    finally:
        os.remove(lesson_file)
    db = sqlite3.connect(args.store)
    db.execute("PRAGMA journal_mode = DELETE")  # one file to ship, no WAL beside it
    db.execute("VACUUM")
    db.close()
    subprocess.run([args.kwb, "check", args.store], check=True)
    translated = sum(1 for lesson in lessons if lesson["details"].get("translations"))
    print("%s: %d lessons of %d plans set, %d with translations" % (args.store, len(lessons), len(plans), translated))


if __name__ == "__main__":
    sys.exit(main())
