/**
 * Imports an OCTO supplier's catalogue (/supplier and /products with octo/content in en, ru, zh and
 * ar, plus octo/pricing and octo/pickups) into the local catalogue tables, so the storefront lists
 * and books the supplier's products through the OCTO HTTP BookingApi. Product, option and unit ids
 * are kept as the supplier's: the storefront passes them straight back when it books.
 *
 * OCTO carries no city, category or image files in our sense: a product goes to the nearest local
 * destination, its category from its OCTO category labels (else the first category), and it has no
 * images (OCTO media are remote URLs; our image pipeline serves local files).
 */
import {
  FeatureType,
  zProduct,
  zSupplier,
  type Feature,
  type Option,
  type Product,
  type Supplier,
  type Unit,
} from "@octocloud/types";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { notifyCatalogueChanged } from "#app/catalogue/catalogue.server";
import type { DatabaseHandle } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import type { LocaleCode, LocalizedList, LocalizedText, PickupPoint } from "#app/db/types";
import type { OctoHttpBookingApi } from "./client.server";
import type { OctoPickupPoint } from "./mapping.server";
import { cancellationPolicyFromCutoff } from "./policy";
import { OCTO_LANGUAGES } from "./protocol";

const LABEL_CATEGORY: Record<string, string> = {
  "guided-tours": "tours",
  "walking-tours": "tours",
  "small-group-tours": "tours",
  "boat-tours": "cruises",
  sports: "water-sports",
  "theme-parks": "theme-parks",
  museums: "museums",
  "day-trips": "day-trips",
  outdoors: "activities",
};

type WithPickups = { pickupAvailable?: boolean; pickupPoints?: OctoPickupPoint[] };

function localized(byLocale: Map<LocaleCode, Product>, read: (product: Product) => string | null | undefined): LocalizedText {
  const english = read(byLocale.get("en")!) ?? "";
  return Object.fromEntries(OCTO_LANGUAGES.map((code) => [code, (byLocale.get(code) && read(byLocale.get(code)!)) || english])) as LocalizedText;
}

function localizedFeatures(byLocale: Map<LocaleCode, Product>, type: FeatureType): LocalizedList {
  const of = (product: Product | undefined) => (product?.features ?? []).filter((feature: Feature) => feature.type === type).map((feature) => feature.shortDescription ?? "").filter(Boolean);
  const english = of(byLocale.get("en"));
  return Object.fromEntries(OCTO_LANGUAGES.map((code) => [code, of(byLocale.get(code)).length > 0 ? of(byLocale.get(code)) : english])) as LocalizedList;
}

function timeOfDay(time: string): string {
  const hour = Number(time.slice(0, 2));
  if (hour >= 5 && hour < 12) return "morning";
  if (hour >= 12 && hour < 17) return "afternoon";
  if (hour >= 17 && hour < 21) return "evening";
  return "night";
}

function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
}

const slugify = (text: string) =>
  text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80) || "experience";

/** The lowest price of a unit (UNIT pricing) or of the option (BOOKING pricing). */
function unitPrice(unit: Unit): { retail: number; original: number } | null {
  const price = unit.pricingFrom?.[0] ?? unit.pricing?.[0];
  return price ? { retail: price.retail, original: price.original } : null;
}

function optionPrice(option: Option): { retail: number; original: number } | null {
  const price = option.pricingFrom?.[0] ?? option.pricing?.[0];
  return price ? { retail: price.retail, original: price.original } : null;
}

/** Checks the core shape but keeps the raw products: zod would strip the capability fields (pickup points) we import. */
const validatedRaw = {
  parse(input: unknown): unknown {
    zProduct.array().parse(input);
    return input;
  },
};

export interface ImportResult {
  supplierId: string;
  products: number;
  options: number;
  units: number;
}

