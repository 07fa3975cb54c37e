/** What the pool (pool.ts) and its worker threads (worker.ts) tell each other besides tasks. */

/** piscina's workerData of a thread a BatchPool starts. */
export interface WorkerData {
  readonly salvoWorker: {
    /**
     * True when the thread runs the TypeScript sources under tsx (tests, scripts): Node 20 applies
     * no ES module hooks in worker threads, so there tsx's CommonJS hook compiles every module and
     * the thread loads its rule systems with require() too (src/systems/index.ts).
     */
    readonly sources: boolean;
  };
}

export function isPoolThread(d: unknown): d is WorkerData {
  return typeof d === 'object' && d !== null && 'salvoWorker' in d;
}

/** The key of the message a worker thread posts, with its thread id, once its modules are loaded. */
export const WORKER_READY = 'salvo-worker-ready';
