import { checkRedirectRule, MAX_HOPS, normaliseRedirectPath, rulesChainingInto, tracePath } from "./redirect-chain";
import { resolveRedirect } from "./redirects";

const rule = (from: string, to: string, permanent = false) => ({ from, to, permanent });

describe("normaliseRedirectPath", () => {
  it("matches paths the way the storefront does: trailing and double slashes dropped, case kept, query ignored", () => {
    expect(normaliseRedirectPath("/promo/")).toBe("/promo");
    expect(normaliseRedirectPath("//promo//summer")).toBe("/promo/summer");
    expect(normaliseRedirectPath("/promo?x=1#top")).toBe("/promo");
    expect(normaliseRedirectPath("/Promo")).toBe("/Promo");
    expect(normaliseRedirectPath("https://example.com/a")).toBeNull();
    expect(normaliseRedirectPath(undefined)).toBeNull();
  });

  it("agrees with resolveRedirect on a trailing slash and on case", () => {
    const rules = [rule("/old/", "/blog")];
    expect(resolveRedirect("/old", "default", rules)?.redirect).toBe("/blog");
    expect(tracePath("/old", rules).end).toBe("/blog");
    expect(resolveRedirect("/OLD", "default", rules)?.redirect).not.toBe("/blog");
    expect(tracePath("/OLD", rules).hops).toEqual([]);
  });
});

describe("tracePath", () => {
  it("lists every hop to where the path ends", () => {
    const trace = tracePath("/a/", [rule("/a", "/b", true), rule("/b", "/c")]);
    expect(trace.hops).toEqual([
      { from: "/a", to: "/b", permanent: true },
      { from: "/b", to: "/c", permanent: false },
    ]);
    expect(trace).toMatchObject({ end: "/c", stop: "no-rule" });
  });

  it("stops at another site", () => {
    expect(tracePath("/a", [rule("/a", "https://example.com/x")])).toMatchObject({ end: "https://example.com/x", stop: "external" });
  });

  it("stops at a loop", () => {
    const trace = tracePath("/a", [rule("/a", "/b"), rule("/b", "/a")]);
    expect(trace.stop).toBe("loop");
    expect(trace.hops.map((hop) => hop.to)).toEqual(["/b", "/a"]);
  });

  it("stops after MAX_HOPS", () => {
    const rules = Array.from({ length: 20 }, (_, index) => rule(`/p${index}`, `/p${index + 1}`));
    const trace = tracePath("/p0", rules);
    expect(trace.stop).toBe("too-many-hops");
    expect(trace.hops).toHaveLength(MAX_HOPS);
  });

  it("ignores a rule pointing at itself, as the storefront does", () => {
    expect(tracePath("/a", [rule("/a", "/a/")])).toMatchObject({ hops: [], end: "/a", stop: "no-rule" });
  });
});

describe("checkRedirectRule", () => {
  it("accepts a rule to a page that does not redirect, and any absolute URL", () => {
    expect(checkRedirectRule(rule("/a", "/blog"), [rule("/x", "/y")])).toEqual([]);
    expect(checkRedirectRule(rule("/a", "https://example.com"), [rule("/a", "/b")])).toEqual([]);
  });

  it("refuses a rule pointing at itself, trailing slash or not", () => {
    expect(checkRedirectRule(rule("/a", "/a/"), [])).toEqual([{ kind: "self", message: "A redirect cannot point at itself." }]);
  });

  it("refuses a loop and names its paths", () => {
    const problems = checkRedirectRule(rule("/a", "/b"), [rule("/b", "/c"), rule("/c", "/a/")]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.kind).toBe("loop");
    expect(problems[0]!.message).toContain("/a → /b → /c → /a");
  });

  it("refuses a two-rule loop", () => {
    expect(checkRedirectRule(rule("/a", "/b"), [rule("/b", "/a")])[0]).toMatchObject({ kind: "loop" });
  });

  it("refuses a chain and names where to point instead", () => {
    expect(checkRedirectRule(rule("/a", "/x"), [rule("/x/", "/y")])).toEqual([
      { kind: "chain", message: "Points at /x, which redirects again to /y: point straight at /y." },
    ]);
    const longer = checkRedirectRule(rule("/a", "/x"), [rule("/x", "/y"), rule("/y", "/z")]);
    expect(longer[0]!.message).toBe("Points at /x, which redirects again to /y (and on to /z): point straight at /z.");
  });

  it("refuses pointing into an existing loop", () => {
    expect(checkRedirectRule(rule("/a", "/x"), [rule("/x", "/y"), rule("/y", "/x")])[0]).toMatchObject({ kind: "loop" });
  });

  it("ignores the rule's own older version among the others", () => {
    expect(checkRedirectRule(rule("/a", "/b"), [rule("/a/", "/c")])).toEqual([]);
  });
});

describe("rulesChainingInto", () => {
  it("lists the rules that point at this rule's path", () => {
    expect(rulesChainingInto(rule("/b", "/c"), [rule("/a", "/b/"), rule("/x", "/y"), rule("/z", "https://e.com/b")])).toEqual(["/a"]);
  });
});