/** Fetches the supplier's catalogue in every language and upserts it locally; `productIds` limits what is written. */
export async function importOctoCatalogue(handle: Pick<DatabaseHandle, "db" | "pubsub">, client: OctoHttpBookingApi, options: { productIds?: string[] } = {}): Promise<ImportResult> {
  const capabilities = { "Octo-Capabilities": "octo/content, octo/pricing, octo/pickups" };
  const { data: supplier } = await client.request<Supplier>("GET", "/supplier", zSupplier, undefined, { ...capabilities, "Accept-Language": "en" });
  const byLocale = new Map<LocaleCode, Map<string, Product>>();
  for (const code of OCTO_LANGUAGES) {
    const { data, headers } = await client.request<Product[]>("GET", "/products", validatedRaw, undefined, { ...capabilities, "Accept-Language": code });
    // A supplier without our language answers in its own: keep the English text there instead of mislabelled text.
    const answered = (headers.get("Content-Language") ?? code).split("-")[0];
    if (code === "en" || answered === code) byLocale.set(code, new Map(data.map((product) => [product.id, product])));
  }
  const english = byLocale.get("en");
  if (!english) throw new Error("The supplier returned no English catalogue");
  const wanted = options.productIds ? new Set(options.productIds) : null;
  const products = [...english.values()].filter((product) => !wanted || wanted.has(product.id));

  const { db } = handle;
  const [destinations, categories] = await Promise.all([
    db.select({ id: schema.destinations.id, latitude: schema.destinations.latitude, longitude: schema.destinations.longitude }).from(schema.destinations),
    db.select({ id: schema.categories.id, slug: schema.categories.slug }).from(schema.categories).orderBy(asc(schema.categories.sortOrder)),
  ]);
  if (destinations.length === 0 || categories.length === 0) throw new Error("The local catalogue has no destinations or categories to file products under");
  const categoryBySlug = new Map(categories.map((category) => [category.slug, category.id]));
  const supplierId = `octo-${supplier.id}`;
  const result: ImportResult = { supplierId, products: 0, options: 0, units: 0 };

  await db.transaction(async (tx) => {
    await tx
      .insert(schema.suppliers)
      .values({ id: supplierId, name: supplier.name, email: supplier.contact.email ?? "", phone: supplier.contact.telephone ?? "", website: supplier.contact.website, description: null })
      .onConflictDoUpdate({ target: schema.suppliers.id, set: { name: supplier.name, email: supplier.contact.email ?? "", phone: supplier.contact.telephone ?? "", website: supplier.contact.website } });
    const slugOwners = new Map(
      (await tx.select({ id: schema.products.id, slug: schema.products.slug }).from(schema.products).where(inArray(schema.products.slug, products.map((product) => product.reference ?? "").filter(Boolean)))).map((row) => [row.slug, row.id]),
    );

    for (const product of products) {
      const versions = new Map<LocaleCode, Product>();
      for (const [code, list] of byLocale) {
        const version = list.get(product.id);
        if (version) versions.set(code, version);
      }
      const place = product.locations?.[0]?.place;
      const point = place ? { latitude: place.latitude, longitude: place.longitude } : null;
      const destination = point ? destinations.reduce((best, candidate) => (distanceKm(candidate, point) < distanceKm(best, point) ? candidate : best)) : destinations[0]!;
      const categoryIds = [...new Set((product.categoryLabels ?? []).map((label) => categoryBySlug.get(LABEL_CATEGORY[label] ?? "")).filter((id): id is string => Boolean(id)))];
      const reference = product.reference && /^[a-z0-9-]+$/.test(product.reference) ? product.reference : null;
      const slug = reference && (slugOwners.get(reference) ?? product.id) === product.id ? reference : `${slugify(product.title ?? product.internalName)}-${slugify(product.id)}`;
      const pricingPer = product.pricingPer === "BOOKING" ? "BOOKING" : "UNIT";
      const prices = product.options.flatMap((option) =>
        pricingPer === "BOOKING" ? [optionPrice(option)] : [unitPrice(option.units.find((unit) => unit.type === "ADULT") ?? option.units[0]!)],
      );
      const lowest = prices.filter((price): price is { retail: number; original: number } => price !== null).sort((a, b) => a.retail - b.retail)[0] ?? null;
      const startTimes = [...new Set(product.options.flatMap((option) => option.availabilityLocalStartTimes))].sort();
      const defaultOption = product.options.find((option) => option.default) ?? product.options[0];
      const cutoff = defaultOption ? cancellationPolicyFromCutoff(defaultOption.cancellationCutoffAmount, defaultOption.cancellationCutoffUnit) : { nonRefundable: true, rules: [] };
      const firstOption = defaultOption as (Option & WithPickups) | undefined;
      const pickupPoints: PickupPoint[] = (firstOption?.pickupPoints ?? []).map((pickup) => {
        const names = new Map(
          [...versions].map(([code, version]) => [code, ((version.options.find((option) => option.id === firstOption!.id) as (Option & WithPickups) | undefined)?.pickupPoints ?? []).find((candidate) => candidate.id === pickup.id)]),
        );
        return {
          id: pickup.id,
          name: Object.fromEntries(OCTO_LANGUAGES.map((code) => [code, names.get(code)?.name ?? pickup.name])) as LocalizedText,
          address: Object.fromEntries(OCTO_LANGUAGES.map((code) => [code, names.get(code)?.address ?? pickup.address])) as LocalizedText,
          latitude: pickup.latitude,
          longitude: pickup.longitude,
          pickupTime: null,
        };
      });
      const units = product.options.flatMap((option) => option.units);
      const duration = product.durationMinutesFrom ?? defaultOption?.durationMinutesFrom ?? 60;
      const row: typeof schema.products.$inferInsert = {
        id: product.id,
        slug,
        supplierId,
        destinationId: destination.id,
        categoryIds: categoryIds.length > 0 ? categoryIds : [categories[0]!.id],
        themeIds: [],
        labels: [],
        occasions: [],
        bestFor: [],
        guideLanguages: [...new Set((product.commentary ?? []).map((commentary) => commentary.language))],
        title: localized(versions, (version) => version.title ?? version.internalName),
        shortDescription: localized(versions, (version) => version.shortDescription),
        content: {
          description: localized(versions, (version) => version.description),
          highlights: localizedFeatures(versions, FeatureType.HIGHLIGHT),
          includes: localizedFeatures(versions, FeatureType.INCLUSION),
          excludes: localizedFeatures(versions, FeatureType.EXCLUSION),
          itinerary: [],
          knowBeforeYouGo: localizedFeatures(versions, FeatureType.PREARRIVAL_INFORMATION),
          whatToBring: localizedFeatures(versions, FeatureType.ADDITIONAL_INFORMATION),
          meetingPoint: localized(versions, (version) => version.features?.find((feature) => feature.type === FeatureType.REDEMPTION_INSTRUCTION)?.shortDescription),
        },
        timeZone: product.timeZone ?? "UTC",
        availabilityType: product.availabilityType,
        pricingPer,
        currency: product.defaultCurrency ?? product.options[0]?.units[0]?.pricingFrom?.[0]?.currency ?? product.options[0]?.pricingFrom?.[0]?.currency ?? "SAR",
        priceFrom: lowest?.retail ?? null,
        priceFromOriginal: lowest?.original ?? null,
        noFixedPrice: lowest === null,
        instantConfirmation: product.instantConfirmation,
        durationMinutes: duration,
        durationMinutesTo: product.durationMinutesTo ?? null,
        durationUnit: duration >= 1440 ? "DAYS" : duration >= 60 ? "HOURS" : "MINUTES",
        minAge: Math.min(...units.map((unit) => unit.restrictions.minAge), 99),
        maxAge: Math.max(...units.map((unit) => unit.restrictions.maxAge), 0),
        timesOfDay: product.availabilityType === "OPENING_HOURS" ? [] : [...new Set(startTimes.map(timeOfDay))],
        startTime: product.availabilityType === "START_TIME" ? (startTimes[0] ?? null) : null,
        endTime: null,
        openingHours: null,
        pickupIncluded: pickupPoints.length > 0,
        dropoffIncluded: false,
        pickupPoints,
        extras: [],
        expiresOn: null,
        cancellationPolicy: cutoff,
        capacityPerItem: defaultOption?.restrictions.maxUnits ?? 10,
        latitude: point?.latitude ?? 0,
        longitude: point?.longitude ?? 0,
        address: localized(versions, (version) => version.locations?.[0]?.title ?? version.locations?.[0]?.place.postalAddress.streetAddress),
        images: [],
        published: true,
        updatedAt: new Date(),
      };
      const { id: _id, ...changes } = row;
      await tx.insert(schema.products).values(row).onConflictDoUpdate({ target: schema.products.id, set: changes });
      result.products += 1;

      for (const [index, option] of product.options.entries()) {
        const price = optionPrice(option);
        const optionRow: typeof schema.productOptions.$inferInsert = {
          id: option.id,
          productId: product.id,
          internalName: option.internalName,
          title: localized(versions, (version) => version.options.find((candidate) => candidate.id === option.id)?.title ?? option.internalName),
          description: localized(versions, (version) => version.options.find((candidate) => candidate.id === option.id)?.description),
          isDefault: option.default,
          sortOrder: index,
          durationMinutes: option.durationMinutesFrom ?? duration,
          // Cutoffs are the supplier's to enforce: availability carries utcCutoffAt.
          cutoffMinutes: 0,
          minUnits: option.restrictions.minUnits ?? 1,
          maxUnits: option.restrictions.maxUnits,
          bookingPrice: pricingPer === "BOOKING" ? (price?.retail ?? null) : null,
          bookingPriceOriginal: pricingPer === "BOOKING" ? (price?.original ?? null) : null,
          bookingMaxPax: pricingPer === "BOOKING" ? option.restrictions.maxUnits : null,
        };
        const { id: _optionId, ...optionChanges } = optionRow;
        await tx.insert(schema.productOptions).values(optionRow).onConflictDoUpdate({ target: schema.productOptions.id, set: optionChanges });
        result.options += 1;
        for (const [unitIndex, unit] of option.units.entries()) {
          const priced = pricingPer === "UNIT" ? unitPrice(unit) : null;
          const unitRow: typeof schema.units.$inferInsert = {
            id: unit.id,
            optionId: option.id,
            type: unit.type,
            internalName: unit.internalName,
            title: localized(versions, (version) => version.options.find((candidate) => candidate.id === option.id)?.units.find((candidate) => candidate.id === unit.id)?.title ?? unit.internalName),
            minAge: unit.restrictions.minAge,
            maxAge: unit.restrictions.maxAge,
            minQuantity: unit.restrictions.minQuantity,
            maxQuantity: unit.restrictions.maxQuantity,
            paxCount: unit.restrictions.paxCount,
            idRequired: unit.restrictions.idRequired,
            accompaniedBy: unit.restrictions.accompaniedBy,
            price: priced?.retail ?? null,
            priceOriginal: priced?.original ?? null,
            sortOrder: unitIndex,
          };
          const { id: _unitId, ...unitChanges } = unitRow;
          await tx.insert(schema.units).values(unitRow).onConflictDoUpdate({ target: schema.units.id, set: unitChanges });
          result.units += 1;
        }
      }
    }
  });
  // Every instance rebuilds its listing index and forgets cached prices.
  if ((await db.select({ key: schema.catalogueMeta.key }).from(schema.catalogueMeta).where(eq(schema.catalogueMeta.key, "catalogue"))).length === 0) {
    await db.execute(sql`INSERT INTO catalogue_meta (key, version) VALUES ('catalogue', 1) ON CONFLICT DO NOTHING`);
  }
  await notifyCatalogueChanged(handle);
  return result;
}
