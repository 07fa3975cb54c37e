export { Rng } from './rng.ts';
export { gameStreams, streamFor, streamState, seedKey, checkSeed, mix32, Purpose, STREAM_FORMAT, MAX_GAMES, type GameStreams } from './streams.ts';
