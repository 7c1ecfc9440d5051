import { useForm } from "@conform-to/react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { HONEYPOT_FIELD } from "#app/lib/honeypot";
import { InputField, SelectField, TextareaInputField } from "./conform-fields";
import { ErrorList, Field, FormErrors, HiddenFields, Honeypot } from "./forms";

function ConformForm({ errors }: { errors: Record<string, string[]> | null }) {
  const [form, fields] = useForm<{ email: string; password: string; message: string; country: string }>({
    id: "t",
    lastResult: errors ? { status: "error", initialValue: { email: "omar@", password: "secret", message: "hi" }, error: errors } : undefined,
  });
  return (
    <>
      <FormErrors id={form.errorId} errors={form.errors} />
      <InputField field={fields.email} type="email" label="Email" autoComplete="email" />
      <InputField field={fields.password} type="password" label="Password" />
      <TextareaInputField field={fields.message} label="Message" rows={3} />
      <SelectField field={fields.country} label="Country">
        <option value="+966">+966</option>
      </SelectField>
    </>
  );
}

describe("form kit", () => {
  test("a one-button form's hidden values post in the order given", () => {
    const html = renderToStaticMarkup(<HiddenFields values={{ lang: "ar", intent: "accept", option: 2 }} />);
    expect(html).toBe('<input type="hidden" name="lang" value="ar"/><input type="hidden" name="intent" value="accept"/><input type="hidden" name="option" value="2"/>');
  });

  test("a field with errors is invalid and described by its translated error list", () => {
    const html = renderToStaticMarkup(<Field label="Title" errors={["account.errors.required"]} errorId="title-error" inputProps={{ id: "title", name: "title" }} />);
    expect(html).toContain('<label for="title">Title</label>');
    expect(html).toMatch(/<input aria-invalid="true" aria-describedby="title-error" id="title" name="title"\/>/);
    expect(html).toContain('<ul id="title-error" class="form-errors"><li>account.errors.required</li></ul>');
  });

  test("a valid field is not marked invalid; its (empty) list keeps its id", () => {
    const html = renderToStaticMarkup(<Field label="Title" errors={[]} errorId="title-error" inputProps={{ id: "title", name: "title" }} />);
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("aria-describedby");
    expect(html).toContain('<ul id="title-error" class="form-errors"></ul>');
    expect(renderToStaticMarkup(<Field label="Plain" inputProps={{ id: "p", name: "p" }} />)).not.toContain("<ul");
  });

  test("ErrorList drops empty entries; FormErrors renders nothing without errors", () => {
    expect(renderToStaticMarkup(<ErrorList id="e" errors={[null, "a", undefined]} />)).toBe('<ul id="e" class="form-errors"><li>a</li></ul>');
    expect(renderToStaticMarkup(<FormErrors id="f" errors={[]} />)).toBe("");
    expect(renderToStaticMarkup(<FormErrors id="f" errors={["account.errors.allFields"]} />)).toBe('<div role="alert" class="form-errors form-errors--form" id="f"><p>account.errors.allFields</p></div>');
  });

  test("conform fields: ids, names, ARIA and values wired; passwords never echoed", () => {
    const html = renderToStaticMarkup(<ConformForm errors={{ email: ["account.errors.email"], "": ["account.errors.allFields"] }} />);
    expect(html).toMatch(/<input[^>]* id="t-email"[^>]*>/);
    const email = /<input[^>]*name="email"[^>]*>/.exec(html)![0];
    expect(email).toContain('aria-invalid="true"');
    expect(email).toContain('aria-describedby="t-email-error"');
    expect(email).toContain('value="omar@"');
    expect(email).toContain('autoComplete="email"');
    expect(html).toContain('<ul id="t-email-error" class="form-errors"><li>account.errors.email</li></ul>');
    const password = /<input[^>]*name="password"[^>]*>/.exec(html)![0];
    expect(password).not.toContain("secret");
    expect(html).toMatch(/<textarea[^>]*name="message"[^>]*rows="3"[^>]*>hi<\/textarea>/);
    expect(html).toMatch(/<select[^>]*name="country"/);
    expect(html).toContain('role="alert"');
  });

  test("the honeypot is one hidden field named by HONEYPOT_FIELD", () => {
    const html = renderToStaticMarkup(<Honeypot formId="contact" label="Leave empty" />);
    expect(html).toBe(
      `<div class="form-honeypot" aria-hidden="true"><label for="contact-website">Leave empty</label><input id="contact-website" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autoComplete="off" value=""/></div>`,
    );
  });
});
