import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { StaticPageView } from "#app/components/static-page";
import { SupportBlock } from "#app/components/support";
import { pageHeaders, publicCacheControl } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { getPageContext } from "#app/web/page.server";
import { redirectWithToast } from "#app/web/toast.server";
import { ContactFormSchema } from "#app/site/contact";
import { submitContactMessage } from "#app/site/contact.server";
import { loadStaticPage } from "#app/web/pages/content-pages.server";
import { contactPath, localized } from "#app/lib/paths";
import type { CacheHandle } from "#app/lib/cache-policy";
import { ConformForm, EmailField, InputField, TextareaInputField, useActionForm } from "#app/components/conform-fields";
import { clientAddress } from "#app/lib/client-address.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "public" } satisfies CacheHandle;
export const headers = pageHeaders;
export const meta = pageMeta;

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  return json(await loadStaticPage(app, request, "contact-us"), { headers: { "Cache-Control": publicCacheControl(request) } });
}

export async function action({ request, context: app }: ActionFunctionArgs) {
  const { url, locale } = getPageContext(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ContactFormSchema });
  const noStore = { "Cache-Control": "private, no-store" };
  if (submission.status !== "success") {
    return json(submission.reply(), { status: 400, headers: noStore });
  }
  const outcome = await submitContactMessage(app, { form: submission.value, locale, pageUrl: url.origin + url.pathname, address: clientAddress(request) });
  if (outcome.status === "rate-limited") {
    return json(submission.reply({ formErrors: ["contact.errors.rateLimited"] }), {
      status: 429,
      headers: { ...noStore, "Retry-After": String(outcome.retryAfterSeconds) },
    });
  }
  // "ignored" (the honeypot) answers like a success, so a bot learns nothing.
  const page = localized(locale, contactPath());
  return redirectWithToast(app, page, { type: "success", key: "contact.sent" });
}

function ContactForm() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useActionForm("contact", ContactFormSchema, { shouldValidate: "onBlur" });
  const sending = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <section aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading">{t("contact.formHeading")}</h2>
      <ConformForm form={form} className="form" submitLabel={sending ? t("contact.sending") : t("contact.submit")} busy={sending} honeypotLabel={t("contact.honeypot")}>
        <InputField field={fields.name} label={t("contact.name")} autoComplete="name" />
        <EmailField field={fields.email} label={t("contact.email")} />
        <InputField field={fields.subject} label={t("contact.subject")} autoComplete="off" />
        <TextareaInputField field={fields.message} label={t("contact.message")} rows={6} />
      </ConformForm>
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
