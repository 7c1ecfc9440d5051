/** A departure's guides and resources (issue #33): who is on it (each with a Remove), and a plain POST form to assign one more. */
import { Form, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { departureNoticeKey, RESOURCE_NOTICE_AT_PARAM, RESOURCE_NOTICE_PARAM, RESOURCE_NOTICES } from "#app/booking/departure-resources";

export type AssignRefusal = { key: string; params: Record<string, string>; optionId: string; availabilityId: string };

export function DepartureResources({
  optionId,
  availabilityId,
  assigned,
  resources,
  canAssign,
  refusal,
}: {
  optionId: string;
  availabilityId: string;
  assigned: Array<{ id: string; kind: string; name: string }>;
  resources: Array<{ id: string; kind: string; name: string }>;
  canAssign: boolean;
  refusal: AssignRefusal | null | undefined;
}) {
  const { t } = useTranslation();
  const id = `assign-${optionId}-${availabilityId}`.replace(/[^\w-]/g, "");
  const free = resources.filter((resource) => !assigned.some((on) => on.id === resource.id));
  const mine = refusal && refusal.optionId === optionId && refusal.availabilityId === availabilityId ? refusal : null;
  const [searchParams] = useSearchParams();
  const asked = searchParams.get(RESOURCE_NOTICE_PARAM);
  const notice = !mine && searchParams.get(RESOURCE_NOTICE_AT_PARAM) === departureNoticeKey(optionId, availabilityId) ? (RESOURCE_NOTICES.find((known) => known === asked) ?? null) : null;
  return (
    <section className="admin-departure-resources" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t("admin.resources.onDeparture")}</h3>
      {assigned.length === 0 ? (
        <p className="admin-muted">{t("admin.resources.noneAssigned")}</p>
      ) : (
        <ul className="admin-departure-resources__list">
          {assigned.map((resource) => (
            <li key={resource.id}>
              <bdi>{resource.name}</bdi> <span className="admin-muted">{t(`admin.resources.kinds.${resource.kind}`)}</span>
              {canAssign ? (
                <Form method="post" className="admin-inline-form">
                  <input type="hidden" name="intent" value="unassign" />
                  <input type="hidden" name="optionId" value={optionId} />
                  <input type="hidden" name="availabilityId" value={availabilityId} />
                  <input type="hidden" name="resourceId" value={resource.id} />
                  <button type="submit" className="admin-link-button" aria-label={t("admin.resources.unassignNamed", { name: resource.name })}>
                    {t("admin.resources.unassign")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {notice ? (
        <p className="admin-departure-resources__notice" role="status">
          {t(`admin.resources.notices.${notice}`)}
        </p>
      ) : null}
      {mine ? (
        <p className="admin-departure-resources__refusal" role="alert">
          {t(mine.key, mine.params)}
        </p>
      ) : null}
      {canAssign && free.length > 0 ? (
        <Form method="post" className="admin-inline-form admin-departure-resources__form">
          <input type="hidden" name="intent" value="assign" />
          <input type="hidden" name="optionId" value={optionId} />
          <input type="hidden" name="availabilityId" value={availabilityId} />
          <label htmlFor={id}>{t("admin.resources.resource")}</label>
          <select id={id} name="resourceId">
            {free.map((resource) => (
              <option key={resource.id} value={resource.id}>
                {resource.name} · {t(`admin.resources.kinds.${resource.kind}`)}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--secondary button--small">
            {t("admin.resources.assign")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
