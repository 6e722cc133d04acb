/**
 * The PDF a puzzle sheet needs and nothing more: pages of grey fills, grey strokes and
 * Helvetica text (one of the 14 fonts every PDF reader has, so no font is embedded), in an
 * uncompressed PDF 1.4 file with fixed dates and no ID, so the same sheet is the same bytes
 * in every face. A general PDF library (pdf-lib) was 24 MB of the CLI's install for this.
 */
import type { SheetPage, SheetShape } from './sheet.js';

/** The document's information dictionary. */
export interface PdfInfo {
  title: string;
  creator: string;
  producer: string;
  /** Creation and modification date. */
  date: Date;
}

// Helvetica's advance widths in 1/1000 em (Adobe's AFM metrics), for the characters WinAnsiEncoding holds.
// prettier-ignore
const ASCII_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556,
  278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667,
  611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833,
  556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
// prettier-ignore
const LATIN1_WIDTHS = [
  278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333, 333, 333, 556, 537, 278, 333, 333,
  365, 556, 834, 834, 834, 611, 667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, 722, 722, 778, 778,
  778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611, 556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278,
  278, 278, 556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,
];
/** The characters WinAnsiEncoding puts in 0x80-0x9F (where Latin-1 has control codes): code and width. */
const WIN_ANSI_EXTRAS: ReadonlyMap<string, readonly [number, number]> = new Map([
  ['\u20ac', [0x80, 556]],
  ['\u201a', [0x82, 222]],
  ['\u0192', [0x83, 556]],
  ['\u201e', [0x84, 333]],
  ['\u2026', [0x85, 1000]],
  ['\u2020', [0x86, 556]],
  ['\u2021', [0x87, 556]],
  ['\u02c6', [0x88, 333]],
  ['\u2030', [0x89, 1000]],
  ['\u0160', [0x8a, 667]],
  ['\u2039', [0x8b, 333]],
  ['\u0152', [0x8c, 1000]],
  ['\u017d', [0x8e, 611]],
  ['\u2018', [0x91, 222]],
  ['\u2019', [0x92, 222]],
  ['\u201c', [0x93, 333]],
  ['\u201d', [0x94, 333]],
  ['\u2022', [0x95, 350]],
  ['\u2013', [0x96, 556]],
  ['\u2014', [0x97, 1000]],
  ['\u02dc', [0x98, 333]],
  ['\u2122', [0x99, 1000]],
  ['\u0161', [0x9a, 500]],
  ['\u203a', [0x9b, 333]],
  ['\u0153', [0x9c, 944]],
  ['\u017e', [0x9e, 500]],
  ['\u0178', [0x9f, 667]],
]);
/** What a character WinAnsiEncoding cannot hold is written as. */
const REPLACEMENT = '?';

/** A character's WinAnsiEncoding code and Helvetica width, or undefined when the encoding has no such character. */
function glyph(ch: string): readonly [number, number] | undefined {
  const code = ch.codePointAt(0)!;
  if (code >= 0x20 && code <= 0x7e) return [code, ASCII_WIDTHS[code - 0x20]];
  if (code >= 0xa0 && code <= 0xff) return [code, LATIN1_WIDTHS[code - 0xa0]];
  return WIN_ANSI_EXTRAS.get(ch);
}

/** The width of `text` at `size` points in Helvetica, as written (a character the encoding lacks counts as '?'). */
export function helveticaWidth(text: string, size: number): number {
  let units = 0;
  for (const ch of text) units += (glyph(ch) ?? glyph(REPLACEMENT)!)[1];
  return (units * size) / 1000;
}

/** `text` as a PDF literal string of WinAnsi codes: `(` `)` `\` escaped, bytes past ASCII in octal. */
function pdfString(text: string): string {
  let out = '(';
  for (const ch of text) {
    const code = (glyph(ch) ?? glyph(REPLACEMENT)!)[0];
    if (code === 0x28 || code === 0x29 || code === 0x5c) out += `\\${String.fromCharCode(code)}`;
    else if (code < 0x7f) out += String.fromCharCode(code);
    else out += `\\${code.toString(8).padStart(3, '0')}`;
  }
  return `${out})`;
}

