/**
 * What a printed card sheet looks like, measured in Chromium: every text box of every chart
 * (labels that overlap each other, or leave their heatmap cell), every card's content against its
 * edges and its footer (nothing cut off or drawn over the footer), and the smallest font size a
 * reader meets, in points. Shared by the cards' browser test and scripts/print-cards.ts.
 */
import type { PageCheck } from './browser.ts';

export interface CardMeasure {
  readonly cards: number;
  readonly charts: number;
  /** Text boxes measured in charts. */
  readonly labels: number;
  /** Pairs of chart text boxes that overlap (by more than 0.25 px both ways), described. */
  readonly overlaps: readonly string[];
  /** Heatmap value labels checked against their cell. */
  readonly cellLabels: number;
  /** Heatmap value labels outside their cell. */
  readonly outsideCell: readonly string[];
  /** The smallest gap between two text boxes of one chart that share a row or column band, px. */
  readonly minGap: number;
  /** Cards whose content runs past an edge or over the footer. */
  readonly overflows: readonly string[];
  /** Smallest font size of any visible text, in points (SVG text scaled to its printed size). */
  readonly minFontPt: number;
  /** The most a laid-out panel (data-h, points) came out taller in the browser than planned, pt. */
  readonly worstUnderestimatePt: number;
}

const SCRIPT = `(() => {
  const PX_PT = 0.75;
  const out = { cards: 0, charts: 0, labels: 0, cellLabels: 0, overlaps: [], outsideCell: [], minGap: Infinity, overflows: [], minFontPt: Infinity, worstUnderestimatePt: -Infinity };
  for (const el of Array.from(document.querySelectorAll('[data-h]'))) out.worstUnderestimatePt = Math.max(out.worstUnderestimatePt, el.getBoundingClientRect().height * PX_PT - parseFloat(el.getAttribute('data-h')));
  const cards = Array.from(document.querySelectorAll('.card'));
  out.cards = cards.length;
  for (const card of cards) {
    const name = (card.getAttribute('data-group') || '?') + ' ' + (card.getAttribute('data-part') || '');
    const cr = card.getBoundingClientRect();
    const foot = card.querySelector('footer');
    const footTop = foot ? foot.getBoundingClientRect().top : cr.bottom;
    const body = card.querySelector('.body');
    for (const el of Array.from(card.querySelectorAll('*'))) {
      if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < cr.left - 0.5 || r.right > cr.right + 0.5 || r.top < cr.top - 0.5 || r.bottom > cr.bottom + 0.5) { out.overflows.push(name + ': ' + el.tagName + ' outside the card by ' + Math.max(cr.left - r.left, r.right - cr.right, cr.top - r.top, r.bottom - cr.bottom).toFixed(1) + ' px'); break; }
      if (body && body.contains(el) && r.bottom > footTop + 0.5) { out.overflows.push(name + ': ' + el.tagName + ' runs ' + (r.bottom - footTop).toFixed(1) + ' px into the footer'); break; }
    }
    // text nodes' font sizes
    const walk = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (!n.textContent.trim() || !n.parentElement) continue;
      const el = n.parentElement;
      if (el.closest('title')) continue;
      let pt;
      const svg = el.closest('svg');
      if (svg) {
        const vb = svg.viewBox.baseVal;
        const scale = vb && vb.width ? svg.getBoundingClientRect().width / vb.width : 1;
        pt = parseFloat(getComputedStyle(el).fontSize) * scale * PX_PT;
      } else pt = parseFloat(getComputedStyle(el).fontSize) * PX_PT;
      if (pt < out.minFontPt) out.minFontPt = pt;
    }
  }
  for (const svg of Array.from(document.querySelectorAll('.card svg.odds-chart'))) {
    out.charts++;
    const card = svg.closest('.card');
    const name = (card && card.getAttribute('data-group')) || '?';
    const texts = Array.from(svg.querySelectorAll('text')).map((t) => ({ t, r: t.getBoundingClientRect(), s: t.textContent }));
    out.labels += texts.length;
    // A Vega heatmap: each value label ('cell value') must lie inside the cell under its centre.
    const cells = Array.from(svg.querySelectorAll('g.mark-rect.role-mark path')).map((p) => p.getBoundingClientRect());
    for (const a of texts) {
      if (a.t.getAttribute('aria-label') !== 'cell value') continue;
      out.cellLabels++;
      const cx = (a.r.left + a.r.right) / 2, cy = (a.r.top + a.r.bottom) / 2;
      const c = cells.find((r) => cx >= r.left && cx <= r.right && cy >= r.top && cy <= r.bottom);
      if (!c || a.r.left < c.left - 0.25 || a.r.right > c.right + 0.25 || a.r.top < c.top - 0.25 || a.r.bottom > c.bottom + 0.25) out.outsideCell.push(name + ': "' + a.s + '" leaves its cell');
    }
    for (let i = 0; i < texts.length; i++) {
      const a = texts[i];
      const cell = a.t.getAttribute('data-cell');
      if (cell) {
        out.cellLabels++;
        const [x, y, w, h] = cell.split(' ').map(Number);
        const m = a.t.ownerSVGElement.getScreenCTM();
        const p0 = new DOMPoint(x, y).matrixTransform(m), p1 = new DOMPoint(x + w, y + h).matrixTransform(m);
        if (a.r.left < p0.x - 0.25 || a.r.right > p1.x + 0.25 || a.r.top < p0.y - 0.25 || a.r.bottom > p1.y + 0.25) out.outsideCell.push(name + ': "' + a.s + '" leaves its cell');
      }
      for (let j = i + 1; j < texts.length; j++) {
        const b = texts[j];
        const ox = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const oy = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (ox > 0.25 && oy > 0.25) out.overlaps.push(name + ': "' + a.s + '" and "' + b.s + '" overlap by ' + ox.toFixed(1) + ' x ' + oy.toFixed(1) + ' px');
        else if (oy > 0.25) out.minGap = Math.min(out.minGap, -ox);
        else if (ox > 0.25) out.minGap = Math.min(out.minGap, -oy);
      }
    }
  }
  return out;
})()`;

export async function measureCards(page: PageCheck): Promise<CardMeasure> {
  return page.evaluate<CardMeasure>(SCRIPT);
}
