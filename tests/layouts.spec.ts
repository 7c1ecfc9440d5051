import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import { LAYOUT_IDS, LAYOUTS, type LayoutId } from "#app/layouts/layouts";
import { expect, test } from "./fixtures";

/**
 * Every layout, previewed through /api/preview-layout's signed cookie on the one test server
 * (playwright.config.ts sets LAYOUT_PREVIEW=1): the home, a city listing and an experience in English
 * and Arabic, screenshotted on a desktop and a phone, and checked with axe when JavaScript runs.
 * One browser page per layout walks its six URLs; the layouts run in parallel.
 */
test.describe.configure({ mode: "parallel" });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const LISTING = "/things-to-do-in-dubai";

async function previewLayout(page: Page, layout: LayoutId | "") {
  // page.request shares the browser context's cookie jar, so the preview cookie reaches the pages.
  const response = await page.request.post("/api/preview-layout", { form: { layout, redirectTo: "/faq" }, maxRedirects: 0 });
  expect(response.status()).toBe(303);
}

/** A full-page desktop shot, and a phone shot (full page for the home, the first screen elsewhere: long pages are slow to capture). */
async function screenshots(page: Page, testInfo: TestInfo, name: string, fullPhone: boolean) {
  for (const [label, viewport, fullPage] of [["desktop", DESKTOP, true], ["phone", PHONE, fullPhone]] as const) {
    await page.setViewportSize(viewport);
    const path = testInfo.outputPath(`${name}-${label}.png`);
    await page.screenshot({ path, fullPage, animations: "disabled" });
    await testInfo.attach(`${name}-${label}`, { path, contentType: "image/png" });
  }
  await page.setViewportSize(DESKTOP);
}