/** A number as a PDF operand: at most 3 decimals, no exponent, no negative zero. */
function num(n: number): string {
  const rounded = Math.round(n * 1000) / 1000;
  return rounded === 0 ? '0' : String(rounded);
}

/** A PDF date, D:YYYYMMDDHHmmSSZ. */
function pdfDate(date: Date): string {
  return `(D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z)`;
}

/** The content-stream operators of one shape, as lines of text pushed onto `out`. */
function shapeOperators(shape: SheetShape, out: string[]): void {
  if (shape.kind === 'text') {
    out.push(`BT /F1 ${num(shape.size)} Tf 0 g ${num(shape.x)} ${num(shape.y)} Td ${pdfString(shape.text)} Tj ET`);
    return;
  }
  if (shape.kind === 'fill') {
    out.push(`q ${num(shape.grey)} g`);
    for (const p of shape.polygons) out.push(`${pathOf(p)} h`);
    out.push('f Q');
    return;
  }
  // Line cap 1 is round, 2 projecting square.
  out.push(`q ${num(shape.grey)} G ${num(shape.width)} w ${shape.cap === 'round' ? 1 : 2} J`);
  for (const line of shape.lines) out.push(pathOf(line));
  out.push('S Q');
}

/** A polyline [x0, y0, x1, y1, ...] as moveto and linetos. */
function pathOf(points: readonly number[]): string {
  let path = `${num(points[0])} ${num(points[1])} m`;
  for (let i = 2; i < points.length; i += 2) path += ` ${num(points[i])} ${num(points[i + 1])} l`;
  return path;
}

/** Text of ASCII and octets below 256 (WinAnsi strings are escaped to ASCII, so every code is below 128) as bytes. */
function bytesOf(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Content lines joined in runs of about this many characters: one huge string would cost its size twice. */
const CONTENT_RUN = 1 << 16;

/** The pages as PDF bytes. */
export function writePdf(pages: readonly SheetPage[], info: PdfInfo): Uint8Array {
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const emit = (text: string | Uint8Array): void => {
    const bytes = typeof text === 'string' ? bytesOf(text) : text;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (id: number, body: string): void => {
    offsets[id] = length;
    emit(`${id} 0 obj\n${body}\nendobj\n`);
  };
  // The second line's bytes above 127 tell file transfer tools the file is binary.
  emit(new Uint8Array([...bytesOf('%PDF-1.4\n%'), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]));
  const firstPage = 5;
  const pageIds = pages.map((_, i) => firstPage + 2 * i);
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  object(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  object(
    4,
    `<< /Title ${pdfString(info.title)} /Creator ${pdfString(info.creator)} /Producer ${pdfString(info.producer)} ` +
      `/CreationDate ${pdfDate(info.date)} /ModDate ${pdfDate(info.date)} >>`,
  );
  pages.forEach((page, i) => {
    const id = pageIds[i];
    object(
      id,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.size[0])} ${num(page.size[1])}] ` +
        `/Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`,
    );
    const lines: string[] = [];
    for (const shape of page.shapes) shapeOperators(shape, lines);
    const runs: Uint8Array[] = [];
    let streamLength = 0;
    for (let start = 0; start < lines.length;) {
      let end = start;
      let size = 0;
      while (end < lines.length && (end === start || size < CONTENT_RUN)) size += lines[end++].length + 1;
      const run = bytesOf(`${lines.slice(start, end).join('\n')}\n`);
      runs.push(run);
      streamLength += run.length;
      start = end;
    }
    offsets[id + 1] = length;
    emit(`${id + 1} 0 obj\n<< /Length ${streamLength} >>\nstream\n`);
    for (const run of runs) emit(run);
    emit('endstream\nendobj\n');
  });
  const count = firstPage + 2 * pages.length;
  const xref = length;
  let table = `xref\n0 ${count}\n0000000000 65535 f \n`;
  for (let id = 1; id < count; id++) table += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  emit(`${table}trailer\n<< /Size ${count} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const file = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    file.set(part, at);
    at += part.length;
  }
  return file;
}
