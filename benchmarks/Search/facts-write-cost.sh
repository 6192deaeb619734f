#!/bin/sh
# What the capture_facts triggers cost writers: the same writes in one transaction (rolled back) with the
# triggers, and with them dropped inside the transaction; prints the CPU seconds of each, alternating. The third
# argument chooses the triggers dropped (a LIKE pattern): 'capture_facts_log%' times the change log's alone.
#   sh benchmarks/Search/facts-write-cost.sh /tmp/search-bench-h-search.sqlite [rounds=2] [pattern=capture_facts%]
set -eu
index=$1
rounds=${2:-2}
pattern=${3:-capture_facts%}
columns=$(sqlite3 "$index" "SELECT group_concat(name, ', ') FROM pragma_table_info('captures') WHERE name != 'id'")
writes="INSERT INTO captures (id, $columns) SELECT id || '-new', $columns FROM captures WHERE rowid <= 5000;
INSERT INTO labels SELECT capture_id || '-new', name, confidence FROM labels
    WHERE capture_id IN (SELECT id FROM captures WHERE rowid <= 5000);
INSERT INTO codes SELECT capture_id || '-new', ordinal, format, payload, text, box_x, box_y, box_width, box_height
    FROM codes WHERE capture_id IN (SELECT id FROM captures WHERE rowid <= 5000);
UPDATE captures SET indexed_at = indexed_at + 1 WHERE rowid BETWEEN 5001 AND 10000;
DELETE FROM labels WHERE capture_id IN (SELECT id FROM captures WHERE rowid BETWEEN 5001 AND 10000);
INSERT INTO labels SELECT id, 'labelx', 0.5 FROM captures WHERE rowid BETWEEN 5001 AND 10000;"
drops=$(sqlite3 "$index" "SELECT 'DROP TRIGGER ' || name || ';' FROM sqlite_schema
                           WHERE type = 'trigger' AND name LIKE '$pattern'")
cpu() { sqlite3 "$index" 2>&1 | grep -o 'user [0-9.]*' | awk '{ s += $2 } END { printf "%.3f\n", s }'; }
i=0
while [ "$i" -lt "$rounds" ]; do
    printf 'with triggers: %s s\n' "$(printf '.timer on\nBEGIN;\n%s\nROLLBACK;\n' "$writes" | cpu)"
    printf 'without:       %s s\n' "$(printf '.timer on\nBEGIN;\n%s\n%s\nROLLBACK;\n' "$drops" "$writes" | cpu)"
    i=$((i + 1))
done
