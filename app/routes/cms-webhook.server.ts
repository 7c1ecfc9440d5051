/** The HTTP end of `POST /api/cms/webhook`: method and size checks, the raw body and signature in, JSON out. */
import { SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { MAX_BODY_BYTES, type CmsWebhookReceiver } from "#app/content/webhook.server";

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}

export async function cmsWebhookResponse(receive: CmsWebhookReceiver, request: Request): Promise<Response> {
  if (request.method !== "POST") return json({ error: "Method not allowed" }, 405);
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > MAX_BODY_BYTES) return json({ error: "Payload too large" }, 413);
  // The signature covers the exact bytes Sanity sent: the raw text goes in, nothing is parsed here.
  const { status, body } = await receive({ body: await request.text(), signature: request.headers.get(SIGNATURE_HEADER_NAME) });
  return json(body, status);
}
