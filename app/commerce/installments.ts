/**
 * Whether checkout offers Tabby's pay in 4 for a cart, and why not when it does not: only where the
 * gateway's hosted page has Tabby, never for an experience that waits for the provider's confirmation
 * (Tabby charges at once and cannot hold the money), and only inside Tabby's limits in its currencies.
 */
import { INSTALLMENT_LIMITS, installmentAmounts } from "#app/payments/gateway";

export type InstallmentsRefusal = "ON_REQUEST" | "CURRENCY" | "AMOUNT";

export type InstallmentsOffer =
  | { available: true; firstPayment: number }
  | { available: false; reason: InstallmentsRefusal; limits: { min: number; max: number } | null };

interface CartForInstallments {
  currency: string;
  total: number;
  lines: ReadonlyArray<{ instantConfirmation: boolean }>;
}

/** The offer for this cart, or null when the gateway has no instalments at all (nothing is shown). */
export function installmentsOffer(cart: CartForInstallments, gatewayOffers: boolean): InstallmentsOffer | null {
  if (!gatewayOffers) return null;
  const limits = INSTALLMENT_LIMITS[cart.currency] ?? null;
  if (cart.lines.some((line) => !line.instantConfirmation)) return { available: false, reason: "ON_REQUEST", limits };
  if (!limits) return { available: false, reason: "CURRENCY", limits };
  if (cart.total < limits.min || cart.total > limits.max) return { available: false, reason: "AMOUNT", limits };
  return { available: true, firstPayment: installmentAmounts(cart.total)[0]! };
}
