import { isValidSignature } from "@sanity/webhook";
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

/** The largest body the webhook reads (the route refuses larger ones before reading them). */
export const MAX_BODY_BYTES = 1_000_000;

/** A delivery as it arrived: the raw body text (the signature covers its exact bytes) and the signature header. */
export interface CmsWebhookDelivery {
  body: string;
  signature: string | null;
}

/** The answer to send: an HTTP status and a JSON body. */
export interface CmsWebhookAnswer {
  status: number;
  body: Record<string, unknown>;
}

const answer = (body: Record<string, unknown>, status: number): CmsWebhookAnswer => ({ status, body });

export interface CmsWebhookDeps {
  secret: string;
  service: Pick<ContentService, "invalidate">;
  bus: () => Promise<Pick<InvalidationBus, "publish">>;
}

/**
 * Builds the webhook receiver from its dependencies (the route passes the app context's): verify
 * Sanity's signature on the raw text, evict what the document touches, tell the other instances.
 */
export function createCmsWebhookHandler({ secret, service, bus }: CmsWebhookDeps) {
  return async function receive({ body, signature }: CmsWebhookDelivery): Promise<CmsWebhookAnswer> {
    if (body.length > MAX_BODY_BYTES) return answer({ error: "Payload too large" }, 413);
    let valid = false;
    if (signature) {
      try {
        valid = await isValidSignature(body, signature, secret);
      } catch {
        valid = false; // a malformed header is just an invalid signature
      }
    }
    if (!valid) return answer({ error: "Invalid signature" }, 401);

    let payload: z.infer<typeof PayloadSchema>;
    try {
      payload = PayloadSchema.parse(JSON.parse(body));
    } catch {
      return answer({ error: "Expected a JSON document with _id" }, 400);
    }
    const change: ContentChange = { id: payload._id.replace(/^drafts\./, ""), type: payload._type, language: payload.language ?? undefined };
    const evicted = service.invalidate(change);
    try {
      await (await bus()).publish(change);
    } catch (error) {
      // Answer 500 so Sanity retries: eviction is idempotent, and the other instances must hear of it.
      console.error("CMS webhook: could not notify other instances", error);
      return answer({ error: "Evicted locally; could not notify other instances" }, 500);
    }
    return answer({ ok: true, evicted: evicted.length, change }, 200);
  };
}

export type CmsWebhookReceiver = ReturnType<typeof createCmsWebhookHandler>;

/** The app's receiver: its content service and invalidation bus. */
export function cmsWebhookReceiver(deps: { env: { SANITY_WEBHOOK_SECRET: string }; content: ContentService; contentBus: InvalidationBus }): CmsWebhookReceiver {
  return createCmsWebhookHandler({
    secret: deps.env.SANITY_WEBHOOK_SECRET,
    service: deps.content,
    bus: () => Promise.resolve(deps.contentBus),
  });
}
