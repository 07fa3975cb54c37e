/** The identity of the rules data a plan is played with: a shard or queue worker checks it against the plan's. */
import { canonicalJson, sha256 } from '../core/canonical.ts';
import { findSystem } from '../systems/index.ts';

/** SHA-256 of the bundled rules data (with provenance) of the given systems, in id order (each loaded first). */
export function rulesHash(systemIds: readonly string[]): string {
  const ids = [...new Set(systemIds)].sort();
  return sha256(canonicalJson(ids.map((id) => [id, findSystem(id)?.rulesData ?? null])));
}
