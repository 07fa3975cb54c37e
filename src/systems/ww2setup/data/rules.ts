/**
 * Rules data of the 1943 "Standard Game Setup" page (seed 003_b3520e4f46d2df57.txt), as repaired
 * by the spec (shared/rules/ww2setup.md §4, repairs R1–R7 in §4.8), with provenance.
 *
 * Dice cells are text in the seed's notation: 'None' / '-' (nothing), '6' or '5,6' or '4-6' (one
 * die, success on those faces), '½D6' (half a die, also written 'halfD6'), '1D6'..'9D6' (sum).
 * Barrage rates are integer hundredths (.45 -> 45) so rounding is exact (spec §3.4, oracle O-B5).
 * Years are keys '1939'..'1945'. A house rule is a scenario `overrides:` entry on these paths,
 * e.g. "airstrikes.rows.US.5": "2D6" or "barrages.rates.LocalAttack.Defender.0": 5.
 */
import type { DataTree } from '../../../core/tables/provenance.ts';
import { YEARS } from '../schema.ts';

const SEED = 'seed: 003 Standard Game Setup';

type YearRow = Record<(typeof YEARS)[number], number | null>;
function years(...v: Array<number | null>): YearRow {
  return Object.fromEntries(YEARS.map((y, i) => [y, v[i]])) as YearRow;
}

/** A works-row selector: nation on these fronts in these years uses `row`. */
function works(fronts: string[], from: number, to: number, row: string, prov: string): Record<string, unknown> {
  return { $prov: prov, fronts, from, to, row };
}
const ALL_FRONTS = ['East', 'West', 'Mediterranean', 'China', 'Pacific', 'PacificIsland'];
const PH59 = 'placeholder: spec §5.9 (row missing from the seed)';
const INTERP_FRONT = 'interpretation: spec §4.8 R5 (front/years of the seed row read onto a battle front)';

