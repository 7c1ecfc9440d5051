/**
 * Sending a WhatsApp message to a customer: the one interface commerce uses, and the notifier that
 * logs instead of sending when no provider is configured (./whatsapp-cloud.server.ts is the real one).
 */

/** A WhatsApp template message: the outcome it tells (which template), the customer's language, the body's parameters in order. */
export type WhatsAppTemplateMessage = { kind: string; locale: string; parameters: string[] };

export interface WhatsAppNotifier {
  /**
   * Sends a message to `to` (digits with the country code). `text` is the message as words (what the
   * logging notifier prints); a provider that only sends approved templates uses `template`. Throws
   * when the message could not be sent.
   */
  send(to: string, text: string, template?: WhatsAppTemplateMessage): Promise<void>;
}

/** Logs instead of sending: no WhatsApp provider is configured. Logs no phone number in full. */
export const loggingWhatsAppNotifier: WhatsAppNotifier = {
  async send(to, text) {
    console.info(`[whatsapp] to …${to.slice(-3)}: ${text.slice(0, 80)}`);
  },
};
