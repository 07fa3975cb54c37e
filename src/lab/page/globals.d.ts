/** vega-embed, loaded by the page shell as a classic script (served by the lab from node_modules). */
interface VegaView {
  finalize(): void;
}
interface VegaEmbedResult {
  readonly view: VegaView;
}
declare function vegaEmbed(el: HTMLElement, spec: unknown, opts?: { actions?: boolean; renderer?: 'svg' | 'canvas' }): Promise<VegaEmbedResult>;

/** What the page records for whoever watches it (the browser tests, a curious user in the console). */
interface LabLog {
  /** Each live update of a run: when it was shown and what it said. */
  play: Array<{ t: number; games: number; total: number; verdict: string }>;
  /** Each live update of a what-if. */
  whatif: Array<{ t: number; job: string; games: number; answer?: string }>;
  /** Each odds recompute: from the control's change to every chart drawn, and the server's share. */
  odds: Array<{ ms: number; serverMs: number; mechanic: string }>;
}
interface Window {
  salvoLab: LabLog;
}
