/**
 * The HTML page of a run or an experiment: the verdict and the key chart first, a table of
 * contents, then the sections (experiment-section.ts, variant-section.ts, scenario-section.ts)
 * and how to reproduce the result.
 */
import type { TopLevelSpec } from 'vega-lite';
import { placeholderCaveat } from '../answers/verdict.ts';
import { tocBlock, verdictBlock, VERDICT_CSS } from './answer-page.ts';
import { renderExperiment } from './experiment-section.ts';
import { num } from './format.ts';
import { escapeHtml, htmlPage } from './html.ts';
import type { ReportInput } from './report-input.ts';
import { renderScenario } from './scenario-section.ts';
import { renderVariant } from './variant-section.ts';
import { forcesText, verdictLines } from './verdict-lines.ts';

/** Gives every <h2> an id and returns the table of contents built from them. */
function withAnchors(parts: string[]): { parts: string[]; toc: Array<{ id: string; title: string }> } {
  const toc: Array<{ id: string; title: string }> = [];
  const seen = new Set<string>();
  const out = parts.map((p) =>
    p.replace(/<h2>(.*?)<\/h2>/g, (_m, inner: string) => {
      const title = inner.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"');
      let id = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'section';
      while (seen.has(id)) id += '-';
      seen.add(id);
      toc.push({ id, title: title.length > 48 ? title.slice(0, 46) + '…' : title });
      return `<h2 id="${id}">${inner}</h2>`;
    }),
  );
  return { parts: out, toc };
}

export function runPageHtml(input: ReportInput): string {
  const specs: Record<string, TopLevelSpec> = {};
  const parts: string[] = [];
  const { analysis, result, scenario } = input;
  const multi = analysis.variants.length > 1;

  const head: string[] = [];
  head.push(`<h1>${escapeHtml(input.title)}</h1>`);
  head.push(`<p class="muted">${escapeHtml(scenario.system.name)} · ${num(result.games)} games${multi ? ' per variant' : ''} · seed ${escapeHtml(result.plan.seed)} · ${input.kind === 'experiment' ? `${analysis.variants.length} variants · ` : ''}salvo ${escapeHtml(input.versions.salvo ?? '')}</p>`);
  const forces = forcesText(scenario.forces);
  if (forces) head.push(`<p class="forces"><b>Forces${multi ? ' (base scenario)' : ''}:</b> ${escapeHtml(forces)}</p>`);
  const warnings: string[] = [];
  const capped = analysis.variants.reduce((s, v) => s + (v.reasons.find((r) => r.reason === 'safety-cap')?.k ?? 0), 0);
  if (capped > 0) warnings.push(`Warning: ${num(capped)} games hit the engine's safety cap (listed apart below); they count as draws and may bias the balance figures.`);
  if (analysis.ratings?.fits.some((f) => f.cycle)) warnings.push(`Results are intransitive (${analysis.ratings.fits.filter((f) => f.cycle).map((f) => `${f.facetValue ? f.facetValue + ': ' : ''}${f.cycle!.join(' beats ')}`).join('; ')}): a single ranking hides that no choice beats every other.`);
  head.push(verdictBlock(verdictLines(input), placeholderCaveat(scenario.provenance, input.influential), warnings));

  if (multi) renderExperiment(input, parts, specs);
  for (const [i, v] of analysis.variants.entries()) renderVariant(input, v, i, parts, specs, multi);
  if (input.description) parts.push(`<h2>About this ${input.kind === 'experiment' ? 'experiment' : 'scenario'}</h2><p>${escapeHtml(input.description)}</p>`);
  renderScenario(input, parts);
  parts.push(`<h2>Reproduce</h2><pre>${escapeHtml(input.command)}</pre>
<div class="kv small">${Object.entries(input.versions).map(([k, v]) => `<div>${escapeHtml(k)}</div><div>${escapeHtml(v)}</div>`).join('')}
<div>workers × batch</div><div>${result.workers} × ${result.batchSize} (results do not depend on either)</div>
<div>elapsed</div><div>${(result.elapsedMs / 1000).toFixed(1)} s</div></div>`);
  // The key chart is the first one of the body; the table of contents follows it.
  const anchored = withAnchors(parts);
  const firstChart = anchored.parts.findIndex((p) => p.includes('class="chart-figure"'));
  const body = [...anchored.parts];
  body.splice(firstChart >= 0 ? firstChart + 1 : 0, 0, tocBlock(anchored.toc));
  return htmlPage({ title: input.title, body: [...head, ...body].join('\n'), specs, css: VERDICT_CSS });
}
