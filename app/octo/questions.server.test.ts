/**
 * octo/questions through the route module (app/routes/octo.ts) on a seeded test database: a product's
 * booking questions on its option and unit, answers given on a reservation and a confirmation, a
 * confirmation refused while a required one is open, an answer that does not fit refused before any
 * seat is held, and the answers on the booking, the manifest and without the capability nothing of it.
 */
import { zBooking, zProduct } from "@octocloud/types";
import { addQuestion } from "#app/catalogue/manage/questions.server";
import { loadManifest } from "#app/commerce/manifest.server";
import { systemClock } from "#app/lib/clock";
import { action, loader } from "#app/routes/octo";
import { createTestContext, type TestContext } from "#app/testing/context.server";
import { createApiKey } from "./auth.server";

const NOW = new Date("2030-01-08T06:00:00Z");
const PRODUCT = { productId: "prd-000020", optionId: "prd-000020-o1", adult: "prd-000020-o1-adult", slot: "2030-01-10T10:00:00+03:00" };
const WITH = "octo/content, octo/questions";

let ctx: TestContext;
let key: string;
let hotelId: string;
let mealId: string;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  ctx = await createTestContext({ clock: systemClock });
  key = (await createApiKey(ctx.database.db, "Reseller Q")).key;
  const actor = { id: null, email: "catalogue@staff.example.com" };
  hotelId = (await addQuestion(ctx, actor, PRODUCT.productId, { label: { en: "Hotel", ar: "الفندق" }, type: "TEXT", scope: "BOOKING", required: true, choices: {} }, NOW)).id;
  mealId = (await addQuestion(ctx, actor, PRODUCT.productId, { label: { en: "Meal" }, type: "CHOICE", scope: "TRAVELLER", required: true, choices: { en: "Regular\nVegetarian", ar: "عادية\nنباتية" } }, NOW)).id;
});

afterAll(async () => {
  await ctx?.stop();
  vi.useRealTimers();
});

async function octo(method: string, path: string, body?: unknown, capabilities = WITH, language = "en"): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers = new Headers({ "Content-Type": "application/json", Authorization: `Bearer ${key}`, "Octo-Capabilities": capabilities, "Accept-Language": language });
  const request = new Request(`http://localhost/octo/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const args = { request, params: { "*": path.slice(1) }, context: ctx };
  const response = method === "GET" ? await loader(args) : await action(args);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const reservation = (extra: Record<string, unknown> = {}) => ({
  uuid: crypto.randomUUID(),
  productId: PRODUCT.productId,
  optionId: PRODUCT.optionId,
  availabilityId: PRODUCT.slot,
  unitItems: [{ unitId: PRODUCT.adult }, { unitId: PRODUCT.adult }],
  ...extra,
});

test("the product lists the booking question on its option and the traveller question on its unit, in the asked language", async () => {
  const { body } = await octo("GET", `/products/${PRODUCT.productId}`, undefined, WITH, "ar");
  zProduct.passthrough().parse(body);
  const product = body as unknown as { options: Array<{ questions: unknown[]; units: Array<{ questions: unknown[] }> }> };
  expect(product.options[0]!.questions).toEqual([{ id: hotelId, required: true, label: "الفندق", description: null, inputType: "text", selectOptions: [] }]);
  expect(product.options[0]!.units[0]!.questions).toEqual([
    { id: mealId, required: true, label: "Meal", description: null, inputType: "select", selectOptions: [{ label: "عادية", value: "c1" }, { label: "نباتية", value: "c2" }] },
  ]);
  const core = await octo("GET", `/products/${PRODUCT.productId}`, undefined, "");
  expect(JSON.stringify(core.body)).not.toContain("questions");
});

test("answers on the reservation and the confirmation; a required one left open refuses the confirmation", async () => {
  const body = reservation({ questionAnswers: [{ questionId: hotelId, value: "Hilton Manama" }], unitItems: [{ unitId: PRODUCT.adult, questionAnswers: [{ questionId: mealId, value: "c2" }] }, { unitId: PRODUCT.adult }] });
  const reserved = await octo("POST", "/bookings", body);
  expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
  zBooking.passthrough().parse(reserved.body);
  expect(reserved.body.questionAnswers).toEqual([expect.objectContaining({ questionId: hotelId, value: "Hilton Manama" })]);
  const items = reserved.body.unitItems as Array<{ uuid: string; unitId: string; questionAnswers: Array<{ questionId: string; value: string | null }> }>;
  expect(items.map((item) => item.questionAnswers.map((answer) => answer.value))).toEqual([["c2"], [null]]);

  const contact = { fullName: "Guest Q", emailAddress: "q@example.com" };
  const refused = await octo("POST", `/bookings/${body.uuid}/confirm`, { contact });
  expect(refused.status).toBe(400);
  expect(String(refused.body.errorMessage)).toContain(mealId);
  expect((await octo("GET", `/bookings/${body.uuid}`)).body.status).toBe("ON_HOLD");

  const confirmed = await octo("POST", `/bookings/${body.uuid}/confirm`, { contact, unitItems: [{ uuid: items[0]!.uuid, unitId: items[0]!.unitId }, { uuid: items[1]!.uuid, unitId: items[1]!.unitId, questionAnswers: [{ questionId: mealId, value: "c1" }] }] });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  expect(confirmed.body.status).toBe("CONFIRMED");
  const manifest = await loadManifest(ctx.db, { date: "2030-01-10", productId: PRODUCT.productId }, "en");
  const row = manifest.rows.find((candidate) => candidate.reference === confirmed.body.supplierReference);
  expect(row?.answers).toEqual([
    { label: "Hotel", traveller: null, text: "Hilton Manama" },
    { label: "Meal", traveller: 1, text: "Vegetarian" },
    { label: "Meal", traveller: 2, text: "Regular" },
  ]);
});

test("an answer that does not fit its question, or names another, is refused before any seat is held", async () => {
  const notOffered = reservation({ unitItems: [{ unitId: PRODUCT.adult, questionAnswers: [{ questionId: mealId, value: "steak" }] }] });
  const refused = await octo("POST", "/bookings", notOffered);
  expect(refused.status).toBe(400);
  expect(refused.body.error).toBe("BAD_REQUEST");
  expect((await octo("GET", `/bookings/${notOffered.uuid}`)).status).toBe(400);
  const wrongPlace = await octo("POST", "/bookings", reservation({ questionAnswers: [{ questionId: mealId, value: "c1" }] }));
  expect(wrongPlace.status).toBe(400);
});

test("a reseller without the capability books as before: no answers asked or shown", async () => {
  const body = reservation();
  expect((await octo("POST", "/bookings", body, "")).status).toBe(200);
  const confirmed = await octo("POST", `/bookings/${body.uuid}/confirm`, { contact: { fullName: "Guest N" } }, "");
  expect(confirmed.status).toBe(200);
  expect(confirmed.body).not.toHaveProperty("questionAnswers");
});
