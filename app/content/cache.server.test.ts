import { setTimeout as sleep } from "node:timers/promises";
import { cacheKey, createContentCache } from "./cache.server";

function counter(values: string[]) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    getFreshValue: async () => values[Math.min(calls++, values.length - 1)]!,
  };
}

const query = (name: string, locale: string | null, types: string[], source: { getFreshValue: () => Promise<string> }, params: Record<string, unknown> = {}) => ({
  name,
  query: `*[_type == "${name}"]`,
  params,
  locale,
  types,
  getFreshValue: source.getFreshValue,
});

describe("content cache", () => {
  it("keys by query, params and locale, independent of param order", () => {
    const a = cacheKey("blogPost", "q", { slug: "x", language: "en" }, "en");
    expect(cacheKey("blogPost", "q", { language: "en", slug: "x" }, "en")).toBe(a);
    expect(cacheKey("blogPost", "q", { language: "en", slug: "y" }, "en")).not.toBe(a);
    expect(cacheKey("blogPost", "q", { language: "en", slug: "x" }, "ar")).not.toBe(a);
    expect(cacheKey("blogPost", "q2", { language: "en", slug: "x" }, "en")).not.toBe(a);
  });

  it("serves hits from memory, then stale while revalidating in the background", async () => {
    const cache = createContentCache({ ttl: 40, swr: 10_000 });
    const source = counter(["v1", "v2"]);
    expect(await cache.get(query("faq", "en", ["faqEntry"], source))).toBe("v1");
    expect(await cache.get(query("faq", "en", ["faqEntry"], source))).toBe("v1");
    expect(source.calls).toBe(1);
    expect(cache.stats).toMatchObject({ miss: 1, hit: 1, stale: 0 });

    await sleep(60);
    // Past the TTL: the stale value is answered at once and one refresh runs behind it.
    expect(await cache.get(query("faq", "en", ["faqEntry"], source))).toBe("v1");
    expect(cache.stats.stale).toBe(1);
    await cache.settle();
    expect(source.calls).toBe(2);
    expect(await cache.get(query("faq", "en", ["faqEntry"], source))).toBe("v2");
    expect(source.calls).toBe(2);
  });

  it("fetches again once past TTL + SWR", async () => {
    const cache = createContentCache({ ttl: 10, swr: 10 });
    const source = counter(["v1", "v2"]);
    await cache.get(query("faq", "en", ["faqEntry"], source));
    await sleep(40);
    expect(await cache.get(query("faq", "en", ["faqEntry"], source))).toBe("v2");
    expect(cache.stats.miss).toBe(2);
  });

  it("evicts entries reading the changed type in its language, and unlocalized ones", async () => {
    const cache = createContentCache();
    const sources = { faqEn: counter(["a"]), faqAr: counter(["b"]), home: counter(["c"]), redirects: counter(["d"]), blog: counter(["e"]) };
    await cache.get(query("faq", "en", ["faqEntry"], sources.faqEn));
    await cache.get(query("faq", "ar", ["faqEntry"], sources.faqAr));
    await cache.get(query("home", "ar", ["homePage", "theme", "testimonial"], sources.home));
    await cache.get(query("redirects", null, ["redirectRule"], sources.redirects));
    await cache.get(query("blog", "ar", ["blogPost"], sources.blog));

    const evicted = cache.evict({ id: "theme-ar-family-fun", type: "theme", language: "ar" });
    expect(evicted).toHaveLength(1);
    expect(evicted[0]).toContain("content:home:");
    expect(cache.evict({ type: "faqEntry", language: "ar" })).toHaveLength(1);
    expect(cache.evict({ type: "redirectRule" })).toHaveLength(1);
    expect(cache.keys()).toHaveLength(2); // faq en, blog ar

    await cache.get(query("faq", "ar", ["faqEntry"], sources.faqAr));
    expect(sources.faqAr.calls).toBe(2);
    await cache.get(query("faq", "en", ["faqEntry"], sources.faqEn));
    expect(sources.faqEn.calls).toBe(1);

    // A change without a type (unknown payload) evicts everything.
    cache.evict({});
    expect(cache.keys()).toHaveLength(0);
  });

  it("does not cache failures", async () => {
    const cache = createContentCache();
    let calls = 0;
    const failing = { getFreshValue: async () => (calls++ === 0 ? Promise.reject(new Error("down")) : "ok") };
    await expect(cache.get(query("x", "en", ["x"], failing))).rejects.toThrow("down");
    expect(await cache.get(query("x", "en", ["x"], failing))).toBe("ok");
  });
});
