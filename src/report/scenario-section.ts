/** The scenario and its rules data: house rules, options, provenance of the values in play, the files. */
import { valueLabel } from '../answers/labels.ts';
import { variantName } from '../answers/verdict.ts';
import { changeText } from '../scenario/changes.ts';
import { escapeHtml, table } from './html.ts';
import type { ReportInput } from './report-input.ts';

export function renderScenario(input: ReportInput, parts: string[]): void {
  const s = input.scenario;
  parts.push(`<h2>Scenario and rules data</h2>`);
  parts.push(`<div class="kv"><div>scenario</div><div>${escapeHtml(s.name)} (<code>${escapeHtml(s.id)}</code>)</div>
<div>file</div><div><code>${escapeHtml(s.file)}</code></div>
<div>system</div><div>${escapeHtml(s.system.name)} (<code>${escapeHtml(s.system.id)}</code>), seed document ${escapeHtml(s.system.seedFile)}</div>
${s.source ? `<div>source</div><div>${escapeHtml([s.source.seed, s.source.section].filter(Boolean).join(', '))}${s.source.note ? ` — ${escapeHtml(s.source.note)}` : ''}</div>` : ''}</div>`);
  if (s.description) parts.push(`<p>${escapeHtml(s.description)}</p>`);

  // House rules: the base scenario's own, then each variant's (with the value each replaced).
  const variants = input.analysis.variants;
  const byVariant = (input.changes ?? []).flatMap((list, i) => list.filter((c) => c.kind === 'rules').map((c) => ({ variant: variantName(variants[i] ?? { name: `#${i}` }), c })));
  const count = s.houseRules.length + byVariant.length;
  parts.push(`<h3>House rules (overrides): ${count ? `${s.houseRules.length ? `${s.houseRules.length} in the scenario` : ''}${s.houseRules.length && byVariant.length ? ', ' : ''}${byVariant.length ? `${byVariant.length} in the variants` : ''}` : 'none'}</h3>`);
  const code = (v: unknown) => `<code>${escapeHtml(typeof v === 'string' ? v : JSON.stringify(v))}</code>`;
  const rows = [
    ...s.houseRules.map((h) => [input.changes ? 'the scenario (every variant)' : 'the scenario', `${escapeHtml(valueLabel(h.path, s.data))}<br><code class="muted">${escapeHtml(h.path)}</code>`, escapeHtml(changeText(h))]),
    ...byVariant.map(({ variant, c }) => [escapeHtml(variant), `${escapeHtml(valueLabel(c.path, s.data))}<br><code class="muted">${escapeHtml(c.path)}</code>`, escapeHtml(changeText(c))]),
  ];
  if (rows.length) parts.push(table(['where', 'rules value', 'value (bundled → played)'], rows, ['l', 'l', 'l']));
  // The provenance tables give the base scenario's values; a value a variant changes says so.
  const varied = new Map<string, string[]>();
  for (const { variant, c } of byVariant) varied.set(c.path, [...(varied.get(c.path) ?? []), `${variant}: ${typeof c.to === 'string' ? c.to : JSON.stringify(c.to)}`]);
  const valueCell = (path: string, v: unknown) => `${code(v)}${varied.has(path) ? ` <span class="tag override">varied</span> <span class="small">${escapeHtml(varied.get(path)!.join('; '))}</span>` : ''}`;

  const changed = Object.entries(s.options).filter(([k, v]) => s.optionSpecs[k] && s.optionSpecs[k].default !== v);
  parts.push(`<h3>Options: ${changed.length ? `${changed.length} changed from the default` : 'all at their defaults'}</h3>`);
  parts.push(`<details><summary>All ${Object.keys(s.options).length} options</summary>${table(
    ['option', 'value', 'default', 'kind', 'why the default'],
    Object.entries(s.options).map(([k, v]) => {
      const spec = s.optionSpecs[k];
      const mark = spec && spec.default !== v ? ' <span class="tag override">changed</span>' : '';
      return [`<code>${escapeHtml(k)}</code>${mark}`, `<code>${escapeHtml(JSON.stringify(v))}</code>`, `<code>${escapeHtml(JSON.stringify(spec?.default))}</code>`, escapeHtml(spec?.kind ?? ''), escapeHtml(spec?.cite ?? '')];
    }),
    ['l', 'l', 'l', 'l', 'l'],
  )}</details>`);

  const byKind = new Map<string, number>();
  for (const e of s.provenance) byKind.set(e.provenance.kind, (byKind.get(e.provenance.kind) ?? 0) + 1);
  const placeholders = s.provenance.filter((e) => e.provenance.kind === 'placeholder');
  parts.push(`<h3>Provenance of the rules values in play</h3><p>${[...byKind.entries()].map(([k, n]) => `<span class="tag ${escapeHtml(k)}">${escapeHtml(k)}</span> ${n}`).join(' &nbsp; ')}</p>`);
  if (placeholders.length) {
    parts.push(`<p><b>${placeholders.length} values in play are placeholders</b>, not from the rulebook: every result above depends on them. They are listed here and in <code>provenance.csv</code>.</p>`);
    parts.push(`<details><summary>Placeholder values in use</summary>${table(['rules data path', 'value', 'note'], placeholders.map((e) => [`<code>${escapeHtml(e.path)}</code>`, valueCell(e.path, e.value), escapeHtml(e.provenance.ref)]), ['l', 'l', 'l'])}</details>`);
  }
  const others = s.provenance.filter((e) => e.provenance.kind !== 'placeholder');
  if (others.length) parts.push(`<details><summary>Values from the rulebook, derived, public or overridden</summary>${table(['rules data path', 'value', 'kind', 'source'], others.map((e) => [`<code>${escapeHtml(e.path)}</code>`, valueCell(e.path, e.value), escapeHtml(e.provenance.kind), escapeHtml(e.provenance.ref)]), ['l', 'l', 'l', 'l'])}</details>`);
  parts.push(`<details><summary>Scenario file</summary><pre>${escapeHtml(s.text)}</pre></details>`);
  if (input.experimentText) parts.push(`<details><summary>Experiment file</summary><pre>${escapeHtml(input.experimentText)}</pre></details>`);
}
