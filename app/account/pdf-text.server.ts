/**
 * Text for PDFs in four scripts. pdf-lib draws one font per call and knows nothing of scripts, so a
 * line is cut into runs, each with the Noto font that has its glyphs: Noto Sans (Latin, Cyrillic),
 * Noto Sans Arabic (shaped by fontkit's layout with the font's GSUB features: joining forms and
 * ligatures), and Noto Sans SC, which @fontsource ships as ~100 unicode-range slices — the slice
 * holding a character is found from the package's CSS. Arabic lines are laid out right to left:
 * runs in reverse order, numbers and Latin words kept left to right inside their run.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { inflateSync } from "node:zlib";
import fontkit from "@pdf-lib/fontkit";
import { rgb, type PDFDocument, type PDFFont, type PDFPage } from "pdf-lib";
import { shapeArabic } from "./arabic-shaping";

const require = createRequire(import.meta.url);

function packageDir(name: string): string {
  return path.dirname(require.resolve(`${name}/package.json`));
}

type FontFile = { file: string; ranges: Array<[number, number]> };

/** The 400-weight slices of a @fontsource package with their unicode ranges, read from its CSS. */
function slices(pkg: string): FontFile[] {
  const dir = packageDir(pkg);
  const css = readFileSync(path.join(dir, "400.css"), "utf8");
  const result: FontFile[] = [];
  for (const block of css.split("@font-face").slice(1)) {
    const file = /url\(\.\/files\/([^)]+\.woff)\) format\('woff'\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!file || !range) continue;
    const ranges = range.split(",").map((part): [number, number] => {
      const [from, to] = part.trim().replace(/^U\+/i, "").split("-");
      return [parseInt(from!, 16), parseInt(to ?? from!, 16)];
    });
    result.push({ file: path.join(dir, "files", file), ranges });
  }
  return result;
}

let catalogue: FontFile[] | undefined;
/** Every slice, in the order a character looks for its font: Latin/Cyrillic, Arabic, Chinese. */
function fontCatalogue(): FontFile[] {
  catalogue ??= [
    ...slices("@fontsource/noto-sans").filter((slice) => /-(latin|latin-ext|cyrillic|cyrillic-ext)-400/.test(slice.file)),
    ...slices("@fontsource/noto-sans-arabic").filter((slice) => /-arabic-400/.test(slice.file)),
    ...slices("@fontsource/noto-sans-sc"),
  ];
  return catalogue;
}

const bytesCache = new Map<string, Uint8Array>();

/** Embeds fonts into one document on demand (subset: only the glyphs used end up in the PDF). */
export class PdfTextWriter {
  private readonly fonts = new Map<string, Promise<PDFFont>>();
  private readonly ltrFallback: FontFile;

  constructor(private readonly doc: PDFDocument) {
    doc.registerFontkit(fontkit);
    this.ltrFallback = fontCatalogue()[0]!;
  }

  private fontFileFor(codePoint: number): FontFile | null {
    return fontCatalogue().find((slice) => slice.ranges.some(([from, to]) => codePoint >= from && codePoint <= to)) ?? null;
  }

  private font(file: FontFile): Promise<PDFFont> {
    let font = this.fonts.get(file.file);
    if (!font) {
      let bytes = bytesCache.get(file.file);
      if (!bytes) {
        bytes = woffToSfnt(readFileSync(file.file));
        bytesCache.set(file.file, bytes);
      }
      // pdf-lib's subsetter drops the glyphs GSUB substitutes in (Arabic joining forms): the Arabic
      // slice (~200 KB as TrueType) is embedded whole; the large Chinese and Latin slices are subset.
      const arabic = /arabic/.test(file.file);
      // Arabic arrives already shaped (./arabic-shaping): the font's own contextual features would
      // shape the presentation forms a second time.
      const features = arabic ? { init: false, medi: false, fina: false, isol: false, rlig: false, liga: false, calt: false, ccmp: false, kern: false, mark: false, mkmk: false, curs: false } : undefined;
      font = this.doc.embedFont(bytes, { subset: !arabic, features });
      this.fonts.set(file.file, font);
    }
    return font;
  }

