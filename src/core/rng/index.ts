export { Rng } from './rng.ts';
export { gameStreams, streamFor, streamState, seedWords, mix32, Purpose, type GameStreams } from './streams.ts';
