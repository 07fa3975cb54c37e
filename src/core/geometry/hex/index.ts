/** Hex-map geometry: coordinates, directions, bearings and arcs, exact line of sight, map tables. */
export * from './coords.ts';
export * from './directions.ts';
export * from './angle.ts';
export * from './los.ts';
export * from './grid.ts';
export * from './anypoint.ts';
export * from './hexsides.ts';
export * from './reach.ts';
