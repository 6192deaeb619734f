"""Checks of an index left by a killed or stopped run, and the comparison of a finished index with the reference.

An index is checked on a copy of its files (the database, its `-wal` and `-journal`, as the dead process left
them), so that the check itself neither recovers nor checkpoints anything: the next run finds the index exactly
as the kill left it.
"""

import collections
import json
import os
import shutil
import sqlite3
import subprocess
import tempfile


def check_integrity(index):
    """Problems found in the index at `index`, as sentences (empty when it is sound), and the number of captures
    in it; (None, 0) when there is no index."""
    if not os.path.exists(index):
        return None, 0
    with tempfile.TemporaryDirectory() as scratch:
        copy = os.path.join(scratch, "index.sqlite")
        for suffix in ("", "-wal", "-journal"):
            if os.path.exists(index + suffix):
                shutil.copyfile(index + suffix, copy + suffix)
        problems, count = [], 0
        try:
            db = sqlite3.connect(copy)
            try:
                rows = [row[0] for row in db.execute("PRAGMA integrity_check")]
                if rows != ["ok"]:
                    problems.append("integrity_check: " + "; ".join(rows[:5]))
                tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                if "captures" not in tables:
                    return problems, 0
                count = db.execute("SELECT count(*) FROM captures").fetchone()[0]
                bad_keys = db.execute("PRAGMA foreign_key_check").fetchall()
                if bad_keys:
                    problems.append(f"foreign_key_check: {len(bad_keys)} rows, first {bad_keys[0]}")
                if "captures_search" in tables:
                    try:
                        db.execute("INSERT INTO captures_search(captures_search) VALUES ('integrity-check')")
                    except sqlite3.DatabaseError as error:
                        problems.append(f"FTS5 integrity-check: {error}")
                    orphans = db.execute("SELECT count(*) FROM captures_search WHERE rowid NOT IN "
                                         "(SELECT rowid FROM captures)").fetchone()[0]
                    unsearchable = db.execute("SELECT count(*) FROM captures WHERE rowid NOT IN "
                                              "(SELECT rowid FROM captures_search)").fetchone()[0]
                    if orphans or unsearchable:
                        problems.append(f"search table out of step: {orphans} rows without a capture, "
                                        f"{unsearchable} captures without a row")
            finally:
                db.close()
        except sqlite3.DatabaseError as error:
            problems.append(f"cannot read: {error}")
        return problems, count


def failures(index):
    """The failures table: {capture id: (stage, reason)} and the number of rows."""
    db = sqlite3.connect(f"file:{index}?mode=ro", uri=True)
    try:
        rows = db.execute("SELECT capture_id, stage, reason FROM failures").fetchall()
    finally:
        db.close()
    return {capture: (stage, reason) for capture, stage, reason in rows}, len(rows)


def export(binary, index, environment):
    """The index as `pool-pipeline export` prints it: a list of parsed JSON lines."""
    result = subprocess.run([binary, "export", "--index", index], capture_output=True, env=environment)
    if result.returncode != 0:
        raise SystemExit(f"crash-bench: export of {index} exited {result.returncode}: "
                         f"{result.stderr.decode(errors='replace')}")
    return [json.loads(line) for line in result.stdout.decode().splitlines() if line.strip()]


Comparison = collections.namedtuple(
    "Comparison", "captures lost extra duplicated differing failures_differing details")


def compare(reference, candidate, reference_failures, candidate_failures, ignored=()):
    """Compares two exports (and their failures) capture by capture, keyed by (source, path).

    lost: in the reference, not in the candidate; extra: in the candidate only; duplicated: lines of the
    candidate beyond the first for a key, or an id on two lines; differing: captures in both whose fields (less
    `ignored`) differ; failures_differing: failed paths whose stage or reason differ, or that fail in one only.
    """
    details = []

    def keyed(lines):
        table, repeats = {}, 0
        for line in lines:
            key = (line.get("source"), line.get("path"))
            if key in table:
                repeats += 1
            table.setdefault(key, line)
        return table, repeats

    expected, _ = keyed(reference)
    found, repeats = keyed(candidate)
    ids = collections.Counter(line.get("id") for line in candidate)
    repeats += sum(count - 1 for count in ids.values() if count > 1)
    if repeats:
        details.append(f"{repeats} duplicated lines")
    lost = sorted(set(expected) - set(found))
    extra = sorted(set(found) - set(expected))
    failed_ids = set(candidate_failures[0])
    for key in lost[:5]:
        failed = expected[key].get("id") in failed_ids
        details.append(f"lost: {key[1]}" + (" (recorded as failed)" if failed else ""))
    for key in extra[:5]:
        details.append(f"extra: {key[1]}")
    differing = 0
    fields = collections.Counter()
    for key in sorted(set(expected) & set(found)):
        changed = [name for name in sorted(set(expected[key]) | set(found[key]))
                   if name not in ignored and expected[key].get(name) != found[key].get(name)]
        if changed:
            differing += 1
            fields.update(changed)
            if differing <= 5:
                first = changed[0]
                details.append(f"differs: {key[1]}: {', '.join(changed)} "
                               f"({first}: {expected[key].get(first)!r} vs {found[key].get(first)!r})")
    if fields:
        details.append("fields that differ: " + ", ".join(f"{name} x{count}" for name, count in fields.most_common()))
    reference_table, _ = reference_failures
    candidate_table, candidate_rows = candidate_failures
    failed_differently = {key for key in set(reference_table) | set(candidate_table)
                          if reference_table.get(key) != candidate_table.get(key)}
    for key in sorted(failed_differently, key=str)[:5]:
        details.append(f"failure of {key} differs: {reference_table.get(key)} vs {candidate_table.get(key)}")
    if candidate_rows != len(candidate_table):
        details.append(f"failures table has {candidate_rows - len(candidate_table)} repeated ids")
    return Comparison(len(candidate), len(lost), len(extra), repeats + candidate_rows - len(candidate_table),
                      differing, len(failed_differently), details)
