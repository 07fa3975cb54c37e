/**
 * Pages of a PDF that Chromium printed: each page object's MediaBox, in points and mm. Chromium
 * (Skia) writes page objects uncompressed, `<</Type /Page ... /MediaBox [0 0 w h] ...>> endobj`;
 * a PDF that hides its pages in object streams gives an empty list (the caller's assertion fails).
 */
export interface PdfPage {
  readonly width: number;
  readonly height: number;
  readonly widthMm: number;
  readonly heightMm: number;
}

const MM = 25.4 / 72;

export function pdfPages(pdf: Buffer): PdfPage[] {
  const text = pdf.toString('latin1');
  const box = (obj: string) => /\/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/.exec(obj);
  const objects = text.split(/\bendobj\b/);
  const tree = objects.find((o) => /\/Type\s*\/Pages\b/.test(o) && box(o));
  const out: PdfPage[] = [];
  for (const obj of objects) {
    if (!/\/Type\s*\/Page(?![s\w])/.test(obj)) continue;
    const b = box(obj) ?? (tree ? box(tree) : null);
    if (!b) continue;
    const width = Number(b[3]) - Number(b[1]);
    const height = Number(b[4]) - Number(b[2]);
    out.push({ width, height, widthMm: width * MM, heightMm: height * MM });
  }
  return out;
}
