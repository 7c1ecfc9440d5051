/**
 * The sandbox gateway's hosted payment page: its own small HTML page, not the storefront's chrome,
 * as a real provider's would be, working without JavaScript. GET shows a method (card, Apple Pay's
 * simulated sheet, STC Pay); POST pays by test card, Apple Pay or STC Pay's number and one-time code,
 * and sends the browser back to the store with a 303. A wrong input keeps what was typed, with a 400.
 * A session opened for Tabby shows Tabby's pay-in-4 plan and its number-and-code check instead.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "#app/i18n/i18n.server";
import { getLocale, isLocaleCode } from "#app/lib/locales";
import { isCurrencyCode } from "#app/lib/money";
import { formatMoney } from "#app/i18n/format";
import { installmentAmounts } from "#app/payments/gateway";
import { isInstallmentSession, saudiMobile, type SandboxGateway } from "#app/payments/sandbox.server";
import type { CacheHandle } from "#app/lib/cache-policy";

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Where a value goes in a translated sentence, so it can be isolated (Latin digits in Arabic, kept on one line). */
const PLACEHOLDER = "\u0000";
const withIsolate = (sentence: string, value: string) => escape(sentence).replace(PLACEHOLDER, `<bdi dir="ltr" class="value">${escape(value)}</bdi>`);

type Session = NonNullable<Awaited<ReturnType<SandboxGateway["getSession"]>>>;

/** The hosted page's tabs; each works as a link and a form, without JavaScript. Tabby has a session of its own. */
const METHODS = ["card", "applepay", "stcpay"] as const;
type HostedMethod = (typeof METHODS)[number] | "tabby";
const isTabMethod = (value: unknown): value is (typeof METHODS)[number] => typeof value === "string" && (METHODS as readonly string[]).includes(value);

interface PageState {
  method: HostedMethod;
  /** Apple Pay: the simulated sheet is open. STC Pay, Tabby: the number is taken and the code is asked. */
  confirming?: boolean;
  phone?: string;
  card?: string;
  error?: string;
  status?: number;
}

function localeOf(session: Session) {
  return isLocaleCode(session.metadata.locale) ? session.metadata.locale : "en";
}

