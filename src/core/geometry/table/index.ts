/** Tape-measure table geometry: units are generic (inches, centimetres); angles in degrees. */
export * from './angles.ts';
export * from './shapes.ts';
export * from './footprint.ts';
export * from './movement.ts';
export * from './los.ts';
export * from './groups.ts';
export * from './paths.ts';
