/**
 * The pentawing hull graph: the spec's reconstruction (spec §5.12, tag [R]) of the lost figure
 * of the seed's §5.6, as DATA. 36 cells in four half-rings (R4 outer surface, R3 inner hull,
 * R2 outer core, R1 inner core against the focus triangle). `inward` is the kinetic path step
 * toward the focus; `neighbours[0..4]` are the flat-neighbours numbered 1..5 for the
 * infestation-spread roll (a 6 is the home cell); null = no neighbour with that number.
 */
export const PENTAWING_CELLS = [
    { id: 'R4-1', type: 'hull', ring: 4, arc: [0.0, 12.0], inward: 'R3-1', neighbours: ['R3-1', 'R4-2', null, null, null] },
    { id: 'R4-2', type: 'hull', ring: 4, arc: [12.0, 24.0], inward: 'R3-2', neighbours: ['R3-2', 'R4-1', 'R4-3', null, null] },
    { id: 'R4-3', type: 'hull', ring: 4, arc: [24.0, 36.0], inward: 'R3-2', neighbours: ['R3-2', 'R4-2', 'R4-4', null, null] },
    { id: 'R4-4', type: 'hull', ring: 4, arc: [36.0, 48.0], inward: 'R3-3', neighbours: ['R3-3', 'R4-3', 'R4-5', null, null] },
    { id: 'R4-5', type: 'hull', ring: 4, arc: [48.0, 60.0], inward: 'R3-4', neighbours: ['R3-4', 'R4-4', 'R4-6', null, null] },
    { id: 'R4-6', type: 'hull', ring: 4, arc: [60.0, 72.0], inward: 'R3-5', neighbours: ['R3-5', 'R4-5', 'R4-7', null, null] },
    { id: 'R4-7', type: 'hull', ring: 4, arc: [72.0, 84.0], inward: 'R3-5', neighbours: ['R3-5', 'R4-6', 'R4-8', null, null] },
    { id: 'R4-8', type: 'hull', ring: 4, arc: [84.0, 96.0], inward: 'R3-6', neighbours: ['R3-6', 'R4-7', 'R4-9', null, null] },
    { id: 'R4-9', type: 'hull', ring: 4, arc: [96.0, 108.0], inward: 'R3-7', neighbours: ['R3-7', 'R4-8', 'R4-10', null, null] },
    { id: 'R4-10', type: 'hull', ring: 4, arc: [108.0, 120.0], inward: 'R3-7', neighbours: ['R3-7', 'R4-9', 'R4-11', null, null] },
    { id: 'R4-11', type: 'hull', ring: 4, arc: [120.0, 132.0], inward: 'R3-8', neighbours: ['R3-8', 'R4-10', 'R4-12', null, null] },
    { id: 'R4-12', type: 'hull', ring: 4, arc: [132.0, 144.0], inward: 'R3-9', neighbours: ['R3-9', 'R4-11', 'R4-13', null, null] },
    { id: 'R4-13', type: 'hull', ring: 4, arc: [144.0, 156.0], inward: 'R3-10', neighbours: ['R3-10', 'R4-12', 'R4-14', null, null] },
    { id: 'R4-14', type: 'hull', ring: 4, arc: [156.0, 168.0], inward: 'R3-10', neighbours: ['R3-10', 'R4-13', 'R4-15', null, null] },
    { id: 'R4-15', type: 'hull', ring: 4, arc: [168.0, 180.0], inward: 'R3-11', neighbours: ['R3-11', 'R4-14', null, null, null] },
    { id: 'R3-1', type: 'hull', ring: 3, arc: [0.0, 16.4], inward: 'R2-1', neighbours: ['R2-1', 'R4-1', 'R3-2', null, null] },
    { id: 'R3-2', type: 'hull', ring: 3, arc: [16.4, 32.7], inward: 'R2-1', neighbours: ['R2-1', 'R3-1', 'R4-2', 'R4-3', 'R3-3'] },
    { id: 'R3-3', type: 'hull', ring: 3, arc: [32.7, 49.1], inward: 'R2-2', neighbours: ['R2-2', 'R3-2', 'R4-4', 'R3-4', null] },
    { id: 'R3-4', type: 'hull', ring: 3, arc: [49.1, 65.5], inward: 'R2-3', neighbours: ['R2-3', 'R3-3', 'R4-5', 'R3-5', null] },
    { id: 'R3-5', type: 'hull', ring: 3, arc: [65.5, 81.8], inward: 'R2-3', neighbours: ['R2-3', 'R3-4', 'R4-6', 'R4-7', 'R3-6'] },
    { id: 'R3-6', type: 'hull', ring: 3, arc: [81.8, 98.2], inward: 'R2-4', neighbours: ['R2-4', 'R3-5', 'R4-8', 'R3-7', null] },
    { id: 'R3-7', type: 'hull', ring: 3, arc: [98.2, 114.5], inward: 'R2-5', neighbours: ['R2-5', 'R3-6', 'R4-9', 'R4-10', 'R3-8'] },
    { id: 'R3-8', type: 'hull', ring: 3, arc: [114.5, 130.9], inward: 'R2-5', neighbours: ['R2-5', 'R3-7', 'R4-11', 'R3-9', null] },
    { id: 'R3-9', type: 'hull', ring: 3, arc: [130.9, 147.3], inward: 'R2-6', neighbours: ['R2-6', 'R3-8', 'R4-12', 'R3-10', null] },
    { id: 'R3-10', type: 'hull', ring: 3, arc: [147.3, 163.6], inward: 'R2-7', neighbours: ['R2-7', 'R3-9', 'R4-13', 'R4-14', 'R3-11'] },
    { id: 'R3-11', type: 'hull', ring: 3, arc: [163.6, 180.0], inward: 'R2-7', neighbours: ['R2-7', 'R3-10', 'R4-15', null, null] },
    { id: 'R2-1', type: 'core', ring: 2, arc: [0.0, 25.7], inward: 'R1-1', neighbours: ['R1-1', 'R3-1', 'R3-2', 'R2-2', null] },
    { id: 'R2-2', type: 'core', ring: 2, arc: [25.7, 51.4], inward: 'R1-1', neighbours: ['R1-1', 'R2-1', 'R3-3', 'R2-3', null] },
    { id: 'R2-3', type: 'core', ring: 2, arc: [51.4, 77.1], inward: 'R1-2', neighbours: ['R1-2', 'R2-2', 'R3-4', 'R3-5', 'R2-4'] },
    { id: 'R2-4', type: 'core', ring: 2, arc: [77.1, 102.9], inward: 'R1-2', neighbours: ['R1-2', 'R2-3', 'R3-6', 'R2-5', null] },
    { id: 'R2-5', type: 'core', ring: 2, arc: [102.9, 128.6], inward: 'R1-2', neighbours: ['R1-2', 'R2-4', 'R3-7', 'R3-8', 'R2-6'] },
    { id: 'R2-6', type: 'core', ring: 2, arc: [128.6, 154.3], inward: 'R1-3', neighbours: ['R1-3', 'R2-5', 'R3-9', 'R2-7', null] },
    { id: 'R2-7', type: 'core', ring: 2, arc: [154.3, 180.0], inward: 'R1-3', neighbours: ['R1-3', 'R2-6', 'R3-10', 'R3-11', null] },
    { id: 'R1-1', type: 'core', ring: 1, arc: [0.0, 60.0], inward: null, neighbours: ['R2-1', 'R2-2', 'R1-2', null, null] },
    { id: 'R1-2', type: 'core', ring: 1, arc: [60.0, 120.0], inward: null, neighbours: ['R1-1', 'R2-3', 'R2-4', 'R2-5', 'R1-3'] },
    { id: 'R1-3', type: 'core', ring: 1, arc: [120.0, 180.0], inward: null, neighbours: ['R1-2', 'R2-6', 'R2-7', null, null] },];

/** Vertex keys (spec §5.12): die 1..6 -> surface cell, per vertex A..D. A5 = B2 [S]; C = B shifted 3 [S]; D = C shifted 3 [R]. */
export const VERTEX_KEYS = {
  A: ['R4-1', 'R4-2', 'R4-3', 'R4-4', 'R4-5', 'R4-6'],
  B: ['R4-4', 'R4-5', 'R4-6', 'R4-7', 'R4-8', 'R4-9'],
  C: ['R4-7', 'R4-8', 'R4-9', 'R4-10', 'R4-11', 'R4-12'],
  D: ['R4-10', 'R4-11', 'R4-12', 'R4-13', 'R4-14', 'R4-15'],
};

/** Core zones for the optional 1D6 core location roll (spec §5.12 / seed §5.6 dotted blocks). */
export const CORE_ZONES = [['R2-1', 'R2-2'], ['R1-1'], ['R2-3', 'R2-4'], ['R1-2'], ['R2-5', 'R2-6'], ['R2-7', 'R1-3']];
