/** Talking to the lab's server: JSON requests whose failures carry the server's message, and job streams. */
import type { LabEvent } from '../api.ts';
import { h } from './dom.ts';

export class ApiFailure extends Error {}

export async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ApiFailure(`${res.status}: ${text.slice(0, 300)}`);
  }
  if (!res.ok) throw new ApiFailure(data && typeof data === 'object' && 'error' in data ? String(data.error) : `${res.status}`);
  return data as T;
}

/** An error box with the server's message (as the CLI prints it). */
export function errorBox(e: unknown): HTMLElement {
  return h('div', { class: 'error', role: 'alert' }, e instanceof Error ? e.message : String(e));
}

/** Follows a job's events until `stop()` is called. */
export function follow(jobId: string, on: (e: LabEvent) => void): () => void {
  const src = new EventSource(`/api/jobs/${encodeURIComponent(jobId)}/events`);
  src.addEventListener('lab', (m) => on(JSON.parse((m as MessageEvent<string>).data) as LabEvent));
  return () => src.close();
}