function methodForm(session: Session, state: PageState, t: ReturnType<typeof getFixedT>, amount: string): string {
  const payLabel = escape(t("booking.sandbox.pay", { amount }));
  switch (state.method) {
    case "card":
      return `<form method="post">
<input type="hidden" name="method" value="card">
<label for="card">${escape(t("booking.sandbox.cardNumber"))}</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" dir="ltr" required value="${escape(state.card ?? "")}"${state.error ? ' aria-invalid="true" aria-describedby="pay-error"' : ""}>
<div class="row"><div><label for="exp">${escape(t("booking.sandbox.expiry"))}</label><input id="exp" name="exp" inputmode="numeric" autocomplete="cc-exp" dir="ltr" value="12/34"></div>
<div><label for="cvc">${escape(t("booking.sandbox.cvc"))}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" dir="ltr" value="123"></div></div>
<label for="name">${escape(t("booking.sandbox.name"))}</label><input id="name" name="name" autocomplete="cc-name">
<p class="marks" aria-label="${escape(t("booking.sandbox.cardsAccepted"))}"><span class="mark mark--mada">mada</span><span class="mark">VISA</span><span class="mark">Mastercard</span></p>
<button type="submit">${payLabel}</button>
</form>
<p class="hint">${escape(t("booking.sandbox.testCards"))}</p>`;
    case "applepay":
      return state.confirming
        ? `<section class="sheet" aria-labelledby="sheet-title">
<h2 id="sheet-title">${escape(t("booking.sandbox.methods.applepay"))}</h2>
<dl><div><dt>${escape(t("booking.sandbox.applePayCard"))}</dt><dd dir="ltr">Visa •••• 4242</dd></div><div><dt>${escape(t("booking.sandbox.applePayTo"))}</dt><dd>Rihla</dd></div><div><dt>${escape(t("booking.sandbox.applePayTotal"))}</dt><dd dir="ltr">${escape(amount)}</dd></div></dl>
<form method="post"><input type="hidden" name="method" value="applepay"><input type="hidden" name="confirm" value="1">
<button type="submit" class="apple">${escape(t("booking.sandbox.applePayConfirm"))}</button></form>
<p><a href="?method=applepay">${escape(t("booking.sandbox.applePayClose"))}</a></p>
</section>`
        : `<p>${escape(t("booking.sandbox.applePayIntro"))}</p>
<form method="get"><input type="hidden" name="method" value="applepay"><input type="hidden" name="sheet" value="1">
<button type="submit" class="apple">${escape(t("booking.sandbox.applePayButton"))}</button></form>`;
    case "stcpay":
      return state.confirming
        ? `<form method="post">
<input type="hidden" name="method" value="stcpay"><input type="hidden" name="phone" value="${escape(state.phone ?? "")}">
<p>${withIsolate(t("booking.sandbox.stcCodeSent", { phone: PLACEHOLDER }), `…${(state.phone ?? "").replace(/\D/g, "").slice(-3)}`)}</p>
<label for="code">${escape(t("booking.sandbox.stcCode"))}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" dir="ltr" required maxlength="6"${state.error ? ' aria-invalid="true" aria-describedby="pay-error"' : ""}>
<button type="submit" class="stc">${payLabel}</button>
</form>
<p class="hint">${escape(t("booking.sandbox.stcTestCodes"))}</p>
<p><a href="?method=stcpay">${escape(t("booking.sandbox.stcChangeNumber"))}</a></p>`
        : `<form method="post">
<input type="hidden" name="method" value="stcpay">
<label for="phone">${escape(t("booking.sandbox.stcPhone"))}</label>
<input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel" dir="ltr" placeholder="05X XXX XXXX" required value="${escape(state.phone ?? "")}"${state.error ? ' aria-invalid="true" aria-describedby="pay-error"' : ""}>
<button type="submit" class="stc">${escape(t("booking.sandbox.stcSendCode"))}</button>
</form>`;
    case "tabby":
      return tabbyForm(session, state, t);
  }
}

/** Tabby's pay in 4: the plan (today, then monthly), the customer's mobile, then Tabby's one-time code. */
function tabbyForm(session: Session, state: PageState, t: ReturnType<typeof getFixedT>): string {
  const code = localeOf(session);
  const money = (amount: number) => (isCurrencyCode(session.currency) ? formatMoney(code, amount, session.currency) : `${amount} ${session.currency}`);
  const plan = installmentAmounts(session.amount)
    .map((amount, index) => `<li><span>${escape(t(`booking.sandbox.tabbyDue.${index}`))}</span><bdi dir="ltr" class="value">${escape(money(amount))}</bdi></li>`)
    .join("");
  const invalid = state.error ? ' aria-invalid="true" aria-describedby="pay-error"' : "";
  const step = state.confirming
    ? `<form method="post">
<input type="hidden" name="method" value="tabby"><input type="hidden" name="phone" value="${escape(state.phone ?? "")}">
<p>${withIsolate(t("booking.sandbox.tabbyCodeSent", { phone: PLACEHOLDER }), `…${(state.phone ?? "").replace(/\D/g, "").slice(-3)}`)}</p>
<label for="code">${escape(t("booking.sandbox.tabbyCode"))}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" dir="ltr" required maxlength="6"${invalid}>
<button type="submit" class="tabby">${escape(t("booking.sandbox.tabbyConfirm"))}</button>
</form>
<p><a href="?">${escape(t("booking.sandbox.stcChangeNumber"))}</a></p>`
    : `<form method="post">
<input type="hidden" name="method" value="tabby">
<label for="phone">${escape(t("booking.sandbox.tabbyPhone"))}</label>
<input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel" dir="ltr" placeholder="05X XXX XXXX" required value="${escape(state.phone ?? "")}"${invalid}>
<button type="submit" class="tabby">${escape(t("booking.sandbox.stcSendCode"))}</button>
</form>`;
  return `<section class="tabby-plan" aria-labelledby="tabby-title">
<h2 id="tabby-title">${escape(t("booking.sandbox.methods.tabby"))}</h2>
<p>${escape(t("booking.sandbox.tabbyIntro"))}</p>
<ol>${plan}</ol>
</section>
${step}
<p class="hint">${escape(t("booking.sandbox.tabbyTestInputs"))}</p>`;
}

