/**
 * The invoicing pass as this installation runs it: its seller, unit and Fatoora base from the
 * environment. The composition root starts it on one instance at a time.
 */
import type { Database } from "#app/db/db.server";
import type { Env } from "#app/lib/env.server";
import { FatooraClient } from "./fatoora.server";
import type { InvoicingDeps } from "./invoicing-pass.server";
import type { Seller } from "./ubl";

export type InvoicingEnv = Pick<
  Env,
  "SELLER_NAME" | "SELLER_VAT_NUMBER" | "SELLER_CRN" | "SELLER_STREET" | "SELLER_BUILDING_NUMBER" | "SELLER_DISTRICT" | "SELLER_CITY" | "SELLER_POSTAL_CODE" | "VAT_RATE" | "ZATCA_KEY" | "ZATCA_API_URL" | "ZATCA_UNIT"
>;

export function sellerFrom(env: InvoicingEnv): Seller {
  return {
    name: env.SELLER_NAME,
    vatNumber: env.SELLER_VAT_NUMBER,
    crn: env.SELLER_CRN,
    address: { street: env.SELLER_STREET, buildingNumber: env.SELLER_BUILDING_NUMBER, district: env.SELLER_DISTRICT, city: env.SELLER_CITY, postalZone: env.SELLER_POSTAL_CODE, country: "SA" },
  };
}

export function invoicingDepsFrom(env: InvoicingEnv, db: Database, now: () => Date): InvoicingDeps {
  return {
    db,
    now,
    seller: sellerFrom(env),
    unit: env.ZATCA_UNIT,
    vatRatePercent: env.VAT_RATE,
    key: env.ZATCA_KEY ?? null,
    client: env.ZATCA_API_URL ? new FatooraClient(env.ZATCA_API_URL) : null,
  };
}
