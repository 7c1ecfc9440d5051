import { getExperienceBySlug } from "#app/catalogue/catalogue.server";
import type { ContentService, ProductContent } from "#app/content/content.server";
import type { RichText } from "#app/content/queries";
import { createTestContext, type TestContext } from "#app/testing/context.server";
import { fallbackLanguage, mergeProductContent, pickList, pickRich, pickText, plainText } from "./detail-page-content";
import { loadExperienceWithContent, productPagePath } from "./detail-page.server";
import { productPreviewUrl } from "../../cms/constants";
import { loader as productPageLoader } from "#app/routes/api.cms.product-page";
import type { ExperienceDetail } from "./types";

/** Demo products: the snow park has a full CMS document (some fields English only), AlUla only FAQ and photos, the cruise none. */
const SNOW_PARK = { id: "prd-000104", slug: "riyadh-indoor-snow-park-entry-for-families" };
const ALULA = { id: "prd-000108", slug: "alula-city-highlights-tour" };
const CRUISE = { id: "prd-001685", slug: "dubai-dinner-cruise-with-live-entertainment" };

const block = (text: string, key = "b1"): RichText[number] => ({ _type: "block", _key: key, style: "normal", markDefs: [], children: [{ _type: "span", _key: `${key}s`, text, marks: [] }] });

describe("the fallback rule of one field", () => {
  test("the page's language where filled, else English (marked as such), else nothing (the engine's text then)", () => {
    expect(pickText({ locale: "عنوان", en: "Title" })).toEqual({ value: "عنوان", english: false });
    expect(pickText({ locale: null, en: "Title" })).toEqual({ value: "Title", english: true });
    expect(pickText({ locale: "   ", en: "Title" })).toEqual({ value: "Title", english: true });
    expect(pickText({ locale: null, en: "" })).toBeNull();
    expect(pickList({ locale: ["أ", " "], en: ["a", "b"] })).toEqual({ value: ["أ"], english: false });
    expect(pickList({ locale: [], en: ["a"] })).toEqual({ value: ["a"], english: true });
    expect(pickList({ locale: [" "], en: null })).toBeNull();
    // An emptied rich text editor leaves an empty block behind: that is not filled.
    expect(pickRich({ locale: [block("")], en: [block("English")] })).toEqual({ value: [block("English")], english: true });
    expect(pickRich({ locale: [block("عربي")], en: [block("English")] })).toEqual({ value: [block("عربي")], english: false });
    expect(plainText([block("One", "a"), block("", "b"), block("Two", "c")])).toBe("One\n\nTwo");
  });
});

