import { productPreviewUrl } from "../cms/constants";
import { expect, test } from "./fixtures";

/**
 * Experience content from the CMS over the booking engine's texts, on the embedded seed (no Sanity
 * project). The seed's content document for the Riyadh snow park (prd-000104) is written in English
 * and Arabic, with some fields left in English only; AlUla's city tour (prd-000108) has only questions
 * and photos; the Dubai cruise has no document. The engine's own texts are the generator's.
 */
const SNOW_PARK = "/things-to-do-in-riyadh/riyadh-indoor-snow-park-entry-for-families";
const ALULA = "/things-to-do-in-alula/alula-city-highlights-tour";
const CRUISE = "/things-to-do-in-dubai/dubai-dinner-cruise-with-live-entertainment";

const list = (id: string) => `#${id} li`;

test.describe("the snow park's CMS texts in Arabic", () => {
  test("show over the engine's, and English CMS values fill the fields not yet translated", async ({ page }) => {
    const response = await page.goto(`/ar${SNOW_PARK}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    // Filled in Arabic: the CMS wins over the engine's Arabic title ("دخول حديقة الثلج الداخلية في الرياض للعائلات").
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("يوم ثلجي في حديقة الثلج الداخلية بالرياض");
    await expect(page).toHaveTitle(/يوم ثلجي في حديقة الثلج الداخلية بالرياض/);
    await expect(page.locator("#overview .detail-lead")).toHaveText(/^اصنع رجل الثلج/);
    await expect(page.locator("#overview .prose h2")).toHaveText("معلومات مفيدة");
    await expect(page.locator("#overview .prose li")).toHaveCount(2);
    await expect(page.locator(list("highlights"))).toHaveText(["ثلج حقيقي بدرجة −4 مئوية طوال العام", "تلة للزلاجات وساحة لكرات الثلج", "عرض البطاريق للأطفال"]);
    await expect(page.locator(".detail-list--included li")).toHaveText([/تذكرة الدخول$/, /إعارة الملابس الدافئة$/, /كوب شوكولاتة ساخنة$/]);
    await expect(page.locator(".detail-itinerary h3")).toHaveText(["تسجيل الوصول وارتداء المعدات", "اللعب بالثلج والتزلج", "عرض البطاريق والشوكولاتة الساخنة"]);
    await expect(page.locator(".detail-itinerary time")).toHaveText(["10:00", "10:30", "12:30"]);

    // Empty in Arabic: the English CMS value, not the engine's Arabic.
    await expect(page.locator(list("what-to-bring"))).toHaveText(["Thick socks", "A change of clothes for children"]);
    await expect(page.locator(".detail-list--excluded li")).toHaveText([/Ski lessons$/, /Transport to the park$/]);
    await expect(page.locator(".detail-itinerary li").nth(1).locator("p")).toHaveText("Two hours on the sledge hill and in the snowball arena.");
    // Marked as English, so it reads (and runs left to right) as English on the Arabic page; translated texts are not.
    await expect(page.locator("#what-to-bring ul")).toHaveAttribute("lang", "en");
    await expect(page.locator("#what-to-bring ul")).toHaveAttribute("dir", "ltr");
    await expect(page.locator(".detail-itinerary li").nth(1).locator("p")).toHaveAttribute("lang", "en");
    await expect(page.locator("#highlights ul")).not.toHaveAttribute("lang", /./);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveAttribute("lang", /./);

    // Questions from the CMS (the engine has none), one answered in English only; native <details> open without JavaScript.
    await expect(page.locator("#faq-heading")).toHaveText("أسئلة وأجوبة");
    const questions = page.locator("#faq details");
    await expect(questions.locator("summary")).toHaveText(["هل الحديقة مناسبة للأطفال الصغار؟", "ما مدى البرودة في الداخل؟"]);
    await questions.nth(1).locator("summary").click();
    await expect(questions.nth(1).locator(".prose")).toHaveText(/^About −4 °C/);
    await expect(questions.nth(1).locator(".prose")).toHaveAttribute("lang", "en");
    await expect(questions.nth(1).locator("summary")).not.toHaveAttribute("lang", /./);

    // Photos from the CMS with their alt texts (Arabic, else English).
    const photos = page.locator(".detail-gallery img");
    await expect(photos).toHaveCount(2);
    await expect(photos.nth(0)).toHaveAttribute("src", /^\/_ipx\/[^/]+\/cms-assets\/product-snow-park-slope\.jpg$/);
    await expect(photos.nth(0)).toHaveAttribute("alt", "أطفال يتزلجون على تلة الثلج");
    await expect(photos.nth(1)).toHaveAttribute("alt", "Penguins waddling past the viewing window");
    expect((await page.request.get("/cms-assets/product-snow-park-slope.jpg")).headers()["content-type"]).toBe("image/jpeg");

    // What is sold stays the engine's: the booking box and the facts are there.
    await expect(page.locator("#availability-heading")).toBeVisible();
  });
});

test.describe("in English", () => {
  test("the snow park shows its English CMS texts; AlUla keeps the engine's texts beside its CMS questions; the cruise is the engine's alone", async ({ page }) => {
    await page.goto(SNOW_PARK);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Snow Day at Riyadh's Indoor Snow Park");
    await expect(page.locator(list("what-to-bring"))).toHaveText(["Thick socks", "A change of clothes for children"]);
    await expect(page.locator("#what-to-bring ul")).not.toHaveAttribute("lang", /./);
    await expect(page.locator("#faq summary")).toHaveText(["Is the park suitable for toddlers?", "How cold is it inside?"]);
    await expect(page.locator(".detail-gallery img").first()).toHaveAttribute("alt", "Children sledging down the snow hill");

    await page.goto(ALULA);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("AlUla City Highlights Tour");
    await expect(page.locator("#faq summary")).toHaveText(["Is the tour comfortable in summer?"]);
    await expect(page.locator(".detail-gallery img")).toHaveCount(1);
    await expect(page.locator(".detail-gallery img")).toHaveAttribute("alt", "Mud-brick lanes of AlUla Old Town at sunrise");

    await page.goto(CRUISE);
    await expect(page.locator("#faq-heading")).toHaveCount(0);
    await expect(page.locator(".detail-gallery img").first()).toHaveAttribute("src", /^\/_ipx\/[^/]+\/generated\/.+\.webp$/);
  });

  test("AlUla in Arabic: the engine's Arabic title with the CMS's Arabic question", async ({ page }) => {
    await page.goto(`/ar${ALULA}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("جولة أبرز معالم العلا");
    await expect(page.locator("#faq summary")).toHaveText(["هل الجولة مريحة في الصيف؟"]);
  });
});

test("the studio's preview link opens the product's page in the asked language", async ({ page, baseURL }) => {
  const response = await page.request.get(productPreviewUrl(baseURL!, "prd-000104", "ar"), { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe(`/ar${SNOW_PARK}`);
  await page.goto(productPreviewUrl(baseURL!, "prd-000104"));
  await expect(page).toHaveURL(new RegExp(`${SNOW_PARK}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Snow Day at Riyadh's Indoor Snow Park");
  expect((await page.request.get(productPreviewUrl(baseURL!, "prd-999999"), { maxRedirects: 0 })).status()).toBe(404);
});

test.describe("beyond the detail page (ADR 054)", () => {
  test("search finds the snow park by its CMS title and its card shows it, per language", async ({ page }) => {
    // Found by words only the CMS title has; the card shows it, not the engine's "Riyadh Indoor Snow Park Entry for Families".
    await page.goto(`/search/${encodeURIComponent("snow day")}`);
    await expect(page.locator(".experience-card__title", { hasText: "Snow Day at Riyadh's Indoor Snow Park" })).toHaveCount(1);
    await page.goto(`/ar/search/${encodeURIComponent("يوم ثلجي")}`);
    await expect(page.locator(".experience-card__title", { hasText: "يوم ثلجي في حديقة الثلج الداخلية بالرياض" })).toHaveCount(1);
  });
});
