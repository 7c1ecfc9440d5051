import { parseEnv } from "#app/lib/env.server";
import { createFlashStorage, createToastHeaders, getToast, redirectWithToast, translateToast, type ToastDeps } from "#app/web/toast.server";

/** The flash cookie as the app context makes it, from an environment of our choosing. */
const toastDeps = (env: Record<string, string> = {}): ToastDeps => ({ cookies: { flash: createFlashStorage(parseEnv(env)) } });
const deps = toastDeps();

function cookieOf(headers: Headers): string {
  return headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}

describe("flash toasts", () => {
  test("round trip: redirect with a toast, then read it once and clear the cookie", async () => {
    const response = await redirectWithToast(deps, "/ar/contact-us", { type: "success", key: "contact.sent" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/ar/contact-us");
    const setCookie = response.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^rihla_flash=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    // An unread flash does not linger, and is not marked Secure on a plain-http site.
    expect(setCookie).toMatch(/Max-Age=600(;|$)/);
    expect(setCookie).not.toMatch(/Secure/);

    const { toast, headers } = await getToast(deps, new Request("http://x/ar/contact-us", { headers: { Cookie: cookieOf(response.headers) } }));
    expect(toast).toMatchObject({ type: "success", key: "contact.sent" });
    expect(headers!.get("Set-Cookie")).toMatch(/rihla_flash=;.*Expires=Thu, 01 Jan 1970/);
    expect(translateToast(toast!, (key) => `t(${key})`)).toMatchObject({ type: "success", message: "t(contact.sent)", title: null });
    // Once the browser applies the clearing cookie, the next page shows nothing.
    const next = await getToast(deps, new Request("http://x/ar/contact-us", { headers: { Cookie: cookieOf(headers!) } }));
    expect(next.toast).toBeNull();
  });

  test("the key's values and the title reach the translation", async () => {
    const headers = await createToastHeaders(deps, { type: "info", title: "Cart", key: "cart.added", values: { count: 2, name: "Desert safari" } });
    const { toast } = await getToast(deps, new Request("http://x/", { headers: { Cookie: cookieOf(headers) } }));
    const t = (key: string, values?: Record<string, string | number>) => `${key}:${JSON.stringify(values)}`;
    expect(translateToast(toast!, t)).toEqual({ id: toast!.id, type: "info", title: "Cart", message: 'cart.added:{"count":2,"name":"Desert safari"}' });
  });

  test("on an https site the cookie is Secure", async () => {
    expect((await createToastHeaders(toastDeps({ SITE_URL: "https://rihla.example", SESSION_SECRET: "k3J9-vQ2xZ8_pL5mN7bR4tY6wE1aS0dF", SANITY_WEBHOOK_SECRET: "p9Lm2Qx7Vb4Nc8Zr1Ty6Ws3Ed5Rf0Gh-cms-webhook", PAYMENT_GATEWAY: "stripe" }), { text: "hi" })).get("Set-Cookie")).toMatch(/; Secure(;|$)/);
  });

  test("keeps other headers and takes plain texts and every type", async () => {
    const response = await redirectWithToast(deps, "/cart", { type: "warning", text: "Prices changed" }, { headers: { "Set-Cookie": "rihla_cart=abc; Path=/" } });
    expect(response.headers.getSetCookie()).toHaveLength(2);
    expect(response.headers.getSetCookie()).toContain("rihla_cart=abc; Path=/");
    const { toast } = await getToast(deps, new Request("http://x/", { headers: { Cookie: cookieOf(response.headers) } }));
    expect(toast).toMatchObject({ type: "warning", text: "Prices changed" });
    for (const type of ["info", "success", "warning", "error", "default"] as const) {
      const headers = await createToastHeaders(deps, { type, text: type });
      expect((await getToast(deps, new Request("http://x/", { headers: { Cookie: cookieOf(headers) } }))).toast?.type).toBe(type);
    }
  });

  test("no cookie: no toast and no Set-Cookie (the page stays cacheable)", async () => {
    expect(await getToast(deps, new Request("http://x/"))).toEqual({ toast: null, headers: null });
    expect(await getToast(deps, new Request("http://x/", { headers: { Cookie: "rihla_locale=ar" } }))).toEqual({ toast: null, headers: null });
  });

  test("a cookie signed with another secret is ignored (and cleared)", async () => {
    const forged = await createToastHeaders(toastDeps({ SESSION_SECRET: "another-secret-of-enough-length" }), { type: "error", text: "forged" });
    const { toast, headers } = await getToast(deps, new Request("http://x/", { headers: { Cookie: cookieOf(forged) } }));
    expect(toast).toBeNull();
    expect(headers?.get("Set-Cookie")).toMatch(/^rihla_flash=;.*Expires=Thu, 01 Jan 1970/);
  });

  test("a tampered cookie is ignored (and cleared)", async () => {
    const genuine = cookieOf(await createToastHeaders(deps, { type: "success", text: "genuine" }));
    // Swap the signed payload for another toast's payload, keeping the first one's signature.
    const other = cookieOf(await createToastHeaders(deps, { type: "error", text: "tampered" }));
    const signature = genuine.slice(genuine.lastIndexOf("."));
    const tampered = other.slice(0, other.lastIndexOf(".")) + signature;
    expect(tampered).not.toBe(other);
    const { toast, headers } = await getToast(deps, new Request("http://x/", { headers: { Cookie: tampered } }));
    expect(toast).toBeNull();
    expect(headers?.get("Set-Cookie")).toMatch(/^rihla_flash=;.*Expires=Thu, 01 Jan 1970/);
  });
});
