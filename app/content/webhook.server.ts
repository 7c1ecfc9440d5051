import { isValidSignature, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { z } from "zod";
import type { ContentChange } from "./cache.server";
import type { ContentService } from "./content.server";
import type { InvalidationBus } from "./invalidation.server";

/** Sanity sends the whole document unless the webhook has a projection; both carry these fields. */
const PayloadSchema = z.looseObject({
  _id: z.string().min(1),
  _type: z.string().min(1).optional(),
  language: z.string().nullish(),
});

const MAX_BODY_BYTES = 1_000_000;

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}

export interface CmsWebhookDeps {
  secret: string;
  service: Pick<ContentService, "invalidate">;
  bus: () => Promise<Pick<InvalidationBus, "publish">>;
}

/** Builds the webhook handler from its dependencies (the route passes the app context's). */
export function createCmsWebhookHandler({ secret, service, bus }: CmsWebhookDeps) {
  return async function handle(request: Request): Promise<Response> {
    if (request.method !== "POST") return json({ error: "Method not allowed" }, 405);
    const length = Number(request.headers.get("content-length") ?? "0");
    if (length > MAX_BODY_BYTES) return json({ error: "Payload too large" }, 413);
    // The signature covers the exact bytes Sanity sent: verify the raw text before parsing anything.
    const body = await request.text();
    if (body.length > MAX_BODY_BYTES) return json({ error: "Payload too large" }, 413);
    const signature = request.headers.get(SIGNATURE_HEADER_NAME);
    let valid = false;
    if (signature) {
      try {
        valid = await isValidSignature(body, signature, secret);
      } catch {
        valid = false; // a malformed header is just an invalid signature
      }
    }
    if (!valid) return json({ error: "Invalid signature" }, 401);

    let payload: z.infer<typeof PayloadSchema>;
    try {
      payload = PayloadSchema.parse(JSON.parse(body));
    } catch {
      return json({ error: "Expected a JSON document with _id" }, 400);
    }
    const change: ContentChange = { id: payload._id.replace(/^drafts\./, ""), type: payload._type, language: payload.language ?? undefined };
    const evicted = service.invalidate(change);
    try {
      await (await bus()).publish(change);
    } catch (error) {
      // Answer 500 so Sanity retries: eviction is idempotent, and the other instances must hear of it.
      console.error("CMS webhook: could not notify other instances", error);
      return json({ error: "Evicted locally; could not notify other instances" }, 500);
    }
    return json({ ok: true, evicted: evicted.length, change }, 200);
  };
}

/** `POST /api/cms/webhook`: verify Sanity's signature, evict what the document touches, tell other instances. */
export function handleCmsWebhook(deps: { env: { SANITY_WEBHOOK_SECRET: string }; content: ContentService; contentBus: InvalidationBus }, request: Request): Promise<Response> {
  return createCmsWebhookHandler({
    secret: deps.env.SANITY_WEBHOOK_SECRET,
    service: deps.content,
    bus: () => Promise.resolve(deps.contentBus),
  })(request);
}
