/**
 * The sandbox gateway's hosted payment page: its own small HTML page, not the storefront's chrome,
 * as a real provider's would be. GET shows the card form; POST pays (by test card) and sends the
 * browser back to the store with a 303.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "#app/i18n/i18n.server";
import { getLocale, isLocaleCode } from "#app/lib/locales";
import { isCurrencyCode } from "#app/lib/money";
import { formatMoney } from "#app/i18n/format";
import type { SandboxGateway } from "#app/payments/sandbox.server";
import type { CacheHandle } from "#app/lib/cache-policy";

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

type Session = NonNullable<Awaited<ReturnType<SandboxGateway["getSession"]>>>;

function page(session: Session, options: { error?: string; status?: number } = {}): Response {
  const code = isLocaleCode(session.metadata.locale) ? session.metadata.locale : "en";
  const locale = getLocale(code);
  const t = getFixedT(code);
  const amount = isCurrencyCode(session.currency) ? formatMoney(code, session.amount, session.currency) : `${session.amount} ${session.currency}`;
  const open = session.status === "open" && session.expiresAt > new Date();
  const html = `<!doctype html>
<html lang="${locale.code}" dir="${locale.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(t("booking.sandbox.title"))} · Sandbox Pay</title>
<style>
  body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#eef1f6;color:#1a1f36;display:flex;min-height:100vh;align-items:center;justify-content:center}
  main{background:#fff;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.08);padding:2rem;width:min(420px,92vw)}
  h1{font-size:1.25rem;margin:0 0 .25rem} .amount{font-size:2rem;font-weight:700;margin:.5rem 0 1.5rem}
  label{display:block;font-size:.875rem;margin:.75rem 0 .25rem} input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #c9cfd9;border-radius:6px;font-size:1rem}
  .row{display:flex;gap:.75rem} .row>div{flex:1} button{margin-top:1.25rem;width:100%;padding:.8rem;border:0;border-radius:6px;background:#635bff;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
  .error{color:#b42318;background:#fef3f2;padding:.5rem .75rem;border-radius:6px} .hint{font-size:.8rem;color:#5b6476} a{color:#635bff}
  .test-mode{margin:0 0 1rem;padding:.5rem .75rem;border-radius:6px;background:#fff4d6;color:#7a4b00;font-weight:600;font-size:.875rem}
  .brand{font-size:.8rem;letter-spacing:.08em;text-transform:uppercase;color:#635bff;font-weight:700}
</style>
</head>
<body>
<main>
<p class="brand">Sandbox Pay</p>
<p class="test-mode" role="note">${escape(t("booking.testMode"))}</p>
<h1>${escape(t("booking.sandbox.merchant", { reference: session.metadata.reference ?? "" }))}</h1>
<p class="amount" dir="ltr">${escape(amount)}</p>
${options.error ? `<p class="error" role="alert">${escape(options.error)}</p>` : ""}
${
  open
    ? `<form method="post">
<label for="card">${escape(t("booking.sandbox.cardNumber"))}</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" dir="ltr" required>
<div class="row"><div><label for="exp">${escape(t("booking.sandbox.expiry"))}</label><input id="exp" name="exp" inputmode="numeric" autocomplete="cc-exp" dir="ltr" value="12/34"></div>
<div><label for="cvc">${escape(t("booking.sandbox.cvc"))}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" dir="ltr" value="123"></div></div>
<label for="name">${escape(t("booking.sandbox.name"))}</label><input id="name" name="name" autocomplete="cc-name">
<button type="submit">${escape(t("booking.sandbox.pay", { amount }))}</button>
</form>
<p class="hint">${escape(t("booking.sandbox.testCards"))}</p>
<p><a href="${escape(session.cancelUrl)}">${escape(t("booking.sandbox.cancel"))}</a></p>`
    : `<p class="error">${escape(t("booking.sandbox.closed"))}</p><p><a href="${escape(session.successUrl)}">${escape(t("booking.sandbox.cancel"))}</a></p>`
}
</main>
</body>
</html>`;
  return new Response(html, {
    status: options.status ?? 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store", "X-Frame-Options": "DENY", "Referrer-Policy": "same-origin" },
  });
}

async function sessionOf(app: LoaderFunctionArgs["context"], params: LoaderFunctionArgs["params"]): Promise<Session | null> {
  const id = params.sessionId ?? "";
  if (!/^sbx_[A-Za-z0-9]{1,40}$/.test(id)) return null;
  return app.payments.sandbox.getSession(id);
}

export const handle = { cache: "private" } satisfies CacheHandle;

export async function loader({ params, context: app }: LoaderFunctionArgs) {
  const session = await sessionOf(app, params);
  if (!session) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return page(session);
}

export async function action({ params, request, context: app }: ActionFunctionArgs) {
  const session = await sessionOf(app, params);
  if (!session) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const form = await request.formData();
  const card = String(form.get("card") ?? "").slice(0, 40);
  const result = await app.payments.sandbox.pay(session.id, card);
  if (result.outcome === "invalid_card") {
    const t = getFixedT(isLocaleCode(session.metadata.locale) ? session.metadata.locale : "en");
    return page(session, { error: t("booking.sandbox.invalidCard"), status: 400 });
  }
  return new Response(null, { status: 303, headers: { Location: result.redirectTo, "Cache-Control": "private, no-store" } });
}
