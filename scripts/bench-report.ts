/**
 * The bench's one contract and its one table (`npm run bench`, scripts/bench.ts).
 *
 * Every section prints each figure it measures as one JSON line on stdout, human text going to stderr:
 *
 *   {"section":"catalogue","figure":"listing p95, 20,000 experiences","value":3.1,"unit":"ms","p50":1.2,"goal":"≤ 5 ms","pass":true}
 *
 * `value` is a number in `unit` (ms, s, MB, req/s, %, KB); extra fields sit between `unit` and `goal`
 * (p50, the static-file anchor of a page ratio, errors, a note); `goal` is a comparison in the same
 * unit ("≤ 5 ms", "≥ 50 %", "0 KB"), or null with `pass` null for a figure shown for information.
 * bench.ts gathers the lines of every section and prints one markdown table.
 */
import os from "node:os";

export const UNITS = ["ms", "s", "MB", "req/s", "%", "KB"] as const;
export type Unit = (typeof UNITS)[number];

/** What a section may add beside a figure's value. */
export type FigureExtras = {
  /** The median beside a p95 (same unit as the value). */
  p50?: number;
  /** For a ratio to the static-file anchor: the page's and the anchor's requests per second, and their size. */
  reqPerSec?: number;
  anchorReqPerSec?: number;
  sizeKB?: number;
  /** Failed requests (socket errors, timeouts, non-2xx): a figure with any fails whatever its value. */
  errors?: number;
  /** How many samples the percentiles come from. */
  samples?: number;
  note?: string;
};

export type Figure = {
  section: string;
  figure: string;
  value: number;
  unit: Unit;
  goal: string | null;
  pass: boolean | null;
} & FigureExtras;

export type Goal = { comparison: "≤" | "≥" | "<" | ">" | "="; limit: number; unit: Unit };

const COMPARISONS: Record<string, Goal["comparison"]> = { "≤": "≤", "<=": "≤", "≥": "≥", ">=": "≥", "<": "<", ">": ">", "=": "=", "": "=" };

/** Reads a goal such as "≤ 5 ms", "≥ 50 %", "<= 500 MB" or "0 KB" (equal); null when it is not one. */
export function parseGoal(goal: string): Goal | null {
  const match = /^\s*(≤|≥|<=|>=|<|>|=)?\s*(-?\d[\d,]*(?:\.\d+)?)\s*(ms|s|MB|req\/s|%|KB)\s*$/.exec(goal);
  if (!match) return null;
  const comparison = COMPARISONS[match[1] ?? ""];
  if (!comparison) return null;
  return { comparison, limit: Number(match[2]!.replaceAll(",", "")), unit: match[3] as Unit };
}

/** Whether a value meets its goal; the goal must be in the value's unit. */
export function meetsGoal(value: number, unit: Unit, goal: string): boolean {
  const parsed = parseGoal(goal);
  if (!parsed) throw new Error(`not a goal: ${JSON.stringify(goal)}`);
  if (parsed.unit !== unit) throw new Error(`goal ${JSON.stringify(goal)} is not in ${unit}`);
  if (!Number.isFinite(value)) return false;
  switch (parsed.comparison) {
    case "≤":
      return value <= parsed.limit;
    case "≥":
      return value >= parsed.limit;
    case "<":
      return value < parsed.limit;
    case ">":
      return value > parsed.limit;
    case "=":
      return value === parsed.limit;
  }
}

/** A figure with its pass worked out: its goal met and no failed request. A null goal is information only. */
export function figure(section: string, name: string, value: number, unit: Unit, goal: string | null, extras: FigureExtras = {}): Figure {
  const pass = goal === null ? null : meetsGoal(value, unit, goal) && !(extras.errors && extras.errors > 0);
  // Key order as the contract reads: section, figure, value, unit, extras, goal, pass.
  return { section, figure: name, value, unit, ...extras, goal, pass };
}

/** Prints a figure as its contract line on stdout. */
export function emitFigure(section: string, name: string, value: number, unit: Unit, goal: string | null, extras: FigureExtras = {}): Figure {
  const line = figure(section, name, value, unit, goal, extras);
  process.stdout.write(`${JSON.stringify(line)}\n`);
  return line;
}

/** A contract line, or null for any other text (which a section should have sent to stderr). */
export function parseFigureLine(line: string): Figure | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith("{")) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const candidate = parsed as Record<string, unknown>;
  if (typeof candidate.section !== "string" || typeof candidate.figure !== "string") return null;
  if (typeof candidate.value !== "number" || !UNITS.includes(candidate.unit as Unit)) return null;
  if (candidate.goal !== null && typeof candidate.goal !== "string") return null;
  if (candidate.pass !== null && typeof candidate.pass !== "boolean") return null;
  return candidate as Figure;
}

