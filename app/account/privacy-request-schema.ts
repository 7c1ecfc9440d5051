import { ForgotPasswordSchema } from "#app/auth/schemas";

/** The guest's data-link form (/privacy/request): an address and the honeypot, the rules of asking for a password reset. */
export const PrivacyRequestSchema = ForgotPasswordSchema;
