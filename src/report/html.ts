/**
 * Self-contained, offline HTML: vega, vega-lite and vega-embed are inlined from node_modules
 * (no CDN), charts are embedded as JSON specs and rendered to SVG on load. Each chart element
 * gets data-rendered="true" once drawn (or data-error on failure), which the browser test reads.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

let cachedScripts: string | null = null;

function packageBuildFile(pkg: string, file: string): string {
  // The exports maps block deep resolution of build files; resolve the package entry and walk up.
  const entry = fileURLToPath(import.meta.resolve(pkg));
  let dir = dirname(entry);
  for (let i = 0; i < 5; i++) {
    try {
      return readFileSync(join(dir, 'build', file), 'utf8');
    } catch {
      dir = dirname(dir);
    }
  }
  throw new Error(`cannot find ${pkg}/build/${file}`);
}

/** Makes text safe inside <script>…</script>. */
export function escapeForScript(text: string): string {
  return text.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

/** The three inline <script> tags (about 830 KB), read once per process. */
export function vegaScripts(): string {
  if (cachedScripts === null) {
    const parts = [
      packageBuildFile('vega', 'vega.min.js'),
      packageBuildFile('vega-lite', 'vega-lite.min.js'),
      packageBuildFile('vega-embed', 'vega-embed.min.js'),
    ];
    cachedScripts = parts.map((p) => `<script>${escapeForScript(p)}</script>`).join('\n');
  }
  return cachedScripts;
}

export function escapeHtml(s: unknown): string {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A chart placeholder; the page script renders `specs[id]` into it. */
export function chartDiv(id: string, caption?: string): string {
  return `<figure class="chart-figure"><div class="vega-chart" id="${escapeHtml(id)}"></div>${caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : ''}</figure>`;
}

export interface HtmlPageOptions {
  readonly title: string;
  /** Body HTML (use chartDiv for charts). */
  readonly body: string;
  /** Vega-Lite specs by chart element id. */
  readonly specs: Readonly<Record<string, unknown>>;
  /** Extra CSS appended after the base style. */
  readonly css?: string;
}

const BASE_CSS = `
:root { --fg: #1d1d1f; --muted: #5f6368; --rule: #d0d4d9; --bg-alt: #f5f6f8; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); margin: 0 auto; max-width: 1100px; padding: 24px; }
h1 { font-size: 24px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 32px 0 8px; border-bottom: 1px solid var(--rule); padding-bottom: 4px; }
h3 { font-size: 15px; margin: 20px 0 6px; }
.muted { color: var(--muted); } .small { font-size: 12px; }
table { border-collapse: collapse; margin: 8px 0 16px; font-variant-numeric: tabular-nums; }
th, td { border-bottom: 1px solid var(--rule); padding: 3px 8px; text-align: right; vertical-align: top; }
th { background: var(--bg-alt); font-weight: 600; }
td.l, th.l { text-align: left; }
code, pre { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { background: var(--bg-alt); padding: 8px 10px; overflow-x: auto; white-space: pre-wrap; }
.chart-figure { margin: 8px 0 20px; max-width: 100%; overflow-x: auto; } figcaption { color: var(--muted); font-size: 12px; }
.tag { display: inline-block; padding: 0 6px; border-radius: 3px; font-size: 11px; border: 1px solid var(--rule); }
.tag.placeholder { background: #fff4d6; } .tag.override { background: #e3f0ff; } .tag.seed { background: #e6f4ea; }
.kv { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; }
.kv div:nth-child(odd) { color: var(--muted); }
details { margin: 8px 0; }
.table-wrap { max-width: 100%; overflow-x: auto; }
.grid2 { display: grid; grid-template-columns: repeat(auto-fill, minmax(500px, 1fr)); gap: 0 16px; } summary { cursor: pointer; }
`;

export function htmlPage(o: HtmlPageOptions): string {
  const specsJson = escapeForScript(JSON.stringify(o.specs));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(o.title)}</title>
<style>${BASE_CSS}${o.css ?? ''}</style>
${vegaScripts()}
</head>
<body>
${o.body}
<script>
(function () {
  var specs = ${specsJson};
  var ids = Object.keys(specs);
  var pending = ids.length;
  document.body.setAttribute('data-charts', String(ids.length));
  if (pending === 0) document.body.setAttribute('data-all-rendered', 'true');
  ids.forEach(function (id) {
    var el = document.getElementById(id);
    if (!el) { console.error('missing chart element ' + id); return; }
    vegaEmbed(el, specs[id], { actions: false, renderer: 'svg' }).then(function () {
      el.setAttribute('data-rendered', 'true');
    }).catch(function (err) {
      el.setAttribute('data-error', String(err && err.message || err));
      console.error('chart ' + id + ' failed: ' + (err && err.message || err));
    }).then(function () {
      pending -= 1;
      if (pending === 0) document.body.setAttribute('data-all-rendered', 'true');
    });
  });
})();
</script>
</body>
</html>
`;
}

/** An HTML table; `align` marks left-aligned columns with 'l' (the rest are right-aligned numbers). */
export function table(head: string[], rows: string[][], align: string[] = []): string {
  const cls = (i: number) => (align[i] === 'l' ? ' class="l"' : '');
  return `<div class="table-wrap"><table><thead><tr>${head.map((h, i) => `<th${cls(i)}>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c, i) => `<td${cls(i)}>${c}</td>`).join('')}</tr>`)
    .join('')}</tbody></table></div>`;
}