/** Splits a section's stdout into its figures and the other lines. */
export function parseFigureLines(text: string): { figures: Figure[]; other: string[] } {
  const figures: Figure[] = [];
  const other: string[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const parsed = parseFigureLine(line);
    if (parsed) figures.push(parsed);
    else other.push(line);
  }
  return { figures, other };
}

/** A number for the table: thousands grouped, one decimal below 100 (two below 10 for ms). */
export function formatNumber(value: number, unit: Unit): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : unit === "ms" && abs < 10 ? 2 : 1;
  return value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

const withUnit = (value: number, unit: Unit) => `${formatNumber(value, unit)} ${unit}`;

/** The value cell: the value, and what the section added beside it. */
export function formatValue(line: Figure): string {
  // A figure that could not be taken (a section that failed) has no number: NaN here, null in JSON.
  if (typeof line.value !== "number" || !Number.isFinite(line.value)) return `not measured${line.note ? ` · ${line.note}` : ""}`;
  let text = withUnit(line.value, line.unit);
  const beside: string[] = [];
  if (line.p50 !== undefined) beside.push(`p50 ${withUnit(line.p50, line.unit)}`);
  if (line.reqPerSec !== undefined && line.anchorReqPerSec !== undefined) {
    beside.push(`${withUnit(line.reqPerSec, "req/s")} vs static ${withUnit(line.anchorReqPerSec, "req/s")}${line.sizeKB !== undefined ? `, ${withUnit(line.sizeKB, "KB")}` : ""}`);
  }
  if (beside.length) text += ` (${beside.join("; ")})`;
  if (line.errors) text += ` · **${line.errors.toLocaleString("en-US")} failed requests**`;
  if (line.note) text += ` · ${line.note}`;
  return text;
}

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

/** One markdown table: section | figure | value | goal | pass. */
export function formatTable(figures: readonly Figure[]): string {
  const rows = ["| section | figure | value | goal | pass |", "|:--|:--|:--|:--|:-:|"];
  for (const line of figures) {
    const pass = line.pass === null ? "–" : line.pass ? "✓" : "✗";
    rows.push(`| ${cell(line.section)} | ${cell(line.figure)} | ${cell(formatValue(line))} | ${cell(line.goal ?? "–")} | ${pass} |`);
  }
  return rows.join("\n");
}

export type Machine = { cpu: string; cores: number; ramGB: number; node: string; os: string; loadAverage: number[]; date: string; commit: string };

export function describeMachine(commit: string, date = new Date()): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: os.availableParallelism?.() ?? cpus.length,
    ramGB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
    date: date.toISOString().replace(/\.\d+Z$/, "Z"),
    commit,
  };
}

export function formatMachine(machine: Machine): string {
  return [
    `- CPU: ${machine.cpu}, ${machine.cores} cores; RAM ${machine.ramGB} GB; ${machine.os}`,
    `- Node ${machine.node}; load average at the start ${machine.loadAverage.join(" / ")} (1 / 5 / 15 min)`,
    `- ${machine.date}, commit ${machine.commit}`,
  ].join("\n");
}

export type RunDescription = { sections: readonly string[]; seconds: number; connections: number; note?: string };

/** docs/benchmarks.md: the latest table and the machine it ran on. */
export function benchmarksDocument(figures: readonly Figure[], machine: Machine, run: RunDescription): string {
  const failed = figures.filter((line) => line.pass === false).length;
  return `# Benchmarks

The latest \`npm run bench\` table (written by \`npm run bench -- --write\`; how it measures is in the
README's bench paragraph and in \`scripts/bench.ts\`). Absolute figures depend on the machine below;
page throughput is also given as a ratio to a static file of the same bytes served by the same server in
the same run, which travels better between machines.
${run.note ? `\n> ${run.note}\n` : ""}
## Machine

${formatMachine(machine)}
- Sections: ${run.sections.join(", ")}; pages at ${run.connections} concurrent connections, ${run.seconds} s per measurement after a warm-up

## Table

${formatTable(figures)}

${figures.length} figures, ${failed} missing their goal. "–" in the goal column: shown for information, no budget.
`;
}

// ---------------------------------------------------------------------------------------------------
// Reading a page's HTML

const decodeHtml = (value: string) => value.replaceAll("&amp;", "&");

/** The distinct /_ipx URLs of a page's src and srcset attributes. */
export function ipxUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/\b(?:src|srcset|imagesrcset)="([^"]+)"/g)) {
    for (const candidate of decodeHtml(match[1]!).split(",")) {
      const url = candidate.trim().split(/\s+/)[0];
      if (url?.startsWith("/_ipx/")) urls.add(url);
    }
  }
  return [...urls];
}

/** The distinct pre-generated images (`/generated/…`) a page shows. */
export function generatedImages(html: string): string[] {
  return [...new Set([...html.matchAll(/\/generated\/[^"'\s,)]+\.(?:webp|jpe?g|png|avif)/g)].map((match) => match[0]))];
}