  /** Runs of one font each, in logical order; spaces and punctuation stay with the run they are in. */
  private runs(text: string): Array<{ text: string; file: FontFile; rtl: boolean }> {
    const runs: Array<{ text: string; file: FontFile; rtl: boolean }> = [];
    for (const char of text) {
      const codePoint = char.codePointAt(0)!;
      const neutral = /[\s.,:;\-–()/'"«»“”%+#]/.test(char);
      const last = runs[runs.length - 1];
      if (neutral && last && last.file.ranges.some(([from, to]) => codePoint >= from && codePoint <= to)) {
        last.text += char;
        continue;
      }
      const file = this.fontFileFor(codePoint) ?? this.ltrFallback;
      const rtl = isArabic(codePoint);
      if (last && last.file === file) last.text += char;
      else runs.push({ text: char, file, rtl });
    }
    return runs;
  }

  /** Width of a line at `size` points. */
  async width(text: string, size: number): Promise<number> {
    let total = 0;
    for (const run of this.runs(text)) total += (await this.font(run.file)).widthOfTextAtSize(run.text, size);
    return total;
  }

  /**
   * Draws one line. `x` is the left edge for left-to-right lines and the right edge for right-to-left
   * ones (`rtl`), so Arabic pages align to the right margin.
   */
  async draw(page: PDFPage, text: string, options: { x: number; y: number; size: number; rtl?: boolean; bold?: boolean; color?: [number, number, number] }): Promise<void> {
    const runs = this.runs(options.rtl || /[\u0600-\u06ff]/.test(text) ? shapeArabic(text.trim()) : text.trim());
    const laid = await Promise.all(runs.map(async (run) => ({ ...run, font: await this.font(run.file) })));
    const ordered = options.rtl ? [...laid].reverse() : laid;
    const widths = ordered.map((run) => run.font.widthOfTextAtSize(run.text, options.size));
    let x = options.rtl ? options.x - widths.reduce((sum, width) => sum + width, 0) : options.x;
    const color = options.color ? rgb(...options.color) : rgb(0.1, 0.1, 0.12);
    for (const [index, run] of ordered.entries()) {
      // In a left-to-right line an Arabic word is still one right-to-left run: trim its edge spaces
      // so they don't end up on the wrong side.
      page.drawText(run.text, { x, y: options.y, size: options.size, font: run.font, color });
      if (options.bold) page.drawText(run.text, { x: x + 0.35, y: options.y, size: options.size, font: run.font, color });
      x += widths[index]!;
    }
  }
}

export function isArabic(codePoint: number): boolean {
  return (codePoint >= 0x0600 && codePoint <= 0x06ff) || (codePoint >= 0x0750 && codePoint <= 0x077f) || (codePoint >= 0x08a0 && codePoint <= 0x08ff) || (codePoint >= 0xfb50 && codePoint <= 0xfeff);
}

/**
 * WOFF 1.0 → TrueType/OpenType bytes (PDF embeds sfnt fonts, not WOFF): each table is inflated
 * when compressed and written back with a standard table directory.
 */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const input = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (input.toString("latin1", 0, 4) !== "wOFF") return woff;
  const flavor = input.readUInt32BE(4);
  const numTables = input.readUInt16BE(12);
  const tables: Array<{ tag: number; checksum: number; data: Buffer }> = [];
  for (let index = 0; index < numTables; index++) {
    const entry = 44 + index * 20;
    const offset = input.readUInt32BE(entry + 4);
    const compLength = input.readUInt32BE(entry + 8);
    const origLength = input.readUInt32BE(entry + 12);
    const raw = input.subarray(offset, offset + compLength);
    tables.push({ tag: input.readUInt32BE(entry), checksum: input.readUInt32BE(entry + 16), data: compLength < origLength ? inflateSync(raw) : Buffer.from(raw) });
  }
  const headerSize = 12 + numTables * 16;
  const total = tables.reduce((sum, table) => sum + ((table.data.length + 3) & ~3), headerSize);
  const out = Buffer.alloc(total);
  const power = 2 ** Math.floor(Math.log2(numTables));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE(numTables * 16 - power * 16, 10);
  let offset = headerSize;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    out.writeUInt32BE(table.tag, record);
    out.writeUInt32BE(table.checksum, record + 4);
    out.writeUInt32BE(offset, record + 8);
    out.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(out, offset);
    offset += (table.data.length + 3) & ~3;
  });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
