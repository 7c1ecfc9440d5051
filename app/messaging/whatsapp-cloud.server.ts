/**
 * WhatsApp Business Cloud API (Meta's Graph API): business-initiated messages must be approved
 * templates, so each outcome (CONFIRMED, ON_HOLD, PAY_LATER, REJECTED, PAYMENT_LINK, …) names its
 * template in WHATSAPP_TEMPLATES; the body's parameters are the notice's (first name, reference,
 * total, link), in the customer's language. Chosen by env like the Stripe gateway: with
 * WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID set; otherwise the logging notifier stays.
 *
 * https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages (POST /<phone id>/messages).
 */
import { loggingWhatsAppNotifier, type WhatsAppNotifier } from "./whatsapp";
import type { Env } from "#app/lib/env.server";

export type WhatsAppCloudConfig = {
  token: string;
  phoneNumberId: string;
  /** The Graph API base with its version, e.g. https://graph.facebook.com/v21.0. */
  apiUrl: string;
  /** Outcome → approved template name. */
  templates: Record<string, string>;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** A refusal from the Cloud API (or no template for the outcome): what the console shows as the message's error. */
export class WhatsAppSendError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: number | null,
  ) {
    super(message);
    this.name = "WhatsAppSendError";
  }
}

/** Template languages as Meta names them: Chinese templates are registered as zh_CN. */
const LANGUAGE_CODES: Record<string, string> = { en: "en", ar: "ar", ru: "ru", zh: "zh_CN" };

/** The recipient as the Cloud API wants it: digits only, country code first. */
export function whatsAppNumber(phone: string): string {
  return phone.replace(/\D/g, "").replace(/^00/, "");
}

export function createWhatsAppCloudNotifier(config: WhatsAppCloudConfig): WhatsAppNotifier {
  const send = config.fetch ?? fetch;
  const endpoint = `${config.apiUrl.replace(/\/+$/, "")}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  return {
    async send(to, _text, template) {
      const name = template ? config.templates[template.kind] : undefined;
      if (!template || !name) throw new WhatsAppSendError(`No WhatsApp template is configured for ${template?.kind ?? "this message"} (WHATSAPP_TEMPLATES)`, null, null);
      const recipient = whatsAppNumber(to);
      if (recipient.length < 8) throw new WhatsAppSendError("The phone number is too short for WhatsApp", null, null);
      let response: Response;
      try {
        response = await send(endpoint, {
          method: "POST",
          headers: { Authorization: `Bearer ${config.token}`, "Content-Type": "application/json" },
          body: JSON.stringify({
            messaging_product: "whatsapp",
            recipient_type: "individual",
            to: recipient,
            type: "template",
            template: {
              name,
              language: { code: LANGUAGE_CODES[template.locale] ?? "en" },
              components: template.parameters.length ? [{ type: "body", parameters: template.parameters.map((text) => ({ type: "text", text: text.slice(0, 1024) })) }] : [],
            },
          }),
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new WhatsAppSendError(`WhatsApp Cloud API unreachable: ${(error as Error).message}`, null, null);
      }
      const body = (await response.json().catch(() => null)) as { error?: { message?: string; code?: number }; messages?: Array<{ id?: string }> } | null;
      if (!response.ok || body?.error) {
        throw new WhatsAppSendError(`WhatsApp Cloud API refused (${response.status}${body?.error?.code ? `, code ${body.error.code}` : ""}): ${body?.error?.message ?? "no reason given"}`, response.status, body?.error?.code ?? null);
      }
      if (!body?.messages?.[0]?.id) throw new WhatsAppSendError("WhatsApp Cloud API answered without a message id", response.status, null);
    },
  };
}

/** The notifier the environment asks for: the Cloud API when WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set, else the logging one. */
export function createWhatsAppNotifier(env: Pick<Env, "WHATSAPP_TOKEN" | "WHATSAPP_PHONE_NUMBER_ID" | "WHATSAPP_API_URL" | "WHATSAPP_TEMPLATES">): WhatsAppNotifier {
  if (!env.WHATSAPP_TOKEN || !env.WHATSAPP_PHONE_NUMBER_ID) return loggingWhatsAppNotifier;
  return createWhatsAppCloudNotifier({ token: env.WHATSAPP_TOKEN, phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID, apiUrl: env.WHATSAPP_API_URL, templates: env.WHATSAPP_TEMPLATES });
}
