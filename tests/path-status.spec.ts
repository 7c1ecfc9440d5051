import { expect, test } from "./fixtures";

/**
 * GET /api/path-status on the built server: the studio's redirect checks ask it what the storefront
 * answers for a path (cms/redirect-checks.ts). It asks the running app itself, redirects not followed.
 */
test.describe("path status for the studio", () => {
  // One answer per path whatever the browser: run once.
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "an API, not a page");

  const ask = (request: import("@playwright/test").APIRequestContext, path: string) =>
    request.get(`/api/path-status?path=${encodeURIComponent(path)}`, { headers: { "X-Forwarded-For": "198.51.100.32" } });

  test("200 for a page, 404 for a missing one, the redirect for a rule's path", async ({ request }) => {
    const page = await ask(request, "/faq");
    expect(page.status()).toBe(200);
    expect(page.headers()["cache-control"]).toBe("no-store");
    expect(await page.json()).toEqual({ status: 200, location: null });
    expect(await (await ask(request, "/blog/no-such-post-anywhere")).json()).toMatchObject({ status: 404 });
    expect(await (await ask(request, "/old-blog")).json()).toEqual({ status: 301, location: "/blog" });
  });

  test("400 for absolute URLs, other hosts and the API", async ({ request }) => {
    for (const path of ["https://example.com/", "//example.com/x", "/api/path-status?path=/faq", "/_ops/command"]) {
      const response = await ask(request, path);
      expect(response.status(), path).toBe(400);
      expect(await response.json()).toEqual({ error: "not-a-site-path" });
    }
  });
});
