import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { ContentChange } from "./cache.server";
import type { ContentService } from "./content.server";

/** The Postgres NOTIFY channel on which app instances tell each other which content changed. */
export const CONTENT_CHANNEL = "content_invalidation";

/** The database's LISTEN/NOTIFY (`#app/db/db.server`); injected so tests can fake it. */
export interface PubSub {
  notify(channel: string, payload: string): Promise<void>;
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
}

const MessageSchema = z.object({
  origin: z.string(),
  id: z.string().optional(),
  type: z.string().optional(),
  language: z.string().nullish(),
});

/** Identifies this process, so it skips its own notifications (it evicted before publishing). */
export const INSTANCE_ID = randomUUID();

export interface InvalidationBus {
  /** Tells the other instances; this one has already evicted. */
  publish(change: ContentChange): Promise<void>;
  /** Starts listening; resolves to a function that stops. */
  listen(): Promise<() => Promise<void>>;
}

export function createInvalidationBus({ pubsub, service, instanceId = INSTANCE_ID }: { pubsub: PubSub; service: Pick<ContentService, "invalidate">; instanceId?: string }): InvalidationBus {
  return {
    async publish(change) {
      // NOTIFY payloads are capped at 8000 bytes; a change is a few ids, far below that.
      await pubsub.notify(CONTENT_CHANNEL, JSON.stringify({ origin: instanceId, id: change.id, type: change.type, language: change.language ?? null }));
    },
    listen() {
      return pubsub.listen(CONTENT_CHANNEL, (payload) => {
        let message: z.infer<typeof MessageSchema>;
        try {
          message = MessageSchema.parse(JSON.parse(payload));
        } catch (error) {
          console.warn(`Ignoring malformed ${CONTENT_CHANNEL} message: ${(error as Error).message}`);
          return;
        }
        if (message.origin === instanceId) return;
        service.invalidate({ id: message.id, type: message.type, language: message.language ?? undefined });
      });
    },
  };
}