async function seriousViolations(page: Page): Promise<string[]> {
  // The root's toast region (app/components/flash-toaster.tsx) puts aria-label on a role-less div;
  // tests/detail.spec.ts leaves it out for the same reason until its owner fixes it.
  const results = await new AxeBuilder({ page }).exclude("body > div[aria-label]").analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

for (const id of LAYOUT_IDS) {
  test(`layout ${id}: home, listing and detail in en and ar render, look right and pass axe`, async ({ page, javaScriptEnabled }, testInfo) => {
    test.setTimeout(180_000);
    const layout = LAYOUTS[id];
    await page.setViewportSize(DESKTOP);
    await previewLayout(page, id);
    const problems: string[] = [];
    for (const prefix of ["", "/ar"]) {
      const lang = prefix ? "ar" : "en";
      const visit = async (path: string, name: string) => {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        // A previewed page is personal: no shared cache may keep it.
        expect(response?.headers()["cache-control"], path).toContain("private");
        const body = page.locator("body");
        await expect(body).toHaveAttribute("data-layout", id);
        await expect(body).toHaveAttribute("data-header", layout.header);
        await expect(page.locator("html")).toHaveAttribute("dir", prefix ? "rtl" : "ltr");
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        if (javaScriptEnabled) problems.push(...(await seriousViolations(page)).map((problem) => `${path}: ${problem}`));
        await screenshots(page, testInfo, `${id}-${lang}-${name}`, name === "home");
      };
      await visit(prefix || "/", "home");
      await expect(page.locator(".hero")).toHaveAttribute("data-hero", layout.hero);
      await visit(`${prefix}${LISTING}`, "listing");
      const detailHref = await page.locator(".experience-card__link").first().getAttribute("href");
      expect(detailHref).toMatch(new RegExp(`^${prefix}${LISTING}/`));
      await visit(detailHref!, "detail");
    }
    expect(problems).toEqual([]);
  });
}

test("the layouts differ: header mode, hero variant, section order and tokens", async ({ page }) => {
  test.setTimeout(120_000);
  const snapshotOf = () =>
    page.evaluate(() => {
      const body = document.body;
      const header = document.querySelector<HTMLElement>(".site-header")!;
      const hero = document.querySelector<HTMLElement>(".hero")!;
      const footer = document.querySelector<HTMLElement>(".site-footer")!;
      const h1 = document.querySelector<HTMLElement>("h1")!;
      const card = document.querySelector<HTMLElement>(".experience-card");
      const tokens = getComputedStyle(body);
      return {
        layout: body.dataset.layout ?? "",
        header: body.dataset.header ?? "",
        hero: hero.dataset.hero ?? "",
        headerPosition: getComputedStyle(header).position,
        headerBackground: getComputedStyle(header).backgroundColor + getComputedStyle(header).backgroundImage,
        heroBackground: getComputedStyle(hero).backgroundColor + getComputedStyle(hero).backgroundImage,
        heroDisplay: getComputedStyle(hero).display + getComputedStyle(hero).textAlign,
        footerBackground: getComputedStyle(footer).backgroundColor,
        brand: tokens.getPropertyValue("--color-brand").trim(),
        radius: tokens.getPropertyValue("--radius").trim(),
        headingFont: getComputedStyle(h1).fontFamily,
        cardBorder: card ? getComputedStyle(card).borderTopWidth + getComputedStyle(card).boxShadow : "",
        sections: Array.from(document.querySelectorAll("main section[aria-labelledby]")).map((section) => section.getAttribute("aria-labelledby")).join(","),
      };
    });
  type Snapshot = Awaited<ReturnType<typeof snapshotOf>>;
  const seen = new Map<LayoutId, Snapshot>();
  for (const id of LAYOUT_IDS) {
    await previewLayout(page, id);
    await page.goto("/");
    seen.set(id, await snapshotOf());
  }
  const at = (id: LayoutId): Snapshot => seen.get(id)!;
  const all = [...seen.values()];
  // Every layout has its own brand colour, and no two layouts render the same home.
  expect(new Set(all.map((snapshot) => snapshot.brand)).size).toBe(LAYOUT_IDS.length);
  expect(new Set(all.map((snapshot) => JSON.stringify({ ...snapshot, layout: "" }))).size).toBe(LAYOUT_IDS.length);
  for (const [id, snapshot] of seen) {
    const layout = LAYOUTS[id];
    expect(snapshot.hero, id).toBe(layout.hero);
    // A transparent header lies over the home hero; the others stay in the flow.
    expect(snapshot.headerPosition, id).toBe(layout.header === "transparent" ? "absolute" : "static");
  }
  // Sections follow each layout's order (the ones with content; the hero comes first).
  expect(at("default").sections.indexOf("popular-destinations")).toBeLessThan(at("default").sections.indexOf("featured"));
  expect(at("template-two").sections.indexOf("featured")).toBeLessThan(at("template-two").sections.indexOf("categories"));
  expect(at("one").sections).not.toContain("testimonials");
  // Header modes and hero variants are visibly different styles, not just attribute values.
  expect(at("template-two").headerBackground).not.toBe(at("default").headerBackground);
  expect(at("template-four").heroBackground).not.toContain("url(");
  expect(at("deira").headingFont).not.toBe(at("default").headingFont);
  expect(at("deira").footerBackground).not.toBe(at("default").footerBackground);
});

test("a transparent header is solid away from the home hero", async ({ page }) => {
  await previewLayout(page, "transparent");
  await page.goto("/faq");
  const header = page.locator(".site-header");
  await expect(header).toHaveCSS("position", "static");
  await expect(header).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
});

test("the preview ends with an empty layout, and public pages stay public without it", async ({ page }) => {
  await previewLayout(page, "deira");
  await page.goto("/faq");
  await expect(page.locator("body")).toHaveAttribute("data-layout", "deira");
  await previewLayout(page, "");
  const response = await page.goto("/faq");
  await expect(page.locator("body")).toHaveAttribute("data-layout", "default");
  expect(response?.headers()["cache-control"]).toContain("public");
});

test.describe("keyboard", () => {
  test("the skip link is the first stop and moves focus to the main content", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    await expect(page.locator("main")).toBeFocused();
  });

  test("the header's menus open from the keyboard, close on Escape and when focus leaves", async ({ page, javaScriptEnabled }) => {
    await page.goto("/ar/faq");
    const language = page.locator("details.language-switcher");
    const summary = language.locator("summary");
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(language).toHaveAttribute("open", "");
    await expect(language.getByRole("button", { name: /English/ })).toBeVisible();
    test.skip(!javaScriptEnabled, "without JavaScript the summary alone opens and closes the menu");
    // Escape and focus-out are the hydrated page's (the scripts load after the first paint, docs/decisions/038).
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(language).not.toHaveAttribute("open", "");
    await expect(summary).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(language).toHaveAttribute("open", "");
    await page.locator("main").focus();
    await expect(language).not.toHaveAttribute("open", "");
    await page.locator("details.currency-switcher summary").click();
    await page.locator("main h1").click();
    await expect(page.locator("details.currency-switcher")).not.toHaveAttribute("open", "");
  });

  test("every layout shows a focus ring on the header's links", async ({ page }) => {
    for (const id of ["default", "template-two", "one"] as const) {
      await previewLayout(page, id);
      await page.goto("/faq");
      const link = page.getByRole("navigation", { name: "Main" }).getByRole("link").first();
      await link.focus();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Tab");
      await expect(link).toBeFocused();
      await expect(link).toHaveCSS("outline-style", "solid");
    }
  });
});
