import { createInstance } from "i18next";
import { i18nConfig } from "./i18n";
import { pageTranslationsScript, pickTranslations, PAGE_TRANSLATIONS_ID } from "./page-translations";
import { getI18nInstance, recordingI18n } from "./i18n.server";
import { resources } from "./resources.server";

describe("a page's strings", () => {
  const tree = {
    booking: { title: "Book", guests_one: "{{count}} guest", guests_other: "{{count}} guests", guestsNote: "Not a plural form", extra: "Unused" },
    site: { nav: { home: "Home", blog: "Blog" } },
    plain: "Plain",
  };

  test("takes each used key with its plural and context forms, and nothing else", () => {
    expect(pickTranslations(tree, ["booking.title", "booking.guests", "site.nav", "plain", "missing.key", "booking.title.deeper"])).toEqual({
      booking: { title: "Book", guests_one: "{{count}} guest", guests_other: "{{count}} guests" },
      site: { nav: { home: "Home", blog: "Blog" } },
      plain: "Plain",
    });
  });

  test("travel as inert JSON that cannot close its script element", () => {
    const script = pageTranslationsScript({ note: "</script><script>alert(1)</script>" });
    expect(script.startsWith(`<script type="application/json" id="${PAGE_TRANSLATIONS_ID}">`)).toBe(true);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    const json = script.slice(script.indexOf(">") + 1, -"</script>".length);
    expect(JSON.parse(json)).toEqual({ note: "</script><script>alert(1)</script>" });
  });

  test("are the keys the components translated, with the texts the page showed, in Arabic plural forms too", async () => {
    const used = new Set<string>();
    const i18n = recordingI18n(getI18nInstance("ar"), used);
    const t = i18n.getFixedT("ar");
    const shown = [t("account.nav.login"), t("account.fields.passwordHint", { count: 3 })];
    expect([...used]).toEqual(["account.nav.login", "account.fields.passwordHint"]);
    // The shared instance is untouched: another request's view records its own keys only.
    const other = new Set<string>();
    recordingI18n(getI18nInstance("ar"), other).getFixedT("ar")("account.nav.logout");
    expect([...other]).toEqual(["account.nav.logout"]);
    expect(used.size).toBe(2);
    // The browser, given only the picked strings, says the same.
    const browser = createInstance();
    await browser.init({ ...i18nConfig, lng: "ar", resources: { ar: { common: pickTranslations(resources.ar.common, used) } } });
    expect([browser.t("account.nav.login"), browser.t("account.fields.passwordHint", { count: 3 })]).toEqual(shown);
    expect(shown[1]).toContain("3");
  });
});
