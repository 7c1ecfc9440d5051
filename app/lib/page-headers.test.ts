import { describe, expect, test } from "vitest";
import { CACHE_PRIVATE, pageHeaders } from "./http";

const call = (args: { loaderHeaders?: HeadersInit; actionHeaders?: HeadersInit; errorHeaders?: HeadersInit }) =>
  new Headers(
    pageHeaders({
      loaderHeaders: new Headers(args.loaderHeaders),
      actionHeaders: new Headers(args.actionHeaders),
      errorHeaders: args.errorHeaders ? new Headers(args.errorHeaders) : undefined,
      parentHeaders: new Headers(),
    } as Parameters<typeof pageHeaders>[0]),
  );

describe("pageHeaders", () => {
  test("a loader's Referrer-Policy reaches the document (reset-password's no-referrer)", () => {
    const headers = call({ loaderHeaders: { "Cache-Control": CACHE_PRIVATE, "Referrer-Policy": "no-referrer" } });
    expect(headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(headers.get("Cache-Control")).toBe(CACHE_PRIVATE);
  });

  test("an action's 429 keeps its Retry-After", () => {
    const headers = call({ loaderHeaders: { "Cache-Control": CACHE_PRIVATE }, actionHeaders: { "Cache-Control": CACHE_PRIVATE, "Retry-After": "120" } });
    expect(headers.get("Retry-After")).toBe("120");
  });

  test("a thrown response's headers pass too", () => {
    expect(call({ errorHeaders: { "Retry-After": "30" } }).get("Retry-After")).toBe("30");
  });

  test("a loader's Surrogate-Key reaches the document (the page cache evicts one product's pages by it)", () => {
    expect(call({ loaderHeaders: { "Cache-Control": "public, s-maxage=300", "Surrogate-Key": "product:prd-1" } }).get("Surrogate-Key")).toBe("product:prd-1");
  });

  test("nothing else leaks through", () => {
    const headers = call({ loaderHeaders: { "X-Secret": "1", "Set-Cookie": "a=b" } });
    expect(headers.get("X-Secret")).toBeNull();
    expect(headers.get("Set-Cookie")).toBeNull();
  });
});