export const rulesData: DataTree = {
  $prov: SEED,
  air: {
    $prov: 'seed: Air Superiority table (spec T1, repair R1)',
    /** Axis player's modifier by Axis block, front (T1 row) and year; null = '–' (spec §6 A10). */
    modifiers: {
      Germany: {
        RussiaPoland: years(4, null, 4, 2, 0, -2, -4),
        FranceBelgium: years(null, 2, null, null, null, -5, -5),
        AfricaItaly: years(null, null, 0, -1, -3, -4, -5),
      },
      Japan: {
        China: years(3, 3, 3, 2, 0, -1, -3),
        FieldForce: years(null, null, 1, 0, -1, -3, -5),
        IslandGarrison: years(null, null, -1, -2, -3, -4, -5),
      },
    },
  },
  airstrikes: {
    $prov: 'seed: Airstrike Availability table (spec T2, repair R2)',
    /** Signed margin of each column; the last is '+5 or more'. */
    columns: [-1, 0, 1, 2, 3, 4, 5],
    rows: {
      US: ['5,6', '½D6', '½D6', '1D6', '1D6', '2D6', '2D6'],
      GER_UK_USSR: ['6', '5,6', '½D6', '½D6', '½D6', '1D6', '1D6'],
      FR_JAP_IT: ['None', 'None', '6', '5,6', '½D6', '½D6', '1D6'],
    },
  },
  barrages: {
    rates: {
      $prov: 'seed: Artillery Barrages table (spec T3, repair R3), hundredths per sub-unit',
      LocalAttack: { Attacker: [15, 15, 20, 25, 35, 40], Defender: [0, 0, 5, 10, 15, 20] },
      MajorOffensive: { Attacker: [20, 25, 30, 45, 60, 70], Defender: [10, 15, 20, 30, 45, 55] },
      NavalBarrage: { Attacker: [35, 40, 50, 65, 70, 85], Defender: [0, 5, 10, 20, 30, 40] },
      StalematedFront: { Attacker: [10, 10, 15, 15, 15, 20], Defender: [5, 5, 10, 15, 20, 30] }, // seed and spec T3 (the spec's §7.1 RATE constant has 10, 15, 20 here: a typo, see RULES.md)
    },
    modifiers: {
      $prov: { '*': 'seed: Notes & Die Roll Modifiers (spec T4, repair R4); blank = 0', others: 'derived: spec T4 "all others" (nothing printed = 0; spec §5.9)' },
      Italians: years(0, 0, -1, -2, 0, 0, 0),
      Japanese: years(0, 0, 0, -1, -1, -2, -3),
      Americans: years(0, 0, 0, -1, 0, 3, 1),
      Germans: years(0, 0, 0, 0, 0, -1, -2),
      Russians: years(0, 0, 0, 0, 0, 1, 2),
      British: years(0, 0, 0, 0, 0, 2, 0),
      others: years(0, 0, 0, 0, 0, 0, 0),
    },
    /** Die faces of the table (a modified roll outside is clamped, or rejected: option barrageBounds). */
    dieMin: 1,
    dieMax: 6,
  },
  defensiveWorks: {
    $prov: { '*': 'seed: Defensive Works (spec T6, repair R5: front/years of the year-only rows are a medium judgement call)', basesPerRollSet: 'seed: Defensive Works ("once per 200 total bases")', trenchInchesPerPoint: 'seed: Defensive Works ("Trenches (x10")")' },
    basesPerRollSet: 200,
    trenchInchesPerPoint: 10,
    rows: {
      GER_West1940: { label: 'German, West 1940', trenches: '½D6', pillboxes: '-', bunkers: '-', minefields: '-' },
      GER_West1944_45: { label: 'German, West 1944–45', trenches: '1D6', pillboxes: '½D6', bunkers: '½D6', minefields: '1D6' },
      GER_East1941_42: { label: 'German, East 1941–42', trenches: '½D6', pillboxes: '-', bunkers: '-', minefields: '-' },
      GER_East1943_45: { label: 'German, East 1943–45', trenches: '1D6', pillboxes: '½D6', bunkers: '-', minefields: '3D6' },
      GER_South: { label: 'German, South (Africa/Italy)', trenches: '2D6', pillboxes: '½D6', bunkers: '-', minefields: '1D6' },
      SOV_1941_42: { label: 'Russian, 1941–42', trenches: '1D6', pillboxes: '½D6', bunkers: '-', minefields: '1D6' },
      SOV_1943: { label: 'Russian, 1943', trenches: '2D6', pillboxes: '½D6', bunkers: '½D6', minefields: '5D6' },
      SOV_1944_45: { label: 'Russian, 1944–45', trenches: '½D6', pillboxes: '-', bunkers: '-', minefields: '2D6' },
      USA_Pacific: { label: 'American, Pacific', trenches: '2D6', pillboxes: '-', bunkers: '-', minefields: '-' },
      USA_Europe: { label: 'American, Europe', trenches: '1D6', pillboxes: '-', bunkers: '-', minefields: '1D6' },
      JAP_China: { label: 'Japanese, China', trenches: '1D6', pillboxes: '½D6', bunkers: '-', minefields: '1D6' },
      JAP_FieldForce: { label: 'Japanese, Field Force', trenches: '1D6', pillboxes: '1D6', bunkers: '1D6', minefields: '1D6' },
      JAP_IslandGarrison: { label: 'Japanese, Island Garrison', trenches: '2D6', pillboxes: '2D6', bunkers: '2D6', minefields: '4D6' },
      GBR_Africa: { label: 'British, Africa', trenches: '3D6', pillboxes: '1D6', bunkers: '½D6', minefields: '6D6' },
      GBR_Europe1940: { label: 'British, Europe 1940', trenches: '½D6', pillboxes: '-', bunkers: '-', minefields: '½D6' },
    },
  },
  proximity: {
    $prov: 'seed: Setup Proximity (spec T7, repair R6)',
    /** Closest approach in yards by terrain, index = die − 1. */
    yards: {
      Constricted: [80, 160, 200, 250, 300, 400],
      Open: [120, 200, 300, 400, 500, 600],
      WideOpen: [200, 300, 400, 500, 700, 1000],
    },
    yardsPerInch: { Large: 20, Medium: 30, Small: 40 },
  },
  lull: {
    $prov: { '*': 'seed: Combat Lulls and the Lull Feature table (spec T8, repair R7)', deadlineDice: 'seed: intro paragraph ("roll two dice (2D6) in order to set a lull deadline")' },
    /** Natural faces of the lull die that start a lull. */
    triggerFaces: [6],
    /** A lull on this turn or earlier is short ("before the seventh game turn"). */
    shortIfTurnAtMost: 6,
    deadlineDice: 2,
    short: {
      combatRepair: '6',
      commandRepair: '6',
      commandRepairMax: 1,
      mgJam: 'auto',
      demoralizedRecovery: 'None',
      reorganize: false,
      extraBarrageRoll: false,
      extraAirRoll: true,
      hastyDigIn: true,
      trenchline: 'None',
    },
    long: {
      $prov: { '*': 'seed: Lull Feature table, Long Lull column', hastyDigIn: 'interpretation: spec §6 A16 (a long lull allows everything a short one does)', trenchline: 'interpretation: spec §4.8 R7 ("½10" read as ½D6 × 10"; high judgement call)' },
      combatRepair: '4-6',
      commandRepair: '5,6',
      commandRepairMax: 3,
      mgJam: 'auto',
      demoralizedRecovery: '5,6',
      reorganize: true,
      extraBarrageRoll: true,
      extraAirRoll: true,
      hastyDigIn: true,
      trenchline: '½D6',
    },
  },
  requestSheet: {
    $prov: { progressBoxes: 'placeholder: spec §5.1 (one "Wait" box on every line; the printed sheet was not found)', maxBarrageChitsPerTurn: 'public: wtj.com 1943 rule_barrage 6.1 (at most 8 barrage request chits in line per turn)' },
    progressBoxes: 1,
    maxBarrageChitsPerTurn: 8,
  },
  fronts: {
    $prov: 'interpretation: spec §3.2 and §6 A11 (a battle front picks the T1 row of each Axis block; for Japan the force type)',
    East: { label: 'Eastern Front (Russia/Poland)', axisRows: { Germany: 'RussiaPoland', Japan: 'China' } },
    West: { label: 'Western Front (France/Belgium, NW Europe)', axisRows: { Germany: 'FranceBelgium', Japan: 'none' } },
    Mediterranean: { label: 'Mediterranean (Africa/Italy)', axisRows: { Germany: 'AfricaItaly', Japan: 'none' } },
    China: { label: 'China', axisRows: { Germany: 'none', Japan: 'China' } },
    Pacific: { label: 'Pacific, Japanese field force', axisRows: { Germany: 'none', Japan: 'FieldForce' } },
    PacificIsland: { label: 'Pacific, Japanese island garrison', axisRows: { Germany: 'none', Japan: 'IslandGarrison' } },
  },
  nations: {
    Germans: {
      $prov: { '*': 'seed: nation rows of the Air Superiority, Airstrike, Notes and Defensive Works tables' },
      label: 'Germans',
      aliases: ['German', 'Germany', 'GER'],
      bloc: 'Axis',
      axisBlock: 'Germany',
      airstrikeRow: 'GER_UK_USSR',
      barrageRow: 'Germans',
      works: [
        works(['West'], 1940, 1940, 'GER_West1940', 'seed: Defensive Works "West - 40"'),
        works(['West'], 1944, 1945, 'GER_West1944_45', 'seed: Defensive Works "44 45" under West (R5)'),
        works(['West'], 1939, 1943, 'GER_West1944_45', `${PH59}: German West 1941–43 -> West 1944–45`),
        works(['East'], 1941, 1942, 'GER_East1941_42', 'seed: Defensive Works "East - 41 42"'),
        works(['East'], 1943, 1945, 'GER_East1943_45', 'seed: Defensive Works "43 44 45" under East (R5)'),
        works(['East'], 1939, 1940, 'GER_East1941_42', 'placeholder: nearest years of the same front (Poland 1939)'),
        works(['Mediterranean'], 1939, 1945, 'GER_South', 'seed: Defensive Works "South" (no years given)'),
      ],
    },
    Italians: {
      $prov: { '*': 'seed: Air Superiority ("German modifiers count toward Italians"), Airstrike row "France, Japan, Italy", Notes 1941/1942', works: `${PH59}: Italians -> German South row` },
      label: 'Italians',
      aliases: ['Italian', 'Italy', 'ITA'],
      bloc: 'Axis',
      axisBlock: 'Germany',
      airstrikeRow: 'FR_JAP_IT',
      barrageRow: 'Italians',
      works: [works(ALL_FRONTS, 1939, 1945, 'GER_South', `${PH59}: Italians -> German South row`)],
    },
    Japanese: {
      $prov: { '*': 'seed: Japan block of the Air Superiority table, Airstrike row "France, Japan, Italy", Notes, Defensive Works' },
      label: 'Japanese',
      aliases: ['Japan', 'JAP', 'JPN'],
      bloc: 'Axis',
      axisBlock: 'Japan',
      airstrikeRow: 'FR_JAP_IT',
      barrageRow: 'Japanese',
      works: [
        works(['China'], 1939, 1945, 'JAP_China', INTERP_FRONT),
        works(['Pacific'], 1939, 1945, 'JAP_FieldForce', INTERP_FRONT),
        works(['PacificIsland'], 1939, 1945, 'JAP_IslandGarrison', INTERP_FRONT),
        works(['East', 'West', 'Mediterranean'], 1939, 1945, 'JAP_China', 'placeholder: nearest stated row (Khalkhin Gol, Manchuria; spec §5.9)'),
      ],
    },
    Americans: {
      $prov: { '*': 'seed: Airstrike row "United States", Notes, Defensive Works "American"' },
      label: 'Americans',
      aliases: ['American', 'US', 'USA', 'United States'],
      bloc: 'Allied',
      airstrikeRow: 'US',
      barrageRow: 'Americans',
      works: [
        works(['Pacific', 'PacificIsland'], 1939, 1945, 'USA_Pacific', INTERP_FRONT),
        works(['West', 'Mediterranean', 'East'], 1939, 1945, 'USA_Europe', INTERP_FRONT),
        works(['China'], 1939, 1945, 'USA_Pacific', 'placeholder: nearest theatre (spec §5.9 style)'),
      ],
    },
    British: {
      $prov: { '*': 'seed: Airstrike row "Germany, UK, USSR", Notes 1944, Defensive Works "British"' },
      label: 'British',
      aliases: ['Britain', 'UK', 'GBR', 'English'],
      bloc: 'Allied',
      airstrikeRow: 'GER_UK_USSR',
      barrageRow: 'British',
      works: [
        works(['Mediterranean'], 1939, 1943, 'GBR_Africa', 'seed: Defensive Works "British Africa"'),
        works(['Mediterranean'], 1944, 1945, 'USA_Europe', `${PH59}: British Italy -> American Europe row`),
        works(['West', 'East'], 1939, 1940, 'GBR_Europe1940', 'seed: Defensive Works "Europe 40" (1939: placeholder, nearest year)'),
        works(['West', 'East'], 1941, 1945, 'USA_Europe', `${PH59}: British Europe 1944–45 -> American Europe row`),
        works(['China', 'Pacific', 'PacificIsland'], 1939, 1945, 'USA_Pacific', `${PH59}: British Far East -> American Pacific row`),
      ],
    },
    Commonwealth: {
      $prov: `${PH59}: Commonwealth (Australia, Canada, India, NZ, South Africa) use the UK rows`,
      label: 'Commonwealth',
      aliases: ['Australians', 'Canadians', 'Indians', 'New Zealanders', 'South Africans'],
      bloc: 'Allied',
      airstrikeRow: 'GER_UK_USSR',
      barrageRow: 'others',
      works: [
        works(['Mediterranean'], 1939, 1943, 'GBR_Africa', PH59),
        works(['West', 'East', 'Mediterranean'], 1939, 1945, 'USA_Europe', PH59),
        works(['China', 'Pacific', 'PacificIsland'], 1939, 1945, 'USA_Pacific', PH59),
      ],
    },
    Russians: {
      $prov: { '*': 'seed: Airstrike row "Germany, UK, USSR", Notes 1944/1945, Defensive Works "Russian"' },
      label: 'Russians',
      aliases: ['Russian', 'Soviets', 'Soviet', 'USSR', 'SOV', 'RUS'],
      bloc: 'Allied',
      airstrikeRow: 'GER_UK_USSR',
      barrageRow: 'Russians',
      works: [
        works(ALL_FRONTS, 1941, 1942, 'SOV_1941_42', 'seed: Defensive Works "Russian 41 42"'),
        works(ALL_FRONTS, 1943, 1943, 'SOV_1943', 'seed: Defensive Works "Russian 43"'),
        works(ALL_FRONTS, 1944, 1945, 'SOV_1944_45', 'seed: Defensive Works "Russian 44 45"'),
        works(ALL_FRONTS, 1939, 1940, 'SOV_1941_42', `${PH59}: Russians 1939–40 -> 1941–42 row`),
      ],
    },
    French: {
      $prov: { '*': 'seed: Airstrike row "France, Japan, Italy"', works: `${PH59}: French 1940 -> British Europe 1940 row`, barrageRow: 'derived: spec T4 (no French modifier printed = 0)' },
      label: 'French',
      aliases: ['France', 'FRA'],
      bloc: 'Allied',
      airstrikeRow: 'FR_JAP_IT',
      barrageRow: 'others',
      works: [works(ALL_FRONTS, 1939, 1945, 'GBR_Europe1940', `${PH59}: French -> British Europe 1940 row`)],
    },
    Poles: {
      $prov: `${PH59}: Poles use the France/Japan/Italy airstrike row and the British Europe 1940 works row`,
      label: 'Poles',
      aliases: ['Polish', 'Poland', 'POL'],
      bloc: 'Allied',
      airstrikeRow: 'FR_JAP_IT',
      barrageRow: 'others',
      works: [works(ALL_FRONTS, 1939, 1945, 'GBR_Europe1940', PH59)],
    },
    Belgians: {
      $prov: `${PH59}: Belgians and Dutch use the France/Japan/Italy airstrike row and the British Europe 1940 works row`,
      label: 'Belgians',
      aliases: ['Belgium', 'Dutch', 'Netherlands', 'BEL', 'NLD'],
      bloc: 'Allied',
      airstrikeRow: 'FR_JAP_IT',
      barrageRow: 'others',
      works: [works(ALL_FRONTS, 1939, 1945, 'GBR_Europe1940', PH59)],
    },
    Chinese: {
      $prov: `${PH59}: Chinese use the France/Japan/Italy airstrike row and the Japanese China works row`,
      label: 'Chinese',
      aliases: ['China', 'CHN'],
      bloc: 'Allied',
      airstrikeRow: 'FR_JAP_IT',
      barrageRow: 'others',
      works: [works(ALL_FRONTS, 1939, 1945, 'JAP_China', PH59)],
    },
    AxisMinors: {
      $prov: `${PH59}: Romanians, Hungarians, Finns, Slovaks use the German air block, the France/Japan/Italy airstrike row; works: German East 1941–42 row (nearest stated row)`,
      label: 'Axis minors',
      aliases: ['Romanians', 'Hungarians', 'Finns', 'Slovaks'],
      bloc: 'Axis',
      axisBlock: 'Germany',
      airstrikeRow: 'FR_JAP_IT',
      barrageRow: 'others',
      works: [works(ALL_FRONTS, 1939, 1945, 'GER_East1941_42', PH59)],
    },
  },
};
