#!/usr/bin/env python3
"""Turns a sample plan (plan.json beside its source files) into scripts for the scripted policy.

One script per branch: main.json for the plan's "turns", fork-<n>.json for each entry of "forks". A turn becomes
one assistant message: its text, a write_file call for each file it lists (the file's whole text), and a
`profile` call, which compiles, verifies, times and traces the workspace. A turn marked "final" becomes the final
answer (text only); the engine then evaluates the workspace once more. Lessons stay in the plan: they are added to
the recorded store afterwards (`kwb lessons`).

    make_script.py PLAN_DIR OUT_DIR
"""
import json
import os
import sys


def action(plan_dir, turn):
    if turn.get("final"):
        return {"text": turn["text"]}
    calls = []
    for target, source in turn.get("files", {}).items():
        with open(os.path.join(plan_dir, source), encoding="utf-8") as f:
            calls.append({"name": "write_file", "arguments": {"path": target, "content": f.read()}})
    calls.append({"name": "profile", "arguments": {}})
    return {"text": turn["text"], "tool_calls": calls}


def check(plan):
    ids = set()
    for branch in [plan["turns"]] + [f["turns"] for f in plan.get("forks", [])]:
        if not branch or not branch[-1].get("final"):
            raise SystemExit("every branch of the plan must end with a final turn")
        for turn in branch:
            if turn["id"] in ids:
                raise SystemExit("turn id %s is used twice" % turn["id"])
            ids.add(turn["id"])
    main_ids = [t["id"] for t in plan["turns"]]
    for fork in plan.get("forks", []):
        if fork["from"] not in main_ids[:-1]:
            raise SystemExit("fork from %s: not an inner turn of the main branch" % fork["from"])


def main():
    plan_dir, out_dir = sys.argv[1], sys.argv[2]
    with open(os.path.join(plan_dir, "plan.json"), encoding="utf-8") as f:
        plan = json.load(f)
    check(plan)
    os.makedirs(out_dir, exist_ok=True)
    branches = [("main", plan["turns"])] + [("fork-%d" % (i + 1), f["turns"]) for i, f in enumerate(plan.get("forks", []))]
    for name, turns in branches:
        with open(os.path.join(out_dir, name + ".json"), "w", encoding="utf-8") as f:
            json.dump([action(plan_dir, t) for t in turns], f, indent=1)
    print(" ".join(name for name, _ in branches))


if __name__ == "__main__":
    main()
