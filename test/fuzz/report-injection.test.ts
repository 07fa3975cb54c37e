/** Hostile text in names: CSV cells a spreadsheet would evaluate are neutralised; tag names with quotes, brackets or dots draw the heatmap right. */
import { compile } from 'vega-lite';
import { parse, View } from 'vega';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../src/report/csv.ts';
import { vegaField, winMatrix } from '../../src/report/charts.ts';

describe('report injection', () => {
  it('CSV: text cells and headers starting with = + - @ tab or CR get a leading quote (OWASP); numbers stay numbers', () => {
    const csv = toCsv([{ '=name': '=HYPERLINK("http://x")', b: '+1', c: '-2+3', d: '@SUM(A1)', e: '\tx', f: '\rx', g: -5, h: 'plain' }]);
    const [header, row] = csv.split('\n');
    expect(header).toBe("'=name,b,c,d,e,f,g,h");
    expect(row).toBe(`"'=HYPERLINK(""http://x"")",'+1,'-2+3,'@SUM(A1),'\tx,"'\rx",-5,plain`);
  });

  it.each([['side "A"', 'gun[0]'], ['a.b', 'c.d'], ["it's", 'x\\y'], ['tag]', '[tag']])('a heatmap with tags %s / %s compiles and draws one labelled cell per value', async (row, col) => {
    const rows = [
      { [row]: 'r1', [col]: 'c1', winA: 0.4, lo: 0.3, hi: 0.5, games: 100 },
      { [row]: 'r2', [col]: 'c2', winA: 0.6, lo: 0.5, hi: 0.7, games: 100 },
    ];
    const spec = compile(winMatrix(rows, { row, col, title: 'm' })).spec;
    const view = new View(parse(spec), { renderer: 'none' });
    const svg = await view.toSVG();
    for (const label of ['r1', 'r2', 'c1', 'c2']) expect(svg).toContain(`>${label}<`);
    expect(svg).not.toContain('>undefined<');
    view.finalize();
  });

  it('vegaField escapes the characters Vega reads as access paths', () => {
    expect(vegaField('a.b[0]"x"')).toBe('a\\.b\\[0\\]\\"x\\"');
  });
});
