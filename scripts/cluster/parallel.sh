#!/usr/bin/env bash
# GNU parallel: N shards of a salvo plan on this machine or over ssh, each retried when it fails,
# then a merge status (exit 3 while incomplete).
#
#   npx salvo plan experiments/sweep.yaml --games 100000 -o plan.json
#   scripts/cluster/parallel.sh plan.json 8 parts                      # here, -j jobs at a time
#   scripts/cluster/parallel.sh plan.json 24 parts --sshloginfile hosts.txt \
#       --transferfile plan.json --return 'parts/part-{}.json' --cleanup --workdir ...
#   npx salvo merge plan.json parts/ --out reports/sweep
#
# With a stopping rule in the plan (--precision, --sprt), ROUND=R plays only stopping round R of every
# shard; the status printed at the end names the next round (see README.md, "Sequential stopping").
# Extra arguments go to parallel (e.g. -j 2, --sshloginfile, --retries 5). Over ssh each host
# needs salvo (set SALVO, e.g. SALVO='npx --prefix ~/salvo salvo'); only plan.json travels.
set -euo pipefail
PLAN="$1"; N="$2"; PARTS="$3"; shift 3
SALVO="${SALVO:-npx salvo}"
mkdir -p "$PARTS"
seq 0 $((N - 1)) | parallel --retries "${RETRIES:-3}" --halt never -j "${JOBS:-1}" "$@" \
  "$SALVO run --plan $PLAN --shard {}/$N ${ROUND:+--round $ROUND} --workers ${WORKERS:-2} --out $PARTS/part-${ROUND:+r$ROUND-}{}.json --no-progress" || true
exec $SALVO merge "$PLAN" "$PARTS" --status
