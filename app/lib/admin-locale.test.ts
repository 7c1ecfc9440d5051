import { describe, expect, it } from "vitest";
import { adminLocaleFromCookieHeader, adminLocaleSetCookie, isAdminPath } from "./admin-locale";

describe("admin locale", () => {
  it("reads en or ar from the cookie and falls back to English for anything else", () => {
    expect(adminLocaleFromCookieHeader("a=1; rihla_admin_lang=ar; b=2")).toBe("ar");
    expect(adminLocaleFromCookieHeader("rihla_admin_lang=en")).toBe("en");
    expect(adminLocaleFromCookieHeader("rihla_admin_lang=ru")).toBe("en");
    expect(adminLocaleFromCookieHeader("xrihla_admin_lang=ar")).toBe("en");
    expect(adminLocaleFromCookieHeader(null)).toBe("en");
  });

  it("scopes the cookie to the console", () => {
    expect(adminLocaleSetCookie("ar", true)).toMatch(/^rihla_admin_lang=ar; Path=\/admin;.*Secure$/);
  });

  it("knows console paths from storefront ones", () => {
    expect(isAdminPath("/admin")).toBe(true);
    expect(isAdminPath("/admin/orders")).toBe(true);
    expect(isAdminPath("/administration")).toBe(false);
    expect(isAdminPath("/ar/admin")).toBe(false);
  });
});
