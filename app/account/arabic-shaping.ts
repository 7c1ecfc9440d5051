/**
 * Arabic contextual shaping into Unicode presentation forms (isolated, final, initial, medial, and
 * the lam-alef ligatures). fontkit's GSUB shaping of the @fontsource Noto slice left letters
 * unjoined in pdf-lib's output, so Arabic runs are shaped here and the font only maps code points.
 */

// base letter → [isolated, final, initial, medial]; two forms only for letters that join on the right.
const FORMS: Record<number, number[]> = {
  0x0621: [0xfe80], 0x0622: [0xfe81, 0xfe82], 0x0623: [0xfe83, 0xfe84], 0x0624: [0xfe85, 0xfe86], 0x0625: [0xfe87, 0xfe88],
  0x0626: [0xfe89, 0xfe8a, 0xfe8b, 0xfe8c], 0x0627: [0xfe8d, 0xfe8e], 0x0628: [0xfe8f, 0xfe90, 0xfe91, 0xfe92], 0x0629: [0xfe93, 0xfe94],
  0x062a: [0xfe95, 0xfe96, 0xfe97, 0xfe98], 0x062b: [0xfe99, 0xfe9a, 0xfe9b, 0xfe9c], 0x062c: [0xfe9d, 0xfe9e, 0xfe9f, 0xfea0],
  0x062d: [0xfea1, 0xfea2, 0xfea3, 0xfea4], 0x062e: [0xfea5, 0xfea6, 0xfea7, 0xfea8], 0x062f: [0xfea9, 0xfeaa], 0x0630: [0xfeab, 0xfeac],
  0x0631: [0xfead, 0xfeae], 0x0632: [0xfeaf, 0xfeb0], 0x0633: [0xfeb1, 0xfeb2, 0xfeb3, 0xfeb4], 0x0634: [0xfeb5, 0xfeb6, 0xfeb7, 0xfeb8],
  0x0635: [0xfeb9, 0xfeba, 0xfebb, 0xfebc], 0x0636: [0xfebd, 0xfebe, 0xfebf, 0xfec0], 0x0637: [0xfec1, 0xfec2, 0xfec3, 0xfec4],
  0x0638: [0xfec5, 0xfec6, 0xfec7, 0xfec8], 0x0639: [0xfec9, 0xfeca, 0xfecb, 0xfecc], 0x063a: [0xfecd, 0xfece, 0xfecf, 0xfed0],
  0x0641: [0xfed1, 0xfed2, 0xfed3, 0xfed4], 0x0642: [0xfed5, 0xfed6, 0xfed7, 0xfed8], 0x0643: [0xfed9, 0xfeda, 0xfedb, 0xfedc],
  0x0644: [0xfedd, 0xfede, 0xfedf, 0xfee0], 0x0645: [0xfee1, 0xfee2, 0xfee3, 0xfee4], 0x0646: [0xfee5, 0xfee6, 0xfee7, 0xfee8],
  0x0647: [0xfee9, 0xfeea, 0xfeeb, 0xfeec], 0x0648: [0xfeed, 0xfeee], 0x0649: [0xfeef, 0xfef0], 0x064a: [0xfef1, 0xfef2, 0xfef3, 0xfef4],
};
// lam + alef variants → [isolated, final]
const LAM_ALEF: Record<number, [number, number]> = { 0x0622: [0xfef5, 0xfef6], 0x0623: [0xfef7, 0xfef8], 0x0625: [0xfef9, 0xfefa], 0x0627: [0xfefb, 0xfefc] };

const isMark = (cp: number) => (cp >= 0x064b && cp <= 0x065f) || cp === 0x0670;
const joinsBoth = (cp: number | undefined) => cp !== undefined && (FORMS[cp]?.length ?? 0) === 4;
const joins = (cp: number | undefined) => cp !== undefined && FORMS[cp] !== undefined && cp !== 0x0621;

/** Shapes Arabic letters into presentation forms, in logical order (marks kept after their letter). */
export function shapeArabic(text: string): string {
  const cps = [...text].map((char) => char.codePointAt(0)!);
  const out: number[] = [];
  const neighbour = (from: number, step: number) => {
    for (let index = from + step; index >= 0 && index < cps.length; index += step) if (!isMark(cps[index]!)) return cps[index];
    return undefined;
  };
  for (let index = 0; index < cps.length; index++) {
    const cp = cps[index]!;
    const forms = FORMS[cp];
    if (!forms) {
      out.push(cp);
      continue;
    }
    const previous = neighbour(index, -1);
    const next = neighbour(index, 1);
    const joinPrevious = joinsBoth(previous);
    if (cp === 0x0644 && next !== undefined && LAM_ALEF[next]) {
      out.push(LAM_ALEF[next]![joinPrevious ? 1 : 0]);
      // Skip marks between lam and alef, then the alef itself.
      let skip = index + 1;
      while (isMark(cps[skip]!)) skip++;
      index = skip;
      continue;
    }
    const joinNext = forms.length === 4 && joins(next);
    const form = joinPrevious && joinNext ? 3 : joinPrevious ? 1 : joinNext ? 2 : 0;
    out.push(forms[form] ?? forms[0]!);
  }
  return String.fromCodePoint(...out);
}
