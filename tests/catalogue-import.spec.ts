/**
 * Bulk catalogue changes by CSV: a catalogue manager downloads the own catalogue, uploads a file with a
 * bad row (the dry run names the row and column, nothing is written), then a valid file with a new
 * experience (dry run, apply), and finds it in the product list. JavaScript on and off; en and ar.
 */
import { readFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { expect, test, type Page } from "@playwright/test";
import { adminText, signInAsNewStaff, type StaffLang } from "./staff";

function csvOf(header: string[], rows: Array<Record<string, string>>): string {
  const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return [header.join(","), ...rows.map((row) => header.map((column) => quote(row[column] ?? "")).join(","))].join("\r\n") + "\r\n";
}

async function upload(page: Page, lang: StaffLang, name: string, csv: string) {
  await page.locator("#import-file").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
  await page.getByRole("button", { name: adminText(lang, "catalogueImport.check") }).click();
  await expect(page.getByTestId("import-report")).toBeVisible();
}

for (const lang of ["en", "ar"] as const) {
  test(`a catalogue manager exports, is shown a bad row, then imports a new experience (${lang})`, async ({ page }) => {
    await signInAsNewStaff(page, "catalogue", lang, "catalogue");
    await page.goto("/admin/products");
    // Ids the file needs: a city the console offers, and the seed's "Tours" category.
    const destination = await page.locator("#products-destination option").nth(1).getAttribute("value");
    const category = "cat-tours";
    expect(destination).toBeTruthy();

    await page.goto("/admin/products");
    await page.getByRole("link", { name: adminText(lang, "catalogueImport.link") }).click();
    await expect(page).toHaveURL(/\/admin\/products\/import$/);
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("catalogue-export").click()]);
    expect(download.suggestedFilename()).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = await readFile((await download.path())!, "utf8");
    const [header] = parse(exported, { bom: true, to_line: 1 }) as string[][];
    expect(header).toEqual(expect.arrayContaining(["kind", "product_id", "option_id", "unit_id", "price"]));

    const title = `Dune Dinner ${randomUUID().slice(0, 8)}`;
    const product = {
      kind: "product",
      product_id: "new-dune-dinner",
      currency: "SAR",
      title_en: title,
      title_ar: "عشاء الكثبان",
      destination: destination!,
      categories: category!,
      short_en: "Dinner among the dunes.",
      pricing_per: "UNIT",
      confirmation: "INSTANT",
      pay_later: "no",
      duration_minutes: "180",
      meeting_en: "Camp gate",
      latitude: "24.6",
      longitude: "46.5",
      capacity_per_item: "10",
      cancellation: "24:100",
      published: "no",
    };
    const option = { kind: "option", product_id: "new-dune-dinner", option_id: "new-dinner", title_en: "Dinner", duration_minutes: "180" };
    const adult = { kind: "unit", product_id: "new-dune-dinner", option_id: "new-dinner", unit_id: "new-adult", unit_type: "ADULT", min_age: "13", price: "250" };
    const child = { kind: "unit", product_id: "new-dune-dinner", option_id: "new-dinner", unit_id: "new-child", unit_type: "CHILD", max_age: "12", accompanied_by: "ADULT", price: "125" };

    // A bad price on row 5 (the header is row 1): reported with its column, nothing written.
    await upload(page, lang, "bad.csv", csvOf(header!, [product, option, adult, { ...child, price: "cheap" }]));
    await expect(page.getByTestId("issue-row")).toHaveText(["5"]);
    await expect(page.getByTestId("issue-column")).toHaveText(["price"]);
    await expect(page.getByTestId("issue-message")).toHaveText([adminText(lang, "catalogue.errors.amount")]);
    await expect(page.getByText(adminText(lang, "catalogueImport.nothingWritten"))).toBeVisible();
    await expect(page.locator('input[name="intent"][value="apply"]')).toHaveCount(0);
    await page.goto(`/admin/products?q=${encodeURIComponent(title)}`);
    await expect(page.getByText(adminText(lang, "catalogue.none"))).toBeVisible();

    // The corrected file: dry run, then apply.
    await page.goto("/admin/products/import");
    await upload(page, lang, "good.csv", csvOf(header!, [product, option, adult, child]));
    await expect(page.getByTestId("summary-product-create")).toHaveText("1");
    await expect(page.getByTestId("summary-option-create")).toHaveText("1");
    await expect(page.getByTestId("summary-unit-create")).toHaveText("2");
    await expect(page.getByTestId("row-action")).toHaveCount(4);
    await page.getByRole("button", { name: adminText(lang, "catalogueImport.apply").replace("{{count}}", "4") }).click();
    await expect(page.getByTestId("import-applied")).toBeVisible();

    await page.goto(`/admin/products?q=${encodeURIComponent(title)}`);
    await expect(page.getByRole("link", { name: lang === "ar" ? "عشاء الكثبان" : title })).toBeVisible();
  });
}

