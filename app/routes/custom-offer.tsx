import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CustomOfferSchema } from "#app/account/custom-offer-schema";
import { findOfferProduct, requestCustomOffer } from "#app/account/custom-offers.server";
import { ConformForm, EmailField, InputField, TextareaInputField, useActionForm } from "#app/components/conform-fields";
import { clientAddress } from "#app/lib/client-address.server";
import { getUser } from "#app/web/session-cookie.server";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { LocalizedLink } from "#app/components/localized-link";
import { CACHE_PRIVATE, pageHeaders } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { getPageContext, throwNotFound } from "#app/web/page.server";
import { redirectWithToast } from "#app/web/toast.server";
import { experiencePath, invoicesPath, localized } from "#app/lib/paths";
import type { CacheHandle } from "#app/lib/cache-policy";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const headers = pageHeaders;
export const meta = pageMeta;

const noStore = { "Cache-Control": CACHE_PRIVATE };

async function productOr404(app: LoaderFunctionArgs["context"], request: Request, slug: string | undefined) {
  const { locale } = getPageContext(request);
  const product = slug && slug.length <= 200 ? await findOfferProduct(app.db, slug, locale) : null;
  if (!product) throwNotFound(request, "page");
  return product;
}

export async function loader({ request, params, context: app }: LoaderFunctionArgs) {
  const context = getPageContext(request);
  const product = await productOr404(app, request, params.productSlug);
  const user = await getUser(app, request);
  const heading = context.t("account.offers.requestHeading");
  return json(
    { seo: { title: `${heading}: ${product.title}`, description: context.t("account.offers.intro") }, heading, product, defaults: { name: user?.name ?? "", email: user?.email ?? "" } },
    { headers: noStore },
  );
}

export async function action({ request, params, context: app }: ActionFunctionArgs) {
  const { locale } = getPageContext(request);
  const product = await productOr404(app, request, params.productSlug);
  const submission = parseWithZod(await request.formData(), { schema: CustomOfferSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400, headers: noStore });
  const user = await getUser(app, request);
  const outcome = await requestCustomOffer(app, { form: submission.value, product, locale, userId: user?.id ?? null, address: clientAddress(request) });
  if (outcome.status === "rate-limited") {
    return json(submission.reply({ formErrors: ["account.errors.rateLimited"] }), { status: 429, headers: { ...noStore, "Retry-After": String(outcome.retryAfterSeconds) } });
  }
  const to = localized(locale, user ? invoicesPath() : experiencePath(product.slug));
  return redirectWithToast(app, to, { type: "success", key: "account.toasts.offerSent" }, { headers: noStore });
}

export default function CustomOfferRoute() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [form, fields] = useActionForm("custom-offer", CustomOfferSchema, { shouldValidate: "onBlur", defaultValue: data.defaults });
  return (
    <section className="container page custom-offer-page">
      <h1>{data.heading}</h1>
      <p>
        <LocalizedLink to={experiencePath(data.product.slug)}>{data.product.title}</LocalizedLink>
      </p>
      <p>{t("account.offers.intro")}</p>
      <ConformForm form={form} className="form" submitLabel={t("account.offers.submit")} honeypotLabel={t("account.fields.honeypot")}>
        <InputField field={fields.dateFrom} label={t("account.offers.dateFrom")} type="date" />
        <InputField field={fields.dateTo} label={t("account.offers.dateTo")} type="date" />
        <InputField field={fields.groupSize} label={t("account.offers.groupSize")} type="number" inputMode="numeric" />
        <InputField field={fields.budget} label={t("account.offers.budget", { currency: data.product.currency })} type="number" inputMode="decimal" />
        <TextareaInputField field={fields.message} label={t("account.offers.message")} rows={5} />
        <InputField field={fields.name} label={t("account.offers.name")} autoComplete="name" />
        <EmailField field={fields.email} label={t("account.offers.email")} />
        <InputField field={fields.phone} label={t("account.offers.phone")} type="tel" inputMode="tel" autoComplete="tel" dir="ltr" />
      </ConformForm>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
