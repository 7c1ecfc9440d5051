import { claimReload, isChunkLoadError, isNewerBuild, parseBuildInfo, RELOAD_GUARD_KEY, RELOAD_GUARD_MS, reloadIfNewerBuild } from "./build-refresh";

/** sessionStorage stand-in. */
function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), map };
}

describe("build refresh", () => {
  test("a newer build is any other id than the running one", () => {
    expect(isNewerBuild("aaa", { id: "bbb", time: "" })).toBe(true);
    expect(isNewerBuild("aaa", { id: "aaa", time: "" })).toBe(false);
    expect(isNewerBuild("aaa", null)).toBe(false);
    expect(isNewerBuild(undefined, { id: "bbb", time: "" })).toBe(false);
  });

  test("reloads once per path per 10 seconds", () => {
    const storage = memoryStorage();
    let clock = 1_000_000;
    let reloads = 0;
    const attempt = (path: string) =>
      reloadIfNewerBuild({ currentId: "old", latest: { id: "new", time: "" }, path, storage, now: clock, reload: () => reloads++ });

    expect(attempt("/faq")).toBe(true);
    expect(attempt("/faq")).toBe(false);
    clock += RELOAD_GUARD_MS - 1;
    expect(attempt("/faq")).toBe(false);
    expect(attempt("/blog")).toBe(true);
    clock += 1;
    expect(attempt("/faq")).toBe(true);
    expect(reloads).toBe(3);
    expect(RELOAD_GUARD_MS).toBe(10_000);
  });

  test("never reloads when the build is current", () => {
    const storage = memoryStorage();
    let reloads = 0;
    expect(reloadIfNewerBuild({ currentId: "same", latest: { id: "same", time: "" }, path: "/", storage, now: 0, reload: () => reloads++ })).toBe(false);
    expect(reloads).toBe(0);
    expect(storage.map.size).toBe(0);
  });

  test("drops expired flags and survives corrupt or unavailable storage", () => {
    const storage = memoryStorage();
    expect(claimReload(storage, "/a", 0)).toBe(true);
    expect(claimReload(storage, "/b", RELOAD_GUARD_MS + 5)).toBe(true);
    expect(Object.keys(JSON.parse(storage.getItem(RELOAD_GUARD_KEY)!))).toEqual(["/b"]);
    storage.setItem(RELOAD_GUARD_KEY, "{not json");
    expect(claimReload(storage, "/a", 0)).toBe(true);
    const full = { getItem: () => null, setItem: () => { throw new Error("QuotaExceededError"); } };
    expect(claimReload(full, "/a", 0)).toBe(false);
  });

  test("recognises chunk-load errors of the browsers", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: http://x/build/routes/faq-ABC.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError("Importing a module script failed.")).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  test("parses builds/latest.json", () => {
    expect(parseBuildInfo({ id: "abc", time: "2030-01-01T00:00:00Z" })).toEqual({ id: "abc", time: "2030-01-01T00:00:00Z" });
    expect(parseBuildInfo({ id: "" })).toBeNull();
    expect(parseBuildInfo("nope")).toBeNull();
  });
});
