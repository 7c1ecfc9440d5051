import { createInstance } from "i18next";
import { getFixedT, getI18nInstance } from "./i18n.server";
import { i18nConfig } from "./i18n";
import { resources } from "./resources.server";
import { LOCALE_CODES } from "#app/lib/locales";

/** A plain i18next instance, without the server's remembered texts, to compare against. */
function reference(locale: string) {
  const instance = createInstance();
  void instance.init({ ...i18nConfig, lng: locale, resources, initImmediate: false });
  return instance.getFixedT(locale);
}

describe("the server's translation functions (plain lookups remembered per language)", () => {
  it.each(LOCALE_CODES)("%s: the same texts as i18next, asked once or many times, with and without options", (locale) => {
    const t = getFixedT(locale);
    // As react-i18next's useTranslation asks: no fixed language (lngs: null), namespaces as a list.
    const fixed = getI18nInstance(locale).getFixedT(null, ["common"]);
    const plain = reference(locale);
    for (let round = 0; round < 2; round++) {
      expect(t("pages.notFound.title")).toBe(plain("pages.notFound.title"));
      expect(t("detail.availability.heading")).toBe(plain("detail.availability.heading"));
      expect(fixed("detail.availability.loading")).toBe(plain("detail.availability.loading"));
      expect(fixed("detail.rating.reviews", { count: 2 })).toBe(plain("detail.rating.reviews", { count: 2 }));
      expect(t("detail.rating.reviews", { count: 1 })).toBe(plain("detail.rating.reviews", { count: 1 }));
      expect(t("detail.rating.reviews", { count: 5 })).toBe(plain("detail.rating.reviews", { count: 5 }));
      expect(t("detail.availability.timeZone", { city: "Dubai" })).toBe(plain("detail.availability.timeZone", { city: "Dubai" }));
      expect(t("detail.availability.timeZone", { city: "Riyadh" })).toBe(plain("detail.availability.timeZone", { city: "Riyadh" }));
      expect(t("detail.status.CLOSED", { defaultValue: "fallback" })).toBe(plain("detail.status.CLOSED", { defaultValue: "fallback" }));
    }
  });

  it("keeps languages apart", () => {
    expect(getFixedT("ar")("detail.availability.heading")).not.toBe(getFixedT("en")("detail.availability.heading"));
    expect(getI18nInstance("ru").t("detail.availability.heading", { lng: "zh" })).toBe(reference("zh")("detail.availability.heading"));
  });
});
