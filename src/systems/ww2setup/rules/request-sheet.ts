/**
 * The barrage and airstrike request sheet (spec §3.7, §2.3 T1; public rules rule_barrage 6.1):
 * a line per nationality, Request box -> progress boxes ("Wait") -> Arrival. In each Artillery
 * Barrages phase: (a) every stack moves one box right, (b) real chits reaching Arrival become
 * markers, dummies go back to the unused stack, (c) new chits go into the Request box (at most
 * `maxBarrageChitsPerTurn` real barrage chits; airstrike and dummy chits unlimited).
 * Delay = 1 + progress boxes: a chit placed on turn t arrives on turn t + 1 + boxes.
 */
export interface Chits {
  barrages: number;
  airstrikes: number;
  dummies: number;
}

export interface RequestLine {
  /** boxes[0] = Request, boxes[1..k] = progress boxes (Wait...), no Arrival box stored. */
  readonly boxes: Chits[];
}

const empty = (): Chits => ({ barrages: 0, airstrikes: 0, dummies: 0 });

export function newRequestLine(progressBoxes: number): RequestLine {
  if (!Number.isInteger(progressBoxes) || progressBoxes < 0) throw new Error(`progressBoxes must be a whole number >= 0, got ${progressBoxes}`);
  return { boxes: Array.from({ length: 1 + progressBoxes }, empty) };
}

/** Error text when too many real barrage chits go in at once (O-R5), else null. */
export function checkNewChits(c: Chits, maxBarrageChitsPerTurn: number): string | null {
  if (c.barrages > maxBarrageChitsPerTurn) return `at most ${maxBarrageChitsPerTurn} real barrage chits may be placed in line per turn, ${c.barrages} requested`;
  return null;
}

/**
 * Set-up step 6: pre-fill the Request and Wait boxes (the last progress box is "Wait").
 * prefillLimit 'perBox': at most `max` real barrage chits in each box; 'total': in both together (A23).
 */
export function prefill(line: RequestLine, request: Chits, wait: Chits, max: number, limit: 'perBox' | 'total'): string | null {
  if (line.boxes.length < 2) return 'this line has no progress (Wait) box to pre-fill';
  if (limit === 'perBox') {
    if (request.barrages > max || wait.barrages > max) return `at most ${max} real barrage chits per box at set-up`;
  } else if (request.barrages + wait.barrages > max) return `at most ${max} real barrage chits in the Request and Wait boxes together at set-up`;
  add(line.boxes[0], request);
  add(line.boxes[line.boxes.length - 1], wait);
  return null;
}

function add(a: Chits, b: Chits): void {
  a.barrages += b.barrages;
  a.airstrikes += b.airstrikes;
  a.dummies += b.dummies;
}

export interface PhaseResult {
  /** Markers placed this phase (real chits that reached Arrival). */
  readonly arrived: Chits;
  /** Dummies that reached Arrival and return to the unused stack. */
  readonly dummiesReturned: number;
}

/** One Artillery Barrages phase: (a) move, (b) place arrivals, (c) new requests. Throws on O-R5. */
export function barragePhase(line: RequestLine, newChits: Chits, maxBarrageChitsPerTurn: number): PhaseResult {
  const err = checkNewChits(newChits, maxBarrageChitsPerTurn);
  if (err) throw new Error(err);
  const b = line.boxes;
  const arriving = b[b.length - 1];
  for (let i = b.length - 1; i > 0; i--) b[i] = b[i - 1];
  b[0] = empty();
  add(b[0], newChits);
  return { arrived: { barrages: arriving.barrages, airstrikes: arriving.airstrikes, dummies: 0 }, dummiesReturned: arriving.dummies };
}