function page(session: Session, state: PageState = { method: "card" }): Response {
  const code = localeOf(session);
  const locale = getLocale(code);
  const t = getFixedT(code);
  const amount = isCurrencyCode(session.currency) ? formatMoney(code, session.amount, session.currency) : `${session.amount} ${session.currency}`;
  const open = session.status === "open" && session.expiresAt > new Date();
  const tabs = isInstallmentSession(session) ? "" : METHODS.map((method) => {
    const label = escape(t(`booking.sandbox.methods.${method}`));
    return method === state.method ? `<a aria-current="page" href="?method=${method}">${label}</a>` : `<a href="?method=${method}">${label}</a>`;
  }).join("");
  const html = `<!doctype html>
<html lang="${locale.code}" dir="${locale.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(t("booking.sandbox.title"))} · Sandbox Pay</title>
<style>
  body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#eef1f6;color:#1a1f36;display:flex;min-height:100vh;align-items:center;justify-content:center}
  main{background:#fff;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.08);padding:2rem;width:min(420px,92vw);box-sizing:border-box}
  h1{font-size:1.25rem;margin:0 0 .25rem} h2{font-size:1.1rem;margin:0 0 .75rem} .amount{font-size:2rem;font-weight:700;margin:.5rem 0 1rem}
  label{display:block;font-size:.875rem;margin:.75rem 0 .25rem} input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #c9cfd9;border-radius:6px;font-size:1rem}
  input[aria-invalid=true]{border-color:#b42318}
  .row{display:flex;gap:.75rem} .row>div{flex:1} button{margin-top:1.25rem;width:100%;padding:.8rem;border:0;border-radius:6px;background:#635bff;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
  button.apple{background:#000;font-size:1.15rem} button.stc{background:#4f008c} button.tabby{background:#292929;color:#3effc0}
  .tabby-plan ol{list-style:none;margin:0 0 .5rem;padding:0} .tabby-plan li{display:flex;justify-content:space-between;gap:1rem;padding:.4rem 0;border-bottom:1px solid #e4e7ec}
  .error{color:#b42318;background:#fef3f2;padding:.5rem .75rem;border-radius:6px} .hint{font-size:.8rem;color:#5b6476} a{color:#635bff}
  .test-mode{margin:0 0 1rem;padding:.5rem .75rem;border-radius:6px;background:#fff4d6;color:#7a4b00;font-weight:600;font-size:.875rem}
  .brand{font-size:.8rem;letter-spacing:.08em;text-transform:uppercase;color:#635bff;font-weight:700}
  nav{display:flex;gap:.25rem;margin:0 0 1rem;padding:.25rem;background:#eef1f6;border-radius:8px}
  nav a{flex:1;text-align:center;padding:.5rem .25rem;border-radius:6px;text-decoration:none;color:#1a1f36;font-weight:600;font-size:.9rem}
  nav a[aria-current=page]{background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.12)}
  .marks{display:flex;gap:.5rem;margin:1rem 0 0;flex-wrap:wrap} .mark{border:1px solid #c9cfd9;border-radius:4px;padding:.1rem .45rem;font-size:.75rem;font-weight:700;color:#1a1f36}
  .mark--mada{color:#1d4f91} .value{white-space:nowrap}
  .sheet{border:1px solid #d0d5dd;border-radius:14px;padding:1rem;background:#f9fafb}
  .sheet dl{margin:0} .sheet dl div{display:flex;justify-content:space-between;gap:1rem;padding:.4rem 0;border-bottom:1px solid #e4e7ec} .sheet dt{color:#5b6476} .sheet dd{margin:0;font-weight:600}
</style>
</head>
<body>
<main>
<p class="brand">Sandbox Pay</p>
<p class="test-mode" role="note">${escape(t("booking.testMode"))}</p>
<h1>${withIsolate(t("booking.sandbox.merchant", { reference: PLACEHOLDER }), session.metadata.reference ?? "")}</h1>
<p class="amount" dir="ltr">${escape(amount)}</p>
${state.error ? `<p class="error" id="pay-error" role="alert">${escape(state.error)}</p>` : ""}
${
  open
    ? `${tabs ? `<nav aria-label="${escape(t("booking.sandbox.methodsLabel"))}">${tabs}</nav>` : ""}
${methodForm(session, state, t, amount)}
<p><a href="${escape(session.cancelUrl)}">${escape(t("booking.sandbox.cancel"))}</a></p>`
    : `<p class="error">${escape(t("booking.sandbox.closed"))}</p><p><a href="${escape(session.successUrl)}">${escape(t("booking.sandbox.cancel"))}</a></p>`
}
</main>
</body>
</html>`;
  return new Response(html, {
    status: state.status ?? 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store", "X-Frame-Options": "DENY", "Referrer-Policy": "same-origin" },
  });
}

