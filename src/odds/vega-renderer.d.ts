/**
 * Vega's headless SVG string renderer: exported by `vega` (from vega-scenegraph) but missing from
 * vega-typings. Declared here as the part vega-svg.ts uses.
 */
import 'vega';

declare module 'vega' {
  export class SVGStringRenderer {
    initialize(el: null, width: number, height: number, origin: readonly number[]): this;
    render(scene: unknown): this;
    svg(): string | null;
  }
}
