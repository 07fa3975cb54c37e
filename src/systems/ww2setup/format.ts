/** Human-readable text of one generated set-up, step by step in the seed's sequence. */
import { Fraction } from '../../core/dice/fraction.ts';
import type { SetupPlan } from './model.ts';
import type { SetupResult } from './state.ts';

const INTENSITY_TEXT: Record<string, string> = { LocalAttack: 'Local Attack', MajorOffensive: 'Major Offensive', NavalBarrage: 'Naval Barrage', StalematedFront: 'Stalemated Front' };

function inches(text: string): string {
  const f = Fraction.parse(text);
  return f.den === 1n ? `${f}"` : `${f}" (${f.toDecimal(2)}")`;
}

export function formatSetup(plan: SetupPlan, r: SetupResult, seed?: number | string): string {
  const S = plan.sides;
  const name = (i: number) => `${S[i].id}${S[i].id !== S[i].nation ? ` (${S[i].label})` : ''}`;
  const out: string[] = [];
  out.push(`WWII 1943 set-up: ${name(r.attacker)} attack ${name(r.defender)}, ${plan.front} front ${plan.year}, ${INTENSITY_TEXT[plan.intensity]}${seed !== undefined ? ` (seed ${seed})` : ''}`);
  out.push(`  forces: ${S.map((s) => `${s.id} ${s.subUnits} sub-units${s.attachedUnits ? ` + ${s.attachedUnits} attached` : ''}, ${s.bases} bases`).join('; ')}; N = ${plan.N}, B = ${plan.B}`);
  // 1
  if (r.attackerRolls.length) out.push(`1 Attacker: roll-off ${r.attackerRolls.map(([a, b]) => `${a} v ${b}`).join(', then ')}: ${name(r.attacker)} attack`);
  else out.push(`1 Attacker: ${name(r.attacker)} (given)`);
  // 2-3
  if (r.air.rolled) {
    const ax = r.air.axisSide;
    const who = r.air.winner < 0 ? 'tie: no airstrike presence for either side' : `${S[r.air.winner].id} win air superiority by ${Math.abs(r.air.axisMargin)}`;
    out.push(`2 Air superiority: ${S[ax].id} ${r.air.axisDie} ${r.air.axisMod === 0 ? '+0' : fmtSigned(r.air.axisMod)} (${plan.axisSource}) = ${r.air.axisDie + r.air.axisMod} v ${S[1 - ax].id} ${r.air.alliedDie}: ${who}`);
    const parts = r.sides.map((s) => (s.airstrikeColumn === null ? `${s.id} 0` : `${s.id} ${s.airstrikes} (column ${fmtSigned(s.airstrikeColumn)}: ${s.airstrikeCell} on the ${S[r.sides.indexOf(s)].airstrikeRow} row)`));
    out.push(`3 Airstrikes: ${parts.join('; ')}`);
  } else out.push('2-3 Air superiority and airstrikes: skipped');
  // 4
  if (plan.steps.barrages) {
    const parts = r.sides.map((s) => {
      const b = s.barrage!;
      const mod = b.mod ? ` ${fmtSigned(b.mod)}${b.effectiveDie !== b.die + b.mod ? ` -> ${b.effectiveDie}` : ` = ${b.effectiveDie}`}` : '';
      return `${s.id} (${s.role.toLowerCase()}) die ${b.die}${mod}: .${String(b.rate100).padStart(2, '0')} x ${b.N} = ${s.barrages}`;
    });
    out.push(`4 Barrages (${INTENSITY_TEXT[plan.intensity]}): ${parts.join('; ')}`);
    if (plan.steps.dummies) out.push(`  dummy chits: ${r.sides.map((s) => `${s.id} ${s.dummies}${s.dummyCap !== null ? ` (up to ${s.dummyCap})` : ''}`).join('; ')}`);
  } else out.push('4 Barrages: skipped');
  // 5
  if (plan.steps.defensiveWorks) {
    out.push(`5 Defensive works (${plan.rollSets} roll set${plan.rollSets === 1 ? '' : 's'} for ${plan.B} bases):`);
    r.sides.forEach((s, i) => {
      const w = s.works;
      out.push(`  ${s.id} (${s.role.toLowerCase()}, ${S[i].worksRow}${s.role === 'Defender' && plan.options.defenderExtraDie !== 'none' ? ', +1 die' : ''}): trench ${inches(w.trenchInches)} (${w.trenchPoints} x ${plan.trenchInchesPerPoint}"), pillboxes ${w.pillboxes}, bunkers ${w.bunkers}, minefield sections ${w.minefields}`);
    });
  } else out.push('5 Defensive works: skipped');
  // 6-7
  if (plan.steps.prefillRequestSheet && (plan.steps.barrages || plan.steps.airstrikes)) out.push(`6 Request sheet: each side may pre-fill its Request and Wait boxes from these pools (at most 8 real barrage chits ${plan.options.prefillLimit === 'perBox' ? 'per box' : 'in both boxes'}; airstrike and dummy chits unlimited)`);
  if (r.proximity.yards !== null) out.push(`7 Setup proximity (${plan.terrain}, die ${r.proximity.die}): ${r.proximity.yards} yd = ${inches(r.proximity.inches!)} at ${plan.scale.toLowerCase()} scale (${plan.yardsPerInch} yd/in); no attacker base or work closer to the defender`);
  if (r.lull.mode === 'proximityDie') out.push(`  Lull: rolls start on turn ${r.lull.startTurn}; first lull on turn ${r.lull.turn} (${r.lull.type}; lull dice ${r.lull.rolls.join(' ')})`);
  else if (r.lull.mode === 'deadline2d6') out.push(`  Lull: 2D6 deadline, turn ${r.lull.turn} (${r.lull.type})`);
  else out.push('  Lull: none rolled (play until a side runs out of troops or both declare one)');
  for (const w of r.warnings) out.push(`warning: ${w}`);
  return out.join('\n') + '\n';
}

export function fmtSigned(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}
