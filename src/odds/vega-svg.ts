/**
 * A Vega-Lite spec rendered to static SVG in Node, without a browser and synchronously (the cards
 * are laid out in one pass): compile, parse, run the dataflow (inline data only, so it completes
 * at once) and render the scenegraph with Vega's SVG string renderer. The spec's units are
 * points: the SVG is sized in pt, its viewBox in the spec's units.
 */
import { compile, type TopLevelSpec } from 'vega-lite';
import { parse, SVGStringRenderer, View } from 'vega';

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const r2 = (x: number): string => String(Math.round(x * 100) / 100);

function paddingOf(p: number | { top?: number; bottom?: number; left?: number; right?: number }): { top: number; bottom: number; left: number; right: number } {
  if (typeof p === 'number') return { top: p, bottom: p, left: p, right: p };
  return { top: p.top ?? 0, bottom: p.bottom ?? 0, left: p.left ?? 0, right: p.right ?? 0 };
}

/** The SVG markup of a spec, with `class` on its root and `<title>` for screen readers. */
export function specToSvg(spec: TopLevelSpec, o: { title: string; className: string }): string {
  const view = new View(parse(compile(spec).spec), { renderer: 'none' });
  view.run();
  const pad = paddingOf(view.padding());
  const width = view.width() + pad.left + pad.right;
  const height = view.height() + pad.top + pad.bottom;
  const r = new SVGStringRenderer();
  r.initialize(null, width, height, [pad.left, pad.top]);
  const graph: object = view.scenegraph();
  r.render('root' in graph ? graph.root : graph);
  view.finalize();
  const svg = r.svg() ?? '';
  // The root tag: sized in points, classed, titled.
  return svg.replace(/^<svg [^>]*>/, `<svg class="${esc(o.className)}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${r2(width)} ${r2(height)}" width="${r2(width)}pt" height="${r2(height)}pt" role="img"><title>${esc(o.title)}</title>`);
}
