import { parseWithZod } from "@conform-to/zod/v4";
import { ContactFormSchema } from "./contact";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  return data;
}

const valid = { name: "Layla", email: "layla@example.com", subject: "Desert safari", message: "Is hotel pickup included?" };

describe("ContactFormSchema (through conform, as in the browser and the action)", () => {
  test("accepts a complete message and trims it", () => {
    const submission = parseWithZod(form({ ...valid, name: "  Layla " }), { schema: ContactFormSchema });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.name).toBe("Layla");
  });

  test("says 'Required Field' for every empty field", () => {
    const submission = parseWithZod(form({ name: "", email: "", subject: "   ", message: "" }), { schema: ContactFormSchema });
    expect(submission.status).toBe("error");
    const reply = submission.reply();
    expect(reply.error).toEqual({
      name: ["contact.errors.required"],
      email: ["contact.errors.required"],
      subject: ["contact.errors.required"],
      message: ["contact.errors.required"],
    });
  });

  test("says 'This format is not correct.' for a malformed email and keeps what was typed", () => {
    const submission = parseWithZod(form({ ...valid, email: "layla@" }), { schema: ContactFormSchema });
    const reply = submission.reply();
    expect(reply.error).toEqual({ email: ["contact.errors.email"] });
    expect(reply.initialValue).toMatchObject({ name: "Layla", email: "layla@", message: valid.message });
  });

  test("limits lengths", () => {
    const submission = parseWithZod(form({ ...valid, message: "x".repeat(5001) }), { schema: ContactFormSchema });
    expect(submission.reply().error).toEqual({ message: ["contact.errors.tooLong"] });
  });

  test("the message keys are translated in every language, with the specification's English", async () => {
    const site = async (code: string) => (await import(`#app/locales/${code}/site.json`)).default as { contact: { errors: Record<string, string> } };
    expect((await site("en")).contact.errors.required).toBe("Required Field");
    expect((await site("en")).contact.errors.email).toBe("This format is not correct.");
    for (const code of ["ru", "zh", "ar"]) expect((await site(code)).contact.errors.required).not.toBe("Required Field");
  });
});
