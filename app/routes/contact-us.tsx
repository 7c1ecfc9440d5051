import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { StaticPageView } from "#app/components/static-page";
import { SupportBlock } from "#app/components/support";
import { pageHeaders, publicCacheControl } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { getPageContext } from "#app/lib/page.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { ContactFormSchema, HONEYPOT_FIELD } from "#app/site/contact";
import { clientAddress, submitContactMessage } from "#app/site/contact.server";
import { loadStaticPage } from "#app/site/content-pages.server";
import { contactPath, localized } from "#app/lib/paths";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "public" } satisfies CacheHandle;
export const headers = pageHeaders;
export const meta = pageMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await loadStaticPage(request, "contact-us"), { headers: { "Cache-Control": publicCacheControl(request) } });
}

export async function action({ request }: ActionFunctionArgs) {
  const { url, locale } = getPageContext(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ContactFormSchema });
  const noStore = { "Cache-Control": "private, no-store" };
  if (submission.status !== "success") {
    return json(submission.reply(), { status: 400, headers: noStore });
  }
  const outcome = await submitContactMessage({ form: submission.value, locale, pageUrl: url.origin + url.pathname, address: clientAddress(request) });
  if (outcome.status === "rate-limited") {
    return json(submission.reply({ formErrors: ["contact.errors.rateLimited"] }), {
      status: 429,
      headers: { ...noStore, "Retry-After": String(outcome.retryAfterSeconds) },
    });
  }
  // "ignored" (the honeypot) answers like a success, so a bot learns nothing.
  const page = localized(locale, contactPath());
  return redirectWithToast(page, { type: "success", key: "contact.sent" });
}

/** Translated error messages of a field, tied to it with aria-describedby. */
function FieldErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  const { t } = useTranslation();
  return (
    <ul id={id} className="form-errors">
      {errors?.map((error) => <li key={error}>{t(error)}</li>)}
    </ul>
  );
}

function TextField({ field, label, type = "text", autoComplete }: { field: FieldMetadata<string>; label: string; type?: "text" | "email"; autoComplete: string }) {
  return (
    <div className="form-field">
      <label htmlFor={field.id}>{label}</label>
      <input {...getInputProps(field, { type })} autoComplete={autoComplete} />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

function ContactForm() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "contact",
    lastResult,
    constraint: getZodConstraint(ContactFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const sending = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <section aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading">{t("contact.formHeading")}</h2>
      <Form method="post" className="form" {...getFormProps(form)}>
        {form.errors?.length ? (
          <div role="alert" className="form-errors form-errors--form" id={form.errorId}>
            {form.errors.map((error) => (
              <p key={error}>{t(error)}</p>
            ))}
          </div>
        ) : null}
        <TextField field={fields.name} label={t("contact.name")} autoComplete="name" />
        <TextField field={fields.email} label={t("contact.email")} type="email" autoComplete="email" />
        <TextField field={fields.subject} label={t("contact.subject")} autoComplete="off" />
        <div className="form-field">
          <label htmlFor={fields.message.id}>{t("contact.message")}</label>
          <textarea {...getTextareaProps(fields.message)} rows={6} />
          <FieldErrors id={fields.message.errorId} errors={fields.message.errors} />
        </div>
        <div className="form-honeypot" aria-hidden="true">
          <label htmlFor="contact-website">{t("contact.honeypot")}</label>
          <input id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? t("contact.sending") : t("contact.submit")}
        </button>
      </Form>
    </section>
  );
}

export default function ContactRoute() {
  const { page } = useLoaderData<typeof loader>();
  // Every completed navigation (the redirect after a sent message) starts a fresh form; after an
  // error the new form takes the typed values back from the action's reply.
  const { key } = useLocation();
  return (
    <StaticPageView page={page}>
      <div className="contact-layout">
        <ContactForm key={key} />
        <SupportBlock />
      </div>
    </StaticPageView>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
