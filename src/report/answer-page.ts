/**
 * The layout every report shares: title, the verdict (one or two plain sentences with interval
 * and sample), the placeholder caveat, the key chart, then a table of contents and the detail
 * sections (collapsible), and how to reproduce the result.
 */
import { escapeHtml, htmlPage } from './html.ts';

export interface PageSection {
  readonly id: string;
  readonly title: string;
  readonly html: string;
  /** Collapsed by default (a <details> block). */
  readonly collapsed?: boolean;
}

export interface AnswerPage {
  readonly title: string;
  readonly subtitle?: string;
  /** Plain-text sentences (escaped here). */
  readonly verdict: readonly string[];
  readonly caveat?: string | null;
  /** Extra warnings shown under the verdict (plain text). */
  readonly warnings?: readonly string[];
  /** HTML right under the verdict (the key chart). */
  readonly key?: string;
  readonly sections: readonly PageSection[];
  readonly specs: Record<string, unknown>;
  readonly command?: string;
}

export const VERDICT_CSS = `
.verdict { font-size: 17px; line-height: 1.5; background: #eef5ff; border-left: 4px solid #4c78a8; padding: 10px 14px; margin: 12px 0; }
.verdict p { margin: 4px 0; }
.caveat { background: #fff4d6; border-left: 4px solid #e0a800; padding: 8px 14px; margin: 8px 0; }
.warn { background: #fde8e8; border-left: 4px solid #e45756; padding: 8px 14px; margin: 8px 0; }
nav.toc { font-size: 13px; margin: 8px 0 16px; } nav.toc a { margin-right: 14px; white-space: nowrap; }
details.section > summary { font-size: 18px; font-weight: 600; margin: 24px 0 8px; border-bottom: 1px solid var(--rule); padding-bottom: 4px; }
`;

export function verdictBlock(verdict: readonly string[], caveat?: string | null, warnings: readonly string[] = []): string {
  const out = [`<div class="verdict" id="verdict">${verdict.map((s) => `<p>${escapeHtml(s)}</p>`).join('')}</div>`];
  if (caveat) out.push(`<div class="caveat" id="caveat">${escapeHtml(caveat)}</div>`);
  for (const w of warnings) out.push(`<div class="warn">${escapeHtml(w)}</div>`);
  return out.join('\n');
}

export function tocBlock(sections: ReadonlyArray<Pick<PageSection, 'id' | 'title'>>): string {
  return sections.length > 1 ? `<nav class="toc"><b>Contents:</b> ${sections.map((s) => `<a href="#${escapeHtml(s.id)}">${escapeHtml(s.title)}</a>`).join(' ')}</nav>` : '';
}

export function sectionBlock(s: PageSection): string {
  if (s.collapsed) return `<details class="section" id="${escapeHtml(s.id)}"><summary>${escapeHtml(s.title)}</summary>${s.html}</details>`;
  return `<section id="${escapeHtml(s.id)}"><h2>${escapeHtml(s.title)}</h2>${s.html}</section>`;
}

export function renderAnswerPage(p: AnswerPage): string {
  const sections = p.command ? [...p.sections, { id: 'reproduce', title: 'Reproduce', html: `<pre>${escapeHtml(p.command)}</pre>` }] : p.sections;
  const body = [
    `<h1>${escapeHtml(p.title)}</h1>`,
    p.subtitle ? `<p class="muted">${escapeHtml(p.subtitle)}</p>` : '',
    verdictBlock(p.verdict, p.caveat, p.warnings),
    p.key ?? '',
    tocBlock(sections),
    ...sections.map(sectionBlock),
  ].join('\n');
  return htmlPage({ title: p.title, body, specs: p.specs, css: VERDICT_CSS });
}
