import { storefrontPath } from "./constants";

describe("the Presentation tool's storefront locations", () => {
  it("prefixes every language but English, and keeps the home page a bare prefix", () => {
    expect(storefrontPath("en", "/blog/riyadh-weekend-itinerary")).toBe("/blog/riyadh-weekend-itinerary");
    expect(storefrontPath("ar", "/blog/riyadh-weekend-itinerary")).toBe("/ar/blog/riyadh-weekend-itinerary");
    expect(storefrontPath("zh", "/about")).toBe("/zh/about");
    expect(storefrontPath("ru", "/")).toBe("/ru");
    expect(storefrontPath("en", "/")).toBe("/");
    // A document without a (known) language opens the English page.
    expect(storefrontPath(undefined, "/faq")).toBe("/faq");
    expect(storefrontPath("xx", "/faq")).toBe("/faq");
  });
});
