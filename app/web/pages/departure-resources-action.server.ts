/**
 * The console's Assign and Remove of a guide or resource on one departure (option + slot), posted from
 * the manifest and from a product's schedule day: `intent` assign or unassign. Either answers 303 back
 * to the page it came from, or the refusal (404, or 409 naming the departure a guide already runs) for
 * that departure's card to say. The 303 carries which departure changed and how, for its card's notice.
 */
import { json, redirect } from "@remix-run/node";
import { assignToDeparture, unassignFromDeparture } from "#app/booking/resources-console.server";
import type { LocaleCode } from "#app/lib/locales";
import type { Database } from "#app/db/db.server";
import type { StaffMember } from "#app/staff/staff.server";
import { ADMIN_NO_STORE, actorOf } from "#app/web/admin-auth.server";
import { departureNoticeKey, RESOURCE_NOTICE_AT_PARAM, RESOURCE_NOTICE_PARAM } from "#app/booking/departure-resources";


export async function departureResourceAction(db: Database, request: Request, form: FormData, member: StaffMember, locale: LocaleCode, now: Date): Promise<Response> {
  const input = { resourceId: String(form.get("resourceId") ?? ""), optionId: String(form.get("optionId") ?? ""), availabilityId: String(form.get("availabilityId") ?? "") };
  const actor = actorOf(member);
  const unassign = form.get("intent") === "unassign";
  const result = unassign ? await unassignFromDeparture(db, input, actor, now) : await assignToDeparture(db, input, actor, locale, now);
  if (result.ok) {
    // Back with a notice the departure's own card says (DepartureResources reads these two parameters).
    const url = new URL(request.url);
    url.searchParams.set(RESOURCE_NOTICE_PARAM, unassign ? "unassigned" : "assigned");
    url.searchParams.set(RESOURCE_NOTICE_AT_PARAM, departureNoticeKey(input.optionId, input.availabilityId));
    return redirect(`${url.pathname}${url.search}`, { status: 303, headers: ADMIN_NO_STORE });
  }
  return json({ refusal: { key: result.key, params: result.params, optionId: input.optionId, availabilityId: input.availabilityId } }, { status: result.status, headers: ADMIN_NO_STORE });
}
