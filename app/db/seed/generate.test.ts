import { createHash } from "node:crypto";
import { slugify } from "#app/lib/slug";
import { generateProductDetails, generateProducts, generateReferenceData } from "./generate";

const digest = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

describe("seed generator", () => {
  const options = { seed: "rihla", scale: 300, today: "2030-01-07" };

  test("is deterministic: the same seed gives the same catalogue", () => {
    const a = generateProducts(options);
    const b = generateProducts(options);
    expect(digest(a)).toBe(digest(b));
    expect(digest(a.map((product) => generateProductDetails(product, options)))).toBe(digest(b.map((product) => generateProductDetails(product, options))));
  });

  test("a different seed gives a different catalogue", () => {
    expect(digest(generateProducts(options))).not.toBe(digest(generateProducts({ ...options, seed: "other" })));
  });

  test("product N is the same at every scale, so benchmarks extend the default catalogue", () => {
    const small = generateProducts({ ...options, scale: 50 });
    const large = generateProducts(options).slice(0, 50);
    expect(digest(small)).toBe(digest(large));
  });

  test("slugs are unique and URL-safe", () => {
    const products = generateProducts({ ...options, scale: 3000 });
    const slugs = new Set(products.map((product) => product.slug));
    expect(slugs.size).toBe(products.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(slugify("Cancún & Tulum")).toBe("cancun-and-tulum");
  });

  test("prices are integers in minor units and SAR is the most common currency", () => {
    const products = generateProducts({ ...options, scale: 3000 });
    const currencies = new Map<string, number>();
    for (const product of products) {
      currencies.set(product.currency, (currencies.get(product.currency) ?? 0) + 1);
      if (product.noFixedPrice) expect(product.priceFrom).toBeNull();
      else expect(Number.isInteger(product.priceFrom)).toBe(true);
      for (const option of product.options) for (const unit of option.units) if (unit.price !== null) expect(Number.isInteger(unit.price)).toBe(true);
    }
    const ranked = [...currencies.entries()].sort((a, b) => b[1] - a[1]);
    expect(ranked[0]![0]).toBe("SAR");
  });

  test("reference data covers the regions", () => {
    const reference = generateReferenceData();
    const regions = new Set(reference.countries.map((country) => country.region));
    expect([...regions].sort()).toEqual(["americas", "asia", "europe", "gulf", "middle-east"]);
  });
});
