#!/usr/bin/env python3
"""Writes the workspace of turns of a store (their files as the store keeps them) into folders named by turn uuid,
so a turn's build can be made again where the store is not: for its disassembly and Nsight Compute's source page.

    workspace.py STORE.kwb OUT TURN_UUID...
"""
import os
import sqlite3
import sys


def main():
    store, out, turns = sys.argv[1], sys.argv[2], sys.argv[3:]
    db = sqlite3.connect("file:%s?mode=ro" % store, uri=True)
    for uuid in turns:
        row = db.execute("SELECT manifest FROM turns WHERE uuid = ?", (uuid,)).fetchone()
        if row is None:
            sys.exit("workspace.py: no turn %s in %s" % (uuid, store))
        for path, blob in db.execute("SELECT path, blob FROM manifest_entries WHERE manifest = ?", (row[0],)):
            (data,) = db.execute("SELECT data FROM blobs WHERE hash = ?", (blob,)).fetchone()
            target = os.path.join(out, uuid, path)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as f:
                f.write(data)
        print(os.path.join(out, uuid))


if __name__ == "__main__":
    main()
