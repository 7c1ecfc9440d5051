/** A new experience of the company's own (role catalogue or admin): the product form; options, units and prices follow on its page. */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminCard, AdminPageHeader } from "#app/components/admin/admin-ui";
import { CatalogueForm, ProductFields, useCatalogueForm } from "#app/components/admin/catalogue-forms";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { isCatalogueRuleError } from "#app/catalogue/manage/catalogue-write.server";
import { newProductFormValues } from "#app/catalogue/manage/form-values";
import { createProduct } from "#app/catalogue/manage/products.server";
import { loadCatalogueChoices } from "#app/catalogue/manage/queries.server";
import { ProductSchema, parseCatalogueForm } from "#app/catalogue/manage/schemas";
import type { CacheHandle } from "#app/lib/cache-policy";
import { ADMIN_NO_STORE, actorOf, adminPageContext, requireStaff } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  await requireStaff(app, request, "catalogue.manage");
  const { t } = adminPageContext(request);
  return json({ title: t("admin.catalogue.newTitle"), choices: await loadCatalogueChoices(app.db) }, { headers: ADMIN_NO_STORE });
}

export async function action({ request, context: app }: ActionFunctionArgs) {
  const member = await requireStaff(app, request, "catalogue.manage");
  const submission = parseCatalogueForm(await request.formData(), ProductSchema);
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400, headers: ADMIN_NO_STORE });
  try {
    const { id } = await createProduct(app, actorOf(member), submission.value, app.clock.now());
    return redirect(`/admin/products/${id}?done=created`, { status: 303, headers: ADMIN_NO_STORE });
  } catch (error) {
    if (!isCatalogueRuleError(error)) throw error;
    const reply = error.field ? submission.reply({ fieldErrors: { [error.field]: [error.key] } }) : submission.reply({ formErrors: [error.key] });
    return json({ result: reply }, { status: error.status, headers: ADMIN_NO_STORE });
  }
}

export default function AdminProductNew() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useCatalogueForm("product-new", ProductSchema, actionData?.result, newProductFormValues());
  return (
    <>
      <nav className="admin-breadcrumb" aria-label={t("admin.catalogue.breadcrumb")}>
        <Link to="/admin/products">{t("admin.nav.products")}</Link>
      </nav>
      <AdminPageHeader title={t("admin.catalogue.newHeading")} subtitle={t("admin.catalogue.newSubtitle")} />
      <AdminCard id="product-new-card">
        <CatalogueForm form={form} intent="create" submit={t("admin.catalogue.create")}>
          <ProductFields fields={fields} choices={data.choices} currencyLocked={false} />
        </CatalogueForm>
      </AdminCard>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
