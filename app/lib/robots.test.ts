import { describe, expect, test } from "vitest";
import { robotsTxt } from "./robots";

describe("robots.txt", () => {
  test("keeps personal pages out of search engines in every language, and names the sitemap", () => {
    const lines = robotsTxt("https://rihla.example/").split("\n");
    for (const path of ["/cart", "/ar/cart", "/ru/checkout", "/zh/invoices", "/ar/account/", "/ar/auth/", "/api/", "/admin", "/tickets/"]) expect(lines).toContain(`Disallow: ${path}`);
    // Public pages stay crawlable.
    expect(lines.filter((line) => line.startsWith("Disallow: ")).some((line) => ["/", "/ar", "/ar/"].includes(line.slice(10)))).toBe(false);
    expect(lines).toContain("Sitemap: https://rihla.example/sitemap.xml");
  });
});
