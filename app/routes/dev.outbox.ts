import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "#app/i18n/i18n.server";
import { isOutboxViewerEnabled, readOutbox } from "#app/lib/mailer.server";
import type { CacheHandle } from "#app/lib/cache-policy";

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const handle = { cache: "private" } satisfies CacheHandle;

/**
 * GET /dev/outbox: the messages the default mail transport wrote, newest first (`?format=json` for
 * scripts, `?to=` to filter). Development only, or OUTBOX_VIEWER=1; otherwise it does not exist (404).
 * A plain resource route: a developer tool needs no site chrome.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!isOutboxViewerEnabled(context.env)) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const url = new URL(request.url);
  const to = url.searchParams.get("to") ?? undefined;
  const entries = await readOutbox(context.env, { to, limit: 200 });
  const headers = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
  if (url.searchParams.get("format") === "json") return Response.json(entries, { headers });

  const t = getFixedT("en");
  const rows = entries
    .map(
      (entry) => `<article><h2>${escape(entry.subject)}</h2>
<dl><dt>${escape(t("devOutbox.to"))}</dt><dd>${escape(entry.to)}</dd><dt>${escape(t("devOutbox.date"))}</dt><dd>${escape(entry.date)}</dd></dl>
<pre>${escape(entry.text)}</pre></article>`,
    )
    .join("\n");
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(t("devOutbox.heading"))}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border-top:1px solid #ccc;padding:1rem 0}pre{white-space:pre-wrap;background:#f6f6f6;padding:.75rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:0 1rem}</style></head>
<body><h1>${escape(t("devOutbox.heading"))} (${entries.length})</h1>${rows || `<p>${escape(t("devOutbox.empty"))}</p>`}</body></html>`;
  return new Response(body, { headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}