describe("the experience page merges CMS content over the engine's texts", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.stop());

  const engine = (slug: string, locale: "en" | "ar" | "ru") => getExperienceBySlug(ctx.catalogue, slug, locale, "SAR").then((experience) => experience!);
  const merged = (slug: string, locale: "en" | "ar" | "ru") => loadExperienceWithContent(ctx, slug, locale, "SAR").then((experience) => experience!);

  test("Arabic filled in the CMS: the Arabic CMS text replaces the engine's", async () => {
    const [before, after] = await Promise.all([engine(SNOW_PARK.slug, "ar"), merged(SNOW_PARK.slug, "ar")]);
    expect(before.title).toBe("دخول حديقة الثلج الداخلية في الرياض للعائلات");
    expect(after.title).toBe("يوم ثلجي في حديقة الثلج الداخلية بالرياض");
    expect(after.shortDescription).toMatch(/^اصنع رجل الثلج/);
    expect(after.highlights).toEqual(["ثلج حقيقي بدرجة −4 مئوية طوال العام", "تلة للزلاجات وساحة لكرات الثلج", "عرض البطاريق للأطفال"]);
    expect(after.includes[0]).toBe("تذكرة الدخول");
    expect(after.richDescription?.length).toBe(4);
    expect(after.description).toMatch(/^استبدل حر الصحراء/);
    expect(after.itinerary.map((step) => [step.time, step.title])).toEqual([
      ["10:00", "تسجيل الوصول وارتداء المعدات"],
      ["10:30", "اللعب بالثلج والتزلج"],
      ["12:30", "عرض البطاريق والشوكولاتة الساخنة"],
    ]);
    expect(after.faq[0]!.question).toBe("هل الحديقة مناسبة للأطفال الصغار؟");
    expect(after.images[0]).toMatchObject({ src: "/cms-assets/product-snow-park-slope.jpg", alt: "أطفال يتزلجون على تلة الثلج" });
  });

  test("Arabic empty in the CMS: the English CMS value shows, not the engine's Arabic", async () => {
    const [before, after] = await Promise.all([engine(SNOW_PARK.slug, "ar"), merged(SNOW_PARK.slug, "ar")]);
    expect(after.excludes).toEqual(["Ski lessons", "Transport to the park"]);
    expect(after.whatToBring).toEqual(["Thick socks", "A change of clothes for children"]);
    expect(after.whatToBring).not.toEqual(before.whatToBring);
    expect(after.itinerary[1]!.description).toBe("Two hours on the sledge hill and in the snowball arena.");
    // A step with no description in any language has none (the page shows the title alone).
    expect(after.itinerary[2]!.description).toBe("");
    expect(after.faq[1]).toEqual({ question: "ما مدى البرودة في الداخل؟", answer: [expect.objectContaining({ children: [expect.objectContaining({ text: expect.stringMatching(/^About −4 °C/) })] })] });
    expect(after.images[1]).toMatchObject({ src: "/cms-assets/product-snow-park-penguins.jpg", alt: "Penguins waddling past the viewing window" });
    // The page marks these as English (lang="en", dir="ltr"); nothing is marked on the English page.
    expect(after.englishFallbacks).toEqual(["excludes", "whatToBring", "itinerary.1.description", "faq.1.answer"]);
    expect(fallbackLanguage(after, "whatToBring")).toEqual({ lang: "en", dir: "ltr" });
    expect(fallbackLanguage(after, "highlights")).toEqual({});
    expect((await merged(SNOW_PARK.slug, "en")).englishFallbacks).toEqual([]);
  });

  test("no CMS value in any language: the engine's text stays", async () => {
    const [before, after] = await Promise.all([engine(SNOW_PARK.slug, "ar"), merged(SNOW_PARK.slug, "ar")]);
    expect(after.knowBeforeYouGo).toEqual(before.knowBeforeYouGo);
    expect(after.meetingPoint).toBe(before.meetingPoint);
    expect(after.options).toEqual(before.options);
    expect(after.priceFrom).toEqual(before.priceFrom);

    // AlUla's document has only questions and photos: its texts are the engine's, in Russian.
    const [alulaBefore, alulaAfter] = await Promise.all([engine(ALULA.slug, "ru"), merged(ALULA.slug, "ru")]);
    expect(alulaAfter.title).toBe(alulaBefore.title);
    expect(alulaAfter.highlights).toEqual(alulaBefore.highlights);
    expect(alulaAfter.itinerary).toEqual(alulaBefore.itinerary);
    expect(alulaAfter.richDescription).toBeNull();
    expect(alulaAfter.description).toBe(alulaBefore.description);
    expect(alulaAfter.faq.map((entry) => entry.question)).toEqual(["Комфортно ли на экскурсии летом?"]);
    expect(alulaAfter.englishFallbacks).toEqual([]);
    expect(alulaAfter.images).toEqual([expect.objectContaining({ src: "/cms-assets/product-alula-old-town.jpg", alt: "Глинобитные улочки старого города Эль-Ула на рассвете" })]);
  });

  test("no CMS document: the page is the engine's alone", async () => {
    const [before, after] = await Promise.all([engine(CRUISE.slug, "en"), merged(CRUISE.slug, "en")]);
    expect(after).toEqual(before);
    expect(after.faq).toEqual([]);
    expect(after.richDescription).toBeNull();
    expect(mergeProductContent(before, null)).toBe(before);
  });

  test("the CMS unreachable: the engine's texts, and the page still loads", async () => {
    const failing = { getProductContent: () => Promise.reject(new Error("Sanity is down")) } as unknown as ContentService;
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const experience = await loadExperienceWithContent({ catalogue: ctx.catalogue, content: failing }, SNOW_PARK.slug, "en", "SAR");
    spy.mockRestore();
    expect(experience).toEqual(await engine(SNOW_PARK.slug, "en"));
  });

  test("a Sanity CDN photo gets sized URLs; a photo without alt text in any language is named by the title", async () => {
    const base = await engine(CRUISE.slug, "en");
    const content: ProductContent = {
      productId: CRUISE.id,
      title: { locale: null, en: null },
      shortDescription: { locale: null, en: null },
      description: { locale: null, en: null },
      highlights: { locale: null, en: null },
      inclusions: { locale: null, en: null },
      exclusions: { locale: null, en: null },
      whatToBring: { locale: null, en: null },
      itinerary: [{ time: null, title: { locale: null, en: null }, description: { locale: null, en: "orphan" } }],
      faq: [{ question: { locale: null, en: "Unanswered?" }, answer: { locale: null, en: null } }],
      gallery: [{ src: "https://cdn.sanity.io/images/rihla000/production/abc-1600x900.jpg", width: 1600, height: 900, alt: { locale: null, en: null } }],
    };
    const experience: ExperienceDetail = mergeProductContent(base, content);
    expect(experience.images).toEqual([
      {
        src: "https://cdn.sanity.io/images/rihla000/production/abc-1600x900.jpg",
        alt: base.title,
        base: "",
        widths: [],
      },
    ]);
    // A step without a title and a question without an answer are left out, so the engine's itinerary stays.
    expect(experience.itinerary).toEqual(base.itinerary);
    expect(experience.faq).toEqual([]);
  });

  test("the studio's preview link leads to the product's storefront page in the asked language", async () => {
    expect(await productPagePath(ctx, SNOW_PARK.id, "ar", "default")).toBe(`/ar/things-to-do-in-riyadh/${SNOW_PARK.slug}`);
    expect(await productPagePath(ctx, SNOW_PARK.id, "en", "supplier")).toBe(`/experiences/${SNOW_PARK.slug}`);
    expect(await productPagePath(ctx, "prd-999999", "en", "default")).toBeNull();
    // A slug is not an id.
    expect(await productPagePath(ctx, SNOW_PARK.slug, "en", "default")).toBeNull();

    const open = async (url: string) => {
      const { pathname, search } = new URL(url);
      const productId = decodeURIComponent(pathname.split("/").at(-1)!);
      try {
        return await productPageLoader({ request: new Request(`http://localhost${pathname}${search}`), params: { productId }, context: ctx });
      } catch (thrown) {
        return thrown as Response;
      }
    };
    const preview = await open(productPreviewUrl("https://studio.example/", SNOW_PARK.id, "ar"));
    expect(preview.status).toBe(302);
    expect(preview.headers.get("Location")).toBe(`/ar/things-to-do-in-riyadh/${SNOW_PARK.slug}`);
    expect((await open(productPreviewUrl("https://studio.example", SNOW_PARK.id))).headers.get("Location")).toBe(`/things-to-do-in-riyadh/${SNOW_PARK.slug}`);
    expect((await open(productPreviewUrl("https://studio.example", "prd-999999"))).status).toBe(404);
    expect((await open("https://studio.example/api/cms/product-page/..%2Fetc")).status).toBe(404);
  });
});
