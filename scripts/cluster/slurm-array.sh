#!/usr/bin/env bash
# A Slurm job array: one shard of a salvo plan per array task; merge the parts when all are done.
#
#   npx salvo plan experiments/sweep.yaml --games 100000 -o plan.json
#   sbatch --array=0-15 scripts/cluster/slurm-array.sh plan.json parts
#   npx salvo merge plan.json parts/ --status          # coverage; exit 3 while incomplete
#   sbatch --array=5 scripts/cluster/slurm-array.sh plan.json parts    # re-run a failed shard
#   npx salvo merge plan.json parts/ --out reports/sweep
#
# With a stopping rule in the plan (--precision, --sprt): ROUND=R sbatch ... plays only stopping round
# R; salvo merge --status names the next round (see README.md, "Sequential stopping").
# The shard index comes from SLURM_ARRAY_TASK_ID (shifted by SLURM_ARRAY_TASK_MIN, so --array=1-16
# works too) and the shard count from SLURM_ARRAY_TASK_COUNT. Every task must see plan.json and
# the parts folder (a shared file system); nothing else is read.
#SBATCH --job-name=salvo
#SBATCH --cpus-per-task=2
#SBATCH --time=02:00:00
#SBATCH --output=slurm-salvo-%A_%a.log
set -euo pipefail
PLAN="${1:-plan.json}"
PARTS="${2:-parts}"
SALVO="${SALVO:-npx salvo}"
: "${SLURM_ARRAY_TASK_ID:?submit with sbatch --array=0-<N-1>}"
mkdir -p "$PARTS"
exec $SALVO run --plan "$PLAN" --shard-from-env ${ROUND:+--round "$ROUND"} --workers "${SLURM_CPUS_PER_TASK:-2}" \
  --out "$PARTS/part-${ROUND:+r$ROUND-}${SLURM_ARRAY_TASK_ID}-of-${SLURM_ARRAY_TASK_COUNT:-n}.json" --no-progress
