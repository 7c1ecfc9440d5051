import { describe, expect, test } from "vitest";
import { citySlugFromSegment } from "./slug";
import {
  cartPath,
  categoryPath,
  checkoutPath,
  checkoutResultPath,
  cityExperiencePath,
  cityPath,
  customOfferPath,
  detailPath,
  experiencePath,
  invoicesPath,
  listingPath,
  localized,
  loginPath,
  resetPasswordPath,
  searchPath,
  signUpPath,
  withQuery,
} from "./paths";

describe("storefront paths", () => {
  const product = { slug: "desert-safari", citySlug: "dubai" };

  test("the detail path depends on the storefront type", () => {
    expect(detailPath("supplier", product)).toBe("/experiences/desert-safari");
    expect(detailPath("default", product)).toBe("/things-to-do-in-dubai/desert-safari");
    expect(detailPath("default", product, { date: "2026-03-01" })).toBe("/things-to-do-in-dubai/desert-safari?date=2026-03-01");
    expect(experiencePath("desert-safari")).toBe("/experiences/desert-safari");
    expect(cityExperiencePath("dubai", "desert-safari")).toBe("/things-to-do-in-dubai/desert-safari");
    expect(customOfferPath("desert-safari")).toBe("/experiences/desert-safari/custom-offer");
  });

  test("listings: city, category, everything, search", () => {
    expect(cityPath("dubai")).toBe("/things-to-do-in-dubai");
    expect(citySlugFromSegment(cityPath("dubai").slice(1))).toBe("dubai");
    expect(categoryPath("desert-safari", { page: 2 })).toBe("/desert-safari?page=2");
    expect(listingPath("supplier")).toBe("/experiences");
    expect(listingPath("default")).toBe("/things-to-do");
    expect(searchPath("desert tour/x", { date: "2026-03-01" })).toBe("/search/desert%20tour%2Fx?date=2026-03-01");
  });

  test("commerce and account pages", () => {
    expect(cartPath()).toBe("/cart");
    expect(checkoutPath()).toBe("/checkout");
    expect(checkoutPath({ pay: "tok" })).toBe("/checkout?pay=tok");
    expect(checkoutResultPath("on_hold", { order: "abc" })).toBe("/checkout/on_hold?order=abc");
    expect(checkoutResultPath("success")).toBe("/checkout/success");
    expect(invoicesPath({ cancel: "item-1" })).toBe("/invoices?cancel=item-1");
    expect(loginPath()).toBe("/auth/login");
    expect(loginPath({ redirectTo: "/ar/cart?x=1" })).toBe("/auth/login?redirectTo=%2Far%2Fcart%3Fx%3D1");
    expect(signUpPath({ redirectTo: "" })).toBe("/auth/sign-up");
    expect(resetPasswordPath({ token: "a+b" })).toBe("/auth/reset-password?token=a%2Bb");
  });

  test("localized adds the locale prefix; English has none", () => {
    expect(localized("en", "/")).toBe("/");
    expect(localized("ar", "/")).toBe("/ar");
    expect(localized("ru", cartPath())).toBe("/ru/cart");
    expect(localized("zh", detailPath("default", product))).toBe("/zh/things-to-do-in-dubai/desert-safari");
    expect(localized("ar", "/?q=1")).toBe("/ar?q=1");
  });

  test("withQuery drops empty values", () => {
    expect(withQuery("/blog", { page: null, q: "" })).toBe("/blog");
    expect(withQuery("/blog", { page: 3 })).toBe("/blog?page=3");
  });
});
