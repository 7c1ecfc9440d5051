import { describe, expect, test } from "vitest";
import { isSafeLocalPath, safeRedirect, safeRedirectTo } from "./safe-redirect";

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
