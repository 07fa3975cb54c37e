/**
 * What a plan plays, batch by batch: its stopping rounds and its played variants (the experiment's,
 * then one group per extra agent pairing). Shared by a shard, the queue and the merge; the stopping
 * rule itself is in sequential.ts (a shard never checks it, nor loads the statistics it needs).
 */
import { formatAgentChoice, type AgentChoice } from '../core/agent.ts';
import { HEAVY_BATCHES, fnv1a, heavyGamesOf, planBatches, type BatchRef, type RunPlan, type VariantSpec } from '../run/plan.ts';
import type { PlanFile } from './plan-read.ts';

/** Games per stopping round of a sequential plan; undefined when the plan plays every game. */
export function roundGamesOf(pf: PlanFile): number | undefined {
  return pf.sprt?.roundGames ?? pf.stop?.roundGames ?? pf.even?.roundGames;
}

/** Every batch of the plan, with its stopping round (as src/run/pool.ts cuts the played plan). */
export function planBatchesOf(pf: PlanFile): BatchRef[] {
  return planBatches(pf.plan.games, pf.batchSize, roundGamesOf(pf), heavyGamesOf(playedPlan(pf)));
}

/** A fingerprint of a cut into batches (FNV-1a over every batch's start and count): batch starts mean nothing under another cut. */
export function layoutOf(batches: readonly BatchRef[]): string {
  return `${batches.length}:${fnv1a(batches.map((b) => `${b.start}+${b.count}`).join(','))}`;
}

/** The plan's cut as this salvo makes it (checkpoints and partials record it). */
export function planLayoutOf(pf: PlanFile): string {
  return layoutOf(planBatchesOf(pf));
}

/**
 * The cut of a salvo before 28 Nov 2026, which wrote no layout: a skill check's first games were
 * not cut finer. A checkpoint or partial without a layout was cut this way.
 */
export function legacyLayoutOf(pf: PlanFile): string {
  return layoutOf(planBatches(pf.plan.games, pf.batchSize, roundGamesOf(pf)));
}

/** "12 batches of 500" (and where a skill check's first games are cut finer), for messages. */
export function batchesText(pf: PlanFile): string {
  const heavy = heavyGamesOf(playedPlan(pf));
  const fine = heavy > 0 && Math.ceil(heavy / HEAVY_BATCHES) < pf.batchSize ? `, the first ${heavy} in smaller ones for the skill check` : '';
  return `${planBatchesOf(pf).length} batches of ${pf.batchSize}${fine}`;
}

/** Number of stopping rounds of the plan (1 when it has no stopping rule). */
export function roundCount(pf: PlanFile): number {
  return (planBatchesOf(pf).at(-1)?.round ?? -1) + 1;
}

/** "a vs b": a pairing's name in reports. */
export function pairingName(agents: readonly AgentChoice[]): string {
  return agents.map(formatAgentChoice).join(' vs ');
}

/**
 * The variants under another pairing: a side keeps a variant's own agent where it differs from
 * the baseline's (an agent variant), as src/answers/robust.ts replays them.
 */
function underPairing(plan: RunPlan, agents: readonly AgentChoice[]): VariantSpec[] {
  const base = plan.variants[Math.max(0, plan.baseline)].agents;
  const same = (a: AgentChoice, b: AgentChoice): boolean => formatAgentChoice(a) === formatAgentChoice(b);
  const tag = pairingName(agents);
  return plan.variants.map((v) => ({ ...v, name: `${v.name} @ ${tag}`, agents: v.agents.map((a, s) => (same(a, base[s]) ? agents[s] : a)) }));
}

/**
 * The plan as played: the experiment's variants, then one group of them per extra pairing, then
 * the skill check's group (the variants with its agents, on the first games only).
 */
export function playedPlan(pf: PlanFile): RunPlan {
  const pairings = pf.pairings ?? [];
  const skill = pf.skillCheck;
  if (pairings.length === 0 && !skill) return pf.plan;
  const groups = pairings.flatMap((p) => underPairing(pf.plan, p));
  if (skill) groups.push(...underPairing(pf.plan, skill.agents).map((v) => ({ ...v, games: Math.min(skill.games, pf.plan.games) })));
  return { ...pf.plan, variants: [...pf.plan.variants, ...groups], groupSize: pf.plan.variants.length };
}

/** Variants played per batch (the plan's, times 1 + pairings + the skill check). */
export function playedVariantCount(pf: PlanFile): number {
  return pf.plan.variants.length * (1 + (pf.pairings?.length ?? 0) + (pf.skillCheck ? 1 : 0));
}
