import { sameValue } from "./portable-text";

// The islands (static-island.tsx) and rich text keep the server's markup while they are given what they were hydrated with.
describe("sameValue (whether an island or rich text still has what it was hydrated with)", () => {
  const loaderData = () => ({ experience: { slug: "cruise", title: "Dinner cruise", related: [{ slug: "safari" }] }, storefrontType: "default" });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("compares by identity, then by JSON: revived loader data with the same content is the same", () => {
    const data = loaderData();
    expect(sameValue(data, data)).toBe(true);
    expect(sameValue({ data }, { data })).toBe(true);
    expect(sameValue({ data }, { data: loaderData() })).toBe(true);
    expect(sameValue([{ a: 1 }], [{ a: 1 }])).toBe(true);
    expect(sameValue({ data }, { data: { ...loaderData(), storefrontType: "supplier" } })).toBe(false);
    expect(sameValue([{ a: 1 }], [{ a: 2 }])).toBe(false);
  });

  it("gives what comparing the props' JSON gives: key order counts, an undefined prop is no prop", () => {
    const data = loaderData();
    expect(sameValue({ data, extra: 1 }, { extra: 1, data: loaderData() })).toBe(false);
    expect(sameValue({ data, extra: undefined }, { data: loaderData() })).toBe(true);
    expect(sameValue({ data }, { data: loaderData(), extra: null })).toBe(false);
    expect(sameValue({ data, onClick: undefined }, { data: loaderData(), onClick: () => undefined })).toBe(true);
  });

  it("serialises each loader-data object once, however many islands compare it", () => {
    const hydrated = loaderData();
    const islands = [{ data: hydrated }, { data: hydrated }, { data: hydrated }];
    const stringify = vi.spyOn(JSON, "stringify");
    const revalidated = { ...loaderData(), storefrontType: "supplier" };
    // Each render makes new props objects around the same loader data.
    expect(islands.map((props) => sameValue(props, { data: revalidated }))).toEqual([false, false, false]);
    expect(islands.map((props) => sameValue(props, { data: revalidated }))).toEqual([false, false, false]);
    expect(stringify).toHaveBeenCalledTimes(2);
  });
});