async function sessionOf(app: LoaderFunctionArgs["context"], params: LoaderFunctionArgs["params"]): Promise<Session | null> {
  const id = params.sessionId ?? "";
  if (!/^sbx_[A-Za-z0-9]{1,40}$/.test(id)) return null;
  return app.payments.sandbox.getSession(id);
}

export const handle = { cache: "private" } satisfies CacheHandle;

export async function loader({ params, request, context: app }: LoaderFunctionArgs) {
  const session = await sessionOf(app, params);
  if (!session) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const query = new URL(request.url).searchParams;
  if (isInstallmentSession(session)) return page(session, { method: "tabby" });
  const method = query.get("method");
  return page(session, { method: isTabMethod(method) ? method : "card", confirming: method === "applepay" && query.get("sheet") === "1" });
}

export async function action({ params, request, context: app }: ActionFunctionArgs) {
  const session = await sessionOf(app, params);
  if (!session) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const form = await request.formData();
  const field = (name: string, max: number) => String(form.get(name) ?? "").slice(0, max);
  const method = field("method", 10);
  const t = getFixedT(localeOf(session));
  let result;
  // STC Pay and Tabby take two steps: the number ("sends" the code), then the code, which pays. A Tabby
  // session is paid through Tabby whatever method the form claims.
  const mobileMethod = isInstallmentSession(session) ? "tabby" : method === "stcpay" ? "stcpay" : null;
  if (mobileMethod) {
    const phone = field("phone", 20);
    const refused = (error: string, confirming = false) => page(session, { method: mobileMethod, phone, confirming, error: t(error), status: 400 });
    if (!form.has("code")) return saudiMobile(phone) ? page(session, { method: mobileMethod, phone, confirming: true }) : refused("booking.sandbox.invalidPhone");
    result = await app.payments.sandbox.pay(session.id, { method: mobileMethod, phone, code: field("code", 10) });
    if (result.outcome === "invalid_phone") return refused("booking.sandbox.invalidPhone");
    if (result.outcome === "wrong_code") return refused("booking.sandbox.wrongCode", true);
  } else if (method === "applepay") {
    result = await app.payments.sandbox.pay(session.id, { method: "applepay" });
  } else {
    const card = field("card", 40);
    result = await app.payments.sandbox.pay(session.id, { method: "card", card });
    if (result.outcome === "invalid_card") return page(session, { method: "card", card, error: t("booking.sandbox.invalidCard"), status: 400 });
  }
  if (!("redirectTo" in result)) return page(session, { method: isInstallmentSession(session) ? "tabby" : "card", status: 400 });
  return new Response(null, { status: 303, headers: { Location: result.redirectTo, "Cache-Control": "private, no-store" } });
}
