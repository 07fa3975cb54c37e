/**
 * The lab page's HTML shell and style: the panels are filled by the page modules
 * (src/lab/page/, typed TypeScript built to dist/lab/page); vega, vega-lite and vega-embed are
 * served from node_modules by the lab itself (no CDN).
 */
import { escapeHtml } from '../report/html.ts';

export const LAB_CSS = `
:root { --fg: #1d1d1f; --muted: #5f6368; --rule: #d0d4d9; --bg-alt: #f5f6f8; --accent: #1f4e79; --bad: #a32020; --good: #2f6b27; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); margin: 0; }
header.top { display: flex; align-items: baseline; gap: 16px; padding: 10px 20px; border-bottom: 1px solid var(--rule); background: var(--bg-alt); }
header.top h1 { font-size: 18px; margin: 0; } header.top .folder { color: var(--muted); font-size: 12px; }
nav.tabs { display: flex; gap: 4px; margin-left: 24px; }
nav.tabs button { border: 1px solid var(--rule); background: #fff; padding: 4px 14px; border-radius: 4px 4px 0 0; cursor: pointer; font-size: 14px; }
nav.tabs button.on { background: var(--accent); color: #fff; border-color: var(--accent); }
main { padding: 12px 20px 40px; }
section.panel { display: none; } section.panel.on { display: block; }
h2 { font-size: 17px; margin: 16px 0 8px; } h3 { font-size: 14px; margin: 12px 0 6px; }
.muted { color: var(--muted); } .small { font-size: 12px; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { border-bottom: 1px solid var(--rule); padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: var(--bg-alt); font-weight: 600; }
td.num, th.num { text-align: right; }
table.odds td, table.odds th { text-align: right; } table.odds td.l, table.odds th.l { text-align: left; }
table.odds td .exact { display: block; font-size: 10px; color: var(--muted); }
table.odds td.ph { background: #fff8e6; } table.odds td.ov { background: #eaf2ff; }
table.odds tr.sel td, table.odds td.sel { background: #d9d9d9; }
.legend { font-size: 12px; color: var(--muted); }
.error { color: var(--bad); white-space: pre-wrap; font: 12px/1.4 ui-monospace, Menlo, Consolas, monospace; background: #fff2f2; border: 1px solid #f0c8c8; padding: 6px 8px; margin: 6px 0; }
.form { display: flex; flex-wrap: wrap; gap: 10px 18px; align-items: end; margin: 8px 0 12px; }
.form label { display: flex; flex-direction: column; font-size: 12px; color: var(--muted); gap: 2px; }
.form input, .form select { font-size: 14px; padding: 3px 6px; }
.form input[type=number] { width: 8em; }
button.go { background: var(--accent); color: #fff; border: 0; padding: 6px 16px; border-radius: 4px; font-size: 14px; cursor: pointer; }
button.go:disabled { opacity: 0.5; cursor: default; }
button.alt { background: #fff; border: 1px solid var(--rule); padding: 5px 12px; border-radius: 4px; cursor: pointer; }
.verdict { font-size: 17px; font-weight: 600; margin: 8px 0; padding: 8px 12px; border-left: 4px solid var(--accent); background: #f3f7fb; }
.progress { color: var(--muted); font-size: 13px; }
.charts { display: flex; flex-wrap: wrap; gap: 10px 24px; }
.state { font-size: 12px; color: var(--muted); }
.cards-row { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
.whatif { border: 1px solid var(--rule); border-radius: 6px; padding: 10px 12px; width: 680px; background: #fff; overflow-x: auto; }
.whatif h3 { margin-top: 0; }
.answer { font-weight: 600; margin: 6px 0; }
.whatif .vega-chart svg { max-width: 100%; height: auto; }
.answer.yes { color: var(--good); }
.values { max-height: 260px; overflow-y: auto; border: 1px solid var(--rule); }
.values tr { cursor: pointer; } .values tr:hover td { background: #eef4fb; } .values tr.picked td { background: #d7e6f7; }
.tag { display: inline-block; padding: 0 6px; border-radius: 3px; font-size: 11px; border: 1px solid var(--rule); }
.tag.placeholder { background: #fff4d6; } .tag.seed { background: #e6f4ea; } .tag.override { background: #e3f0ff; }
iframe.report { width: 100%; height: 900px; border: 1px solid var(--rule); margin-top: 10px; }
.sys h3 { border-bottom: 1px solid var(--rule); padding-bottom: 2px; }
table.scenarios td.source { max-width: 380px; font-size: 12px; color: var(--muted); }
table.scenarios td:first-child { max-width: 340px; }
.odds-out { display: flex; flex-wrap: wrap; gap: 16px 28px; align-items: flex-start; }
`;

export function pageHtml(folder: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>salvo lab</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/lab.css">
<script src="/assets/vega/vega.min.js"></script>
<script src="/assets/vega/vega-lite.min.js"></script>
<script src="/assets/vega/vega-embed.min.js"></script>
<script type="module" src="/assets/page/main.js"></script>
</head>
<body>
<header class="top"><h1>salvo lab</h1><span class="folder">folder ${escapeHtml(folder)}</span>
<nav class="tabs"><button data-tab="scenarios" class="on">Scenarios</button><button data-tab="play">Play</button><button data-tab="whatif">What if</button><button data-tab="odds">Odds</button></nav></header>
<main>
<section class="panel on" id="scenarios"><p class="muted">Loading the scenarios…</p></section>
<section class="panel" id="play"></section>
<section class="panel" id="whatif"></section>
<section class="panel" id="odds"></section>
</main>
</body>
</html>
`;
}
