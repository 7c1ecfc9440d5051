/**
 * The formula guard of our CSV exports, and its exact inverse for the import. A spreadsheet runs a cell
 * that starts with `=`, `+`, `-`, `@` (or a tab or carriage return before one) as a formula, so the
 * export puts a `'` before such a cell. A cell that already starts with `'`s before one of those gets
 * one more, so every guarded cell is told apart from a text that only looks guarded: the import removes
 * exactly one `'` from a cell of that shape and nothing else, and export → import → export is stable.
 */
const NEEDS_GUARD = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;

/** `text` as an exported cell: with one leading `'` when a spreadsheet could read it as a formula. */
export function guardFormula(text: string): string {
  return NEEDS_GUARD.test(text) ? `'${text}` : text;
}

/** An imported cell as it was before `guardFormula`. */
export function unguardFormula(cell: string): string {
  return GUARDED.test(cell) ? cell.slice(1) : cell;
}