/** A product row of the file format, for a new experience in the destination the console offers first. */
async function newProductRows(page: Page, title: string) {
  await page.goto("/admin/products");
  const destination = await page.locator("#products-destination option").nth(1).getAttribute("value");
  expect(destination).toBeTruthy();
  const product = { kind: "product", product_id: "new-round-trip", currency: "SAR", title_en: title, title_ru: "-Ужин в дюнах", title_ar: "'=عشاء", destination: destination!, categories: "cat-tours", short_en: "+966 for bookings.", pricing_per: "UNIT", confirmation: "INSTANT", pay_later: "no", duration_minutes: "180", meeting_en: "@ the camp gate", latitude: "-24.6", longitude: "-46.5", capacity_per_item: "10", cancellation: "24:100", published: "no" };
  const option = { kind: "option", product_id: "new-round-trip", option_id: "new-rt-option", title_en: "Dinner", duration_minutes: "180" };
  const adult = { kind: "unit", product_id: "new-round-trip", option_id: "new-rt-option", unit_id: "new-rt-adult", unit_type: "ADULT", min_age: "13", price: "250" };
  return [product, option, adult];
}

for (const lang of ["en", "ar"] as const) {
  // The pentest (#27 items 7f, 7b, 7g): the page promised 1,024 KB but the 100 KB form limit refused
  // 150 KB; a NUL in a cell answered 500; the export's formula guard came back as text.
  test(`a 150 KB file is read, a NUL cell is named, and an exported file imports back unchanged (${lang})`, async ({ page }) => {
    await signInAsNewStaff(page, "catalogue", lang, "catalogue");
    const title = `=Round Trip ${randomUUID().slice(0, 8)}`;
    const rows = await newProductRows(page, title);
    const header = Object.keys(rows[0]!).concat("option_id", "unit_id", "unit_type", "min_age", "price");

    // 150 KB (blank lines, which the reader skips) with a NUL in one cell: the report names it.
    await page.goto("/admin/products/import");
    const nul = csvOf(header, [{ ...rows[0]!, title_en: "Dune\u0000Dinner" }, rows[1]!, rows[2]!]) + "\r\n".repeat(75 * 1024);
    expect(Buffer.byteLength(nul)).toBeGreaterThan(150 * 1024);
    await upload(page, lang, "nul.csv", nul);
    await expect(page.getByTestId("issue-row")).toHaveText(["2"]);
    await expect(page.getByTestId("issue-column")).toHaveText(["title_en"]);
    await expect(page.getByTestId("issue-message")).toHaveText([adminText(lang, "catalogueImport.errors.nul")]);

    // Above the promised 1,024 KB: the page says so (the route's own check, under the guard's larger limit).
    await upload(page, lang, "big.csv", csvOf(header, rows) + "x".repeat(1100 * 1024));
    await expect(page.getByTestId("issue-message")).toHaveText([adminText(lang, "catalogueImport.errors.tooLarge").replace("{{size}}", "1024")]);

    // A new experience whose cells a spreadsheet would run as formulas (=, -, +, @).
    await upload(page, lang, "new.csv", csvOf(header, rows));
    await page.getByRole("button", { name: adminText(lang, "catalogueImport.apply").replace("{{count}}", "3") }).click();
    await expect(page.getByTestId("import-applied")).toBeVisible();

    // Its rows of the export, imported back: nothing to change (the guard's ' is not taken as text).
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("catalogue-export").click()]);
    const exported = await readFile((await download.path())!, "utf8");
    const [exportHeader, ...exportRows] = parse(exported, { bom: true }) as string[][];
    const productId = exportRows.find((row) => row[exportHeader!.indexOf("title_en")] === `'${title}`)?.[exportHeader!.indexOf("product_id")];
    expect(productId).toBeTruthy();
    const ours = exportRows.filter((row) => row[exportHeader!.indexOf("product_id")] === productId);
    expect(ours.find((row) => row[0] === "product")![exportHeader!.indexOf("latitude")]).toBe("'-24.6");
    const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
    const again = [exportHeader!, ...ours].map((row) => row.map(quote).join(",")).join("\r\n") + "\r\n";
    await upload(page, lang, "again.csv", again);
    await expect(page.getByTestId("issue-row")).toHaveCount(0);
    await expect(page.getByText(adminText(lang, "catalogueImport.noChanges")).first()).toBeVisible();
  });
}

test("above the import's own limit, the guard answers with the import's message, in the console's language", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "requests only: one project is enough");
  await signInAsNewStaff(page, "catalogue", "ar", "catalogue");
  const response = await page.request.post("/admin/products/import", {
    multipart: { intent: "check", file: { name: "huge.csv", mimeType: "text/csv", buffer: Buffer.alloc(2200 * 1024, "a") } },
    headers: { Accept: "text/html" },
    failOnStatusCode: false,
  });
  expect(response.status()).toBe(413);
  expect(await response.text()).toContain(adminText("ar", "catalogueImport.errors.tooLarge").replace("{{size}}", "1024"));
});
