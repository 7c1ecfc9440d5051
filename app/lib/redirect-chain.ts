/**
 * Loops and chains among the editors' redirect rules, checked in the studio and traced by its
 * "Try a path" tool. No imports on purpose: the studio (cms/) bundles this file as it is, and the
 * storefront never imports the studio.
 *
 * Paths are compared the way `resolveRedirect` (app/lib/redirects.ts) matches CMS rules: the query
 * and fragment are ignored, empty segments dropped (`/a/` and `//a` are `/a`), and case is kept
 * (`/Promo` and `/promo` are different paths).
 */

export type RedirectRuleLike = { from?: string | null; to?: string | null; permanent?: boolean | null };

export type RedirectHop = { from: string; to: string; permanent: boolean };

export type PathTrace = {
  hops: RedirectHop[];
  /** The path (or absolute URL) the visitor ends on after the editors' rules. */
  end: string;
  /** no-rule: no rule starts at `end`; external: `end` is another site; loop: the rules come back to a path already seen; too-many-hops: stopped after MAX_HOPS. */
  stop: "no-rule" | "external" | "loop" | "too-many-hops";
};

export type RedirectProblem = { kind: "self" | "loop" | "chain"; message: string };

export const MAX_HOPS = 10;

/** `to` is an absolute http(s) URL (another site, or ours spelled in full). */
export function isAbsoluteUrl(value: string): boolean {
  return /^https?:\/\/[^/\s]+/i.test(value);
}

/** The path as the storefront matches it, or null when it is not a site path. */
export function normaliseRedirectPath(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const path = value.split(/[?#]/)[0] ?? "";
  if (!path.startsWith("/") || path.includes("\\")) return null;
  return `/${path.split("/").filter(Boolean).join("/")}`;
}

/** The first rule that starts at `path` (the storefront takes the first match too). */
function ruleFrom(path: string, rules: readonly RedirectRuleLike[]): RedirectRuleLike | undefined {
  return rules.find((rule) => normaliseRedirectPath(rule.from) === path);
}

/** Where `path` ends up through the rules: every hop, stopping at another site, a loop or MAX_HOPS. */
export function tracePath(path: string, rules: readonly RedirectRuleLike[]): PathTrace {
  const hops: RedirectHop[] = [];
  let current = normaliseRedirectPath(path) ?? path;
  const seen = new Set<string>([current]);
  while (hops.length < MAX_HOPS) {
    const rule = ruleFrom(current, rules);
    if (!rule || typeof rule.to !== "string") return { hops, end: current, stop: "no-rule" };
    const to = rule.to.trim();
    if (isAbsoluteUrl(to)) {
      hops.push({ from: current, to, permanent: rule.permanent === true });
      return { hops, end: to, stop: "external" };
    }
    const next = normaliseRedirectPath(to);
    // The storefront skips a rule whose target is not a site path or is the path itself.
    if (next === null || next === current) return { hops, end: current, stop: "no-rule" };
    hops.push({ from: current, to: next, permanent: rule.permanent === true });
    if (seen.has(next)) return { hops, end: next, stop: "loop" };
    seen.add(next);
    current = next;
  }
  return { hops, end: current, stop: "too-many-hops" };
}

/**
 * What is wrong with `rule` given the other rules (without it): pointing at itself, a loop back to
 * its own path, or a chain (its target redirects again). Empty when the rule is fine.
 */
export function checkRedirectRule(rule: RedirectRuleLike, otherRules: readonly RedirectRuleLike[]): RedirectProblem[] {
  const from = normaliseRedirectPath(rule.from);
  const rawTo = typeof rule.to === "string" ? rule.to.trim() : "";
  if (from === null || !rawTo || isAbsoluteUrl(rawTo)) return [];
  const to = normaliseRedirectPath(rawTo);
  if (to === null) return [];
  if (to === from) return [{ kind: "self", message: "A redirect cannot point at itself." }];
  const others = otherRules.filter((other) => normaliseRedirectPath(other.from) !== from);
  // Follow the target with this rule in place: coming back to `from` is a loop.
  const trace = tracePath(to, [...others, { from, to, permanent: rule.permanent }]);
  if (trace.hops.some((hop) => hop.to === from)) {
    const cycle = [from, to, ...trace.hops.map((hop) => hop.to)];
    const back = cycle.indexOf(from, 1);
    return [{ kind: "loop", message: `This makes a loop: ${cycle.slice(0, back === -1 ? undefined : back + 1).join(" → ")}. Point at a page that does not redirect.` }];
  }
  if (trace.stop === "loop" || trace.stop === "too-many-hops") {
    return [{ kind: "loop", message: `Points at ${to}, which redirects round in a loop (${[to, ...trace.hops.map((hop) => hop.to)].join(" → ")}). Point at a page that does not redirect.` }];
  }
  if (trace.hops.length > 0) {
    const next = trace.hops[0]!.to;
    const final = trace.end;
    const via = next === final ? "" : ` (and on to ${final})`;
    return [{ kind: "chain", message: `Points at ${to}, which redirects again to ${next}${via}: point straight at ${final}.` }];
  }
  return [];
}

/** Rules among `otherRules` that point at `rule`'s path and would chain through it once it is saved. */
export function rulesChainingInto(rule: RedirectRuleLike, otherRules: readonly RedirectRuleLike[]): string[] {
  const from = normaliseRedirectPath(rule.from);
  if (from === null) return [];
  return otherRules
    .filter((other) => typeof other.to === "string" && !isAbsoluteUrl(other.to) && normaliseRedirectPath(other.to) === from && normaliseRedirectPath(other.from) !== from)
    .map((other) => normaliseRedirectPath(other.from) ?? String(other.from));
}
