/** The console's quote form: options[i] parsed by conform and one zod schema, prices in minor units, errors per field. */
import { parseWithZod } from "@conform-to/zod/v4";
import { quoteFormSchema } from "./offer-form.server";

/** A refused submission's errors by field name (empty for an accepted one). */
const errorsOf = (submission: { status?: string; error?: Record<string, string[] | null> | null }) => submission.error ?? {};

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("quoteFormSchema", () => {
  test("options[i] become dated options in minor units; an empty later option is dropped", () => {
    const submission = parseWithZod(
      form({ intent: "quote", validUntil: "2030-01-10", message: "Welcome", "options[0].date": "2030-01-12", "options[0].time": "09:30", "options[0].price": "1250.50", "options[0].included": "Guide", "options[1].date": "", "options[1].price": "" }),
      { schema: quoteFormSchema("SAR") },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({ validUntil: "2030-01-10", message: "Welcome", options: [{ localDate: "2030-01-12", time: "09:30", amount: 125_050, included: "Guide" }] });
  });

  test("a missing first option, a bad date and a zero price are refused per field", () => {
    const none = parseWithZod(form({ intent: "quote", validUntil: "2030-01-10" }), { schema: quoteFormSchema("SAR") });
    expect(none.status).toBe("error");
    expect(errorsOf(none)["options[0].date"]).toEqual(["admin.errors.date"]);
    expect(errorsOf(none)["options[0].price"]).toEqual(["admin.errors.amount"]);
    const bad = parseWithZod(form({ intent: "quote", validUntil: "soon", "options[0].date": "2030-01-12", "options[0].price": "10", "options[1].date": "2030-02-30", "options[1].price": "0" }), { schema: quoteFormSchema("SAR") });
    expect(errorsOf(bad).validUntil).toEqual(["admin.errors.date"]);
    expect(errorsOf(bad)["options[1].date"]).toEqual(["admin.errors.date"]);
    expect(errorsOf(bad)["options[1].price"]).toEqual(["admin.errors.amount"]);
    expect(errorsOf(bad)["options[0].price"]).toBeUndefined();
  });
});
