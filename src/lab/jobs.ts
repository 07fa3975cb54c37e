/**
 * The lab's jobs (a run, a what-if, a balance search): each has a stream of events that any
 * number of pages may follow (a late subscriber first gets the state and the latest update), and
 * one job at a time plays each scenario: a second one waits in that scenario's queue, and says
 * so, until the first ends.
 */
import type { JobInfo, JobState, LabEvent } from './api.ts';

export interface JobBody {
  /** Plays the job; resolves when it ends (done, stopped or failed). Aborting `signal` stops it. */
  run(signal: AbortSignal, emit: (e: LabEvent) => void): Promise<'done' | 'stopped'>;
}

export class Job {
  state: JobState = 'queued';
  private readonly listeners = new Set<(e: LabEvent) => void>();
  /** The last event of each type (a late subscriber's catch-up), in the order first seen. */
  private readonly latest = new Map<string, LabEvent>();
  private controller: AbortController | null = null;
  /** Updates sent so far (tests and the page count them). */
  updates = 0;

  constructor(
    readonly id: string,
    readonly kind: JobInfo['kind'],
    readonly key: string,
    readonly title: string,
    readonly body: JobBody,
  ) {}

  info(): JobInfo {
    return { id: this.id, kind: this.kind, title: this.title, state: this.state };
  }

  emit(e: LabEvent): void {
    if (e.type === 'state') this.state = e.state;
    if (e.type === 'play' || e.type === 'whatif') this.updates++;
    // Probes accumulate (the page draws each one); other events replace their predecessor.
    this.latest.set(e.type === 'probe' ? `probe:${e.value}` : e.type, e);
    for (const l of this.listeners) l(e);
  }

  subscribe(listener: (e: LabEvent) => void): () => void {
    for (const e of this.latest.values()) listener(e);
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async play(): Promise<void> {
    this.controller = new AbortController();
    this.emit({ type: 'state', state: 'running', message: `${this.title}: running` });
    try {
      const how = await this.body.run(this.controller.signal, (e) => this.emit(e));
      this.emit({ type: 'state', state: how, message: `${this.title}: ${how === 'done' ? 'finished' : 'stopped (resume to continue)'}` });
    } catch (e) {
      this.emit({ type: 'error', message: errorText(e) });
      this.emit({ type: 'state', state: 'failed', message: `${this.title}: failed` });
    } finally {
      this.controller = null;
    }
  }

  stop(): void {
    this.controller?.abort();
  }
}

/** An error as the page shows it: the InputError's file:line lines, else one line (never a stack). */
export function errorText(e: unknown): string {
  if (e && typeof e === 'object' && 'name' in e && e.name === 'InputError' && 'message' in e) return String(e.message);
  const code = e && typeof e === 'object' && 'code' in e ? String(e.code) : '';
  const msg = e instanceof Error ? e.message : String(e);
  return `${code ? `${code}: ` : ''}${msg.split('\n')[0].slice(0, 400)}`;
}

export class Jobs {
  private readonly all = new Map<string, Job>();
  private readonly active = new Map<string, Job>();
  private readonly waiting = new Map<string, Job[]>();
  private next = 1;

  get(id: string): Job | undefined {
    return this.all.get(id);
  }

  list(): JobInfo[] {
    return [...this.all.values()].map((j) => j.info());
  }

  /** A new job for scenario `key`: played now, or queued behind the job playing that scenario. */
  submit(kind: JobInfo['kind'], key: string, title: string, body: JobBody): Job {
    const job = new Job(String(this.next++), kind, key, title, body);
    this.all.set(job.id, job);
    this.enqueue(job);
    return job;
  }

  /** Plays a stopped job again (its body resumes where it stopped). */
  resume(job: Job): void {
    if (job.state !== 'stopped') return;
    this.enqueue(job);
  }

  /** Stops a running job, or takes a queued one out of its queue. */
  stop(job: Job): void {
    const q = this.waiting.get(job.key) ?? [];
    if (q.includes(job)) {
      this.waiting.set(job.key, q.filter((j) => j !== job));
      job.emit({ type: 'state', state: 'stopped', message: `${job.title}: taken out of the queue` });
      return;
    }
    job.stop();
  }

  stopAll(): void {
    for (const q of this.waiting.values()) q.length = 0;
    for (const j of this.active.values()) j.stop();
  }

  /** Resolves once nothing is playing. */
  async idle(): Promise<void> {
    while (this.active.size) await new Promise((r) => setTimeout(r, 20));
  }

  private enqueue(job: Job): void {
    const busy = this.active.get(job.key);
    if (busy) {
      const q = this.waiting.get(job.key) ?? [];
      q.push(job);
      this.waiting.set(job.key, q);
      job.emit({ type: 'state', state: 'queued', message: `${job.title}: queued behind "${busy.title}" (one run at a time per scenario)` });
      return;
    }
    this.active.set(job.key, job);
    void job.play().finally(() => {
      this.active.delete(job.key);
      const q = this.waiting.get(job.key);
      const nextJob = q?.shift();
      if (nextJob) this.enqueue(nextJob);
    });
  }
}
