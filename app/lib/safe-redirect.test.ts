import { describe, expect, test } from "vitest";
import { isSafeLocalPath, localeSwitchTarget, resolveLocalPath, safeRedirect, safeRedirectTo } from "./safe-redirect";

describe("safeRedirect", () => {
  test("follows local paths with their query", () => {
    expect(safeRedirect("/cart")).toBe("/cart");
    expect(safeRedirect("/ar/things-to-do-in-dubai/desert-safari?date=2026-03-01#availability")).toBe("/ar/things-to-do-in-dubai/desert-safari?date=2026-03-01#availability");
    expect(safeRedirect("/?q=1", "/x")).toBe("/?q=1");
  });

  test.each([
    ["//evil.com"],
    ["///evil.com"],
    ["/\\evil.com"],
    ["\\\\evil.com"],
    ["/\\/evil.com"],
    ["https://evil.com"],
    ["http:/evil.com"],
    ["javascript:alert(1)"],
    ["evil.com"],
    ["cart"],
    ["/\t/evil.com"],
    ["/\n/evil.com"],
    ["/ /evil.com"],
    ["/%0d%0aSet-Cookie:x".replace("%0d%0a", "\r\n")],
    [""],
  ])("refuses %j", (value) => {
    expect(safeRedirect(value, "/fallback")).toBe("/fallback");
    expect(isSafeLocalPath(value)).toBe(false);
  });

  test("refuses what is not a string, and very long values", () => {
    for (const value of [null, undefined, 42, ["/cart"], { to: "/cart" }]) expect(safeRedirect(value, "/ar")).toBe("/ar");
    expect(safeRedirect(`/${"a".repeat(3000)}`, "/")).toBe("/");
    expect(safeRedirect("/cart")).toBe("/cart");
    expect(safeRedirect(undefined)).toBe("/");
  });

  test("after signing in, never back into the auth pages", () => {
    expect(safeRedirectTo("/ru/invoices", "/home")).toBe("/ru/invoices");
    expect(safeRedirectTo("/auth/login", "/home")).toBe("/home");
    expect(safeRedirectTo("/ar/auth/sign-up?redirectTo=%2F", "/home")).toBe("/home");
    expect(safeRedirectTo("//evil.com", "/home")).toBe("/home");
  });
});

describe("the Location is checked as a browser resolves it", () => {
  test.each([["/ru/..//evil.example"], ["/zh/%2e%2e//evil.example"], ["/a/%2E%2E/%2e%2e//evil.example"], ["/x/.%2e//evil.example"], ["/ar/../..//evil.example/path?q=1"]])("refuses %j (its dot segments make it //…)", (value) => {
    expect(safeRedirect(value, "/fallback")).toBe("/fallback");
  });

  test("follows dot segments that stay on the site, in their resolved form", () => {
    expect(safeRedirect("/ru/../cart?x=1#top")).toBe("/cart?x=1#top");
    expect(safeRedirect("/zh/%2e%2e/faq")).toBe("/faq");
    expect(resolveLocalPath("/ru/faq")).toBe("/ru/faq");
    expect(resolveLocalPath("/ru/..//evil.example")).toBeNull();
  });

  test("after signing in, a dot segment does not lead back into the auth pages", () => {
    expect(safeRedirectTo("/ru/../auth/login", "/home")).toBe("/home");
  });
});

describe("localeSwitchTarget", () => {
  test("the same page in the chosen language, with its query", () => {
    expect(localeSwitchTarget("/ar/faq?x=1", "ru")).toBe("/ru/faq?x=1");
    expect(localeSwitchTarget("/ru/faq", "en")).toBe("/faq");
    expect(localeSwitchTarget("/ru", "en")).toBe("/");
    expect(localeSwitchTarget("/", "ar")).toBe("/ar");
    expect(localeSwitchTarget(undefined, "zh")).toBe("/zh");
  });

  // The pentest (#27 item 7a): the prefix swap produced `Location: //evil.example`.
  test.each(["/ru//evil.example", "/ru/..//evil.example", "/zh/%2e%2e//evil.example", "/ar//evil.example/x?y=1", "/ru/\\evil.example", "//evil.example", "https://evil.example"])("never leaves the site: %j", (value) => {
    for (const locale of ["en", "ru", "zh", "ar"] as const) {
      const target = localeSwitchTarget(value, locale);
      expect(isSafeLocalPath(target)).toBe(true);
      expect(new URL(target, "https://rihla.example").origin).toBe("https://rihla.example");
    }
    expect(localeSwitchTarget(value, "en")).toBe("/");
  });
});
