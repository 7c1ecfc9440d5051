import { describe, expect, it } from "vitest";
import { isOlderThanEnglish } from "./older-than-english";

describe("the Older than English badge", () => {
  it("marks a translation last edited before its English version, never the English one itself", () => {
    expect(isOlderThanEnglish("ar", "2026-11-01T10:00:00Z", "2026-11-02T10:00:00Z")).toBe(true);
    expect(isOlderThanEnglish("ar", "2026-11-03T10:00:00Z", "2026-11-02T10:00:00Z")).toBe(false);
    expect(isOlderThanEnglish("en", "2026-11-01T10:00:00Z", "2026-11-02T10:00:00Z")).toBe(false);
    expect(isOlderThanEnglish("ru", "2026-11-01T10:00:00Z", null)).toBe(false);
  });
});
