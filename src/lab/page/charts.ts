/** Vega-Lite specs (built by the server, the same builders as the reports) embedded with vega-embed. */
const views = new WeakMap<HTMLElement, VegaView>();

export async function embed(el: HTMLElement, spec: unknown): Promise<void> {
  const res = await vegaEmbed(el, spec, { actions: false, renderer: 'svg' });
  views.get(el)?.finalize();
  views.set(el, res.view);
  el.dataset.rendered = 'true';
}

/** A chart slot by name inside `host`, created on first use. */
export function slot(host: HTMLElement, name: string): HTMLElement {
  let el = host.querySelector<HTMLElement>(`[data-chart="${name}"]`);
  if (!el) {
    el = document.createElement('div');
    el.className = 'vega-chart';
    el.dataset.chart = name;
    host.append(el);
  }
  return el;
}
