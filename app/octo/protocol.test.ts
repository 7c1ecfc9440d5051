import { negotiateLanguage, OctoError, parseCapabilities } from "./protocol";

test.each([
  [null, "en"],
  ["", "en"],
  ["ru", "ru"],
  ["fr-FR, zh-CN;q=0.8, ar;q=0.9", "ar"],
  ["zh-Hans-CN", "zh"],
  ["de, *;q=0.1", "en"],
  ["ar;q=0, ru;q=0.2", "ru"],
  ["en;q=abc, ru", "ru"],
])("Accept-Language %j → %s", (header, expected) => {
  expect(negotiateLanguage(header)).toBe(expected);
});

test("Octo-Capabilities keeps the supported ones in a fixed order, ignoring unknown and blank entries", () => {
  expect(parseCapabilities("octo/pickups,octo/offers, ,octo/content")).toEqual(["octo/content", "octo/pickups"]);
  expect(parseCapabilities(undefined)).toEqual([]);
});

test("OCTO statuses: 400 for every client error, 401 without a key, 403 for a refused key", () => {
  expect(new OctoError("INVALID_UNIT_ID", "x", { unitId: "u" }).status).toBe(400);
  expect(new OctoError("UNPROCESSABLE_ENTITY", "x").status).toBe(400);
  expect(new OctoError("UNAUTHORIZED", "x").status).toBe(401);
  expect(new OctoError("FORBIDDEN", "x").status).toBe(403);
  expect(new OctoError("INVALID_UNIT_ID", "bad", { unitId: "u" }).toJSON()).toEqual({ error: "INVALID_UNIT_ID", errorMessage: "bad", unitId: "u" });
});
