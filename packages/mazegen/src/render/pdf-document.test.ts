import fc from 'fast-check';
import { PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { helveticaWidth, writePdf } from './pdf-document.js';
import type { SheetPage } from './sheet.js';

// pdf-lib is an independent reader here (a test dependency only): what it reads back is what any reader would.
const INFO = { title: 'T (1) \\ é', creator: 'c', producer: 'p', date: new Date(Date.UTC(2026, 0, 1)) };

/** A page's content stream as text. */
async function contents(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const stream = doc.context.lookup(page.node.get(PDFName.of('Contents'))) as PDFRawStream;
    return Buffer.from(stream.contents).toString('latin1');
  });
}

describe('writePdf', () => {
  it('writes pages a PDF reader opens: sizes, metadata, and an xref whose every offset starts its object', async () => {
    const pages: SheetPage[] = [
      { size: [595.28, 841.89], shapes: [{ kind: 'stroke', grey: 0, width: 1.5, cap: 'round', lines: [[10, 10, 20, 20, 30, 10]] }] },
      { size: [612, 792], shapes: [{ kind: 'fill', grey: 0.5, polygons: [[0, 0, 10, 0, 10, 10]] }] },
    ];
    const bytes = writePdf(pages, INFO);
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getPages().map((p) => [p.getWidth(), p.getHeight()])).toEqual([
      [595.28, 841.89],
      [612, 792],
    ]);
    expect(doc.getTitle()).toBe(INFO.title);
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    const text = Buffer.from(bytes).toString('latin1');
    const xref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const entries = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    entries.forEach((offset, i) => expect(text.slice(offset).startsWith(`${i + 1} 0 obj\n`)).toBe(true));
    const [first, second] = await contents(bytes);
    expect(first).toContain('q 0 G 1.5 w 1 J\n10 10 m 20 20 l 30 10 l\nS Q');
    expect(second).toContain('q 0.5 g\n0 0 m 10 0 l 10 10 l h\nf Q');
  });

  it('the same pages are the same bytes', () => {
    const pages: SheetPage[] = [{ size: [100, 100], shapes: [{ kind: 'text', text: 'start', x: 1, y: 2, size: 9 }] }];
    expect(writePdf(pages, INFO)).toEqual(writePdf(pages, INFO));
  });

  it('shows any text as a reader reads it back, with ? for what WinAnsi cannot hold', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: fc.constantFrom('a', 'Z', '(', ')', '\\', ' ', 'é', '€', '—', 'ā', '漢', '\n') }),
        async (text) => {
          const bytes = writePdf([{ size: [100, 100], shapes: [{ kind: 'text', text, x: 0, y: 0, size: 10 }] }], INFO);
          const [content] = await contents(bytes);
          const shown = /\(((?:\\.|[^\\)])*)\) Tj/
            .exec(content)![1]
            .replace(/\\([0-7]{3}|.)/g, (_, c: string) => (c.length === 3 ? String.fromCharCode(parseInt(c, 8)) : c));
          const expected = [...text].map((ch) => ({ é: '\xe9', '€': '\x80', '—': '\x97' })[ch] ?? (/[ -~]/.test(ch) ? ch : '?')).join('');
          expect(shown).toBe(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('helveticaWidth', () => {
  it("measures each character as Helvetica's metrics (pdf-lib's copy of them) say, without kerning, as Tj draws it", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    // Ydieresis is left out: Adobe's metrics give it 667, pdf-lib's table 500.
    const encodable = [
      ...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)),
      ...Array.from({ length: 96 }, (_, i) => String.fromCharCode(160 + i)),
      ...'€‘’“”–—…•™ƒŠŒŽšœž‚„†‡ˆ‰‹›˜',
    ];
    const single = new Map(encodable.map((ch) => [ch, font.widthOfTextAtSize(ch, 1000)]));
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...encodable), { maxLength: 40 }),
        fc.double({ min: 1, max: 40, noNaN: true }),
        (chars, size) => {
          const expected = (chars.reduce((sum, ch) => sum + single.get(ch)!, 0) * size) / 1000;
          expect(helveticaWidth(chars.join(''), size)).toBeCloseTo(expected, 9);
        },
      ),
    );
    // A character the encoding lacks is drawn, and so measured, as '?'.
    expect(helveticaWidth('漢ā', 10)).toBe(2 * helveticaWidth('?', 10));
  });
});
