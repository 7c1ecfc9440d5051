import { Await, Form } from "@remix-run/react";
import { lazy, Suspense, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useClientOnlyStrings } from "#app/i18n/use-client-only-strings";
import type { DayAvailability, DetailPageData, OptionAvailability, SlotView } from "#app/catalogue/detail-page.server";
import { LocalizedLink } from "#app/components/localized-link";
import { useFormatLocalDate, useFormatMoney } from "#app/i18n/use-format";
import { useLocalizedPath } from "#app/i18n/use-locale";
import { useNearViewport } from "#app/lib/use-near-viewport";
import { cartPath, customOfferPath } from "#app/lib/paths";

// The calendar (and swr with it) is a JavaScript-only enhancement: loaded once the booking box comes
// near the screen, so it is not part of the page's first-load JavaScript where the box is below the fold.
const AvailabilityCalendar = lazy(() => import("./availability-calendar").then((module) => ({ default: module.AvailabilityCalendar })));

type Experience = DetailPageData["experience"];
type Option = Experience["options"][number];

/**
 * 'Check Availability' (a GET form: `?date=`, works without JavaScript; with it a month calendar
 * fetched over /api/availability picks the day) and, for the chosen day, 'Choose your option'.
 */
export function BookingBox({ data }: { data: DetailPageData }) {
  const { t } = useTranslation();
  const { experience } = data;
  const formRef = useRef<HTMLFormElement>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  // The calendar needs JavaScript (without it the native date input is the whole control) and is
  // fetched when the box nears the screen.
  const showCalendar = useNearViewport(boxRef);
  useClientOnlyStrings("detail.calendar");
  const defaultOption = experience.options.find((option) => option.isDefault) ?? experience.options[0];
  const problemId = "availability-date-problem";

  const pick = (date: string) => {
    if (dateRef.current) dateRef.current.value = date;
    formRef.current?.requestSubmit();
  };

  return (
    <aside id="availability" className="detail-booking" aria-labelledby="availability-heading">
      <div ref={boxRef} className="detail-booking__box">
        <h2 id="availability-heading">{t("detail.availability.heading")}</h2>
        <Form ref={formRef} method="get" action={`${data.path}#availability`} preventScrollReset data-prevent-scroll-reset className="detail-date-form">
          <label htmlFor="availability-date">{t("detail.availability.date")}</label>
          <div className="detail-date-form__row">
            <input
              ref={dateRef}
              id="availability-date"
              name="date"
              type="date"
              required
              min={data.today}
              max={data.maxDate}
              defaultValue={data.date ?? ""}
              key={data.date ?? "none"}
              aria-invalid={data.dateProblem ? true : undefined}
              aria-describedby={data.dateProblem ? problemId : undefined}
            />
            <button type="submit" className="button button--primary">
              {t("detail.availability.submit")}
            </button>
          </div>
          {data.dateProblem ? (
            <p id={problemId} className="detail-message detail-message--error" role="alert">
              {t(`detail.availability.${data.dateProblem}`)}
            </p>
          ) : null}
        </Form>
        {showCalendar && defaultOption ? (
          <Suspense fallback={null}>
            <AvailabilityCalendar
            productId={experience.id}
            optionId={defaultOption.id}
            currency={data.currency}
            today={data.today}
            maxDate={data.maxDate}
            selected={data.date}
            onPick={pick}
            />
          </Suspense>
        ) : null}
        <p className="detail-booking__zone">{t("detail.availability.timeZone", { city: experience.city.name })}</p>

        {data.availability ? (
          // Streamed on a client-side navigation (see the loader); a plain value in a document.
          <Suspense key={data.date} fallback={<DayMessage />}>
            <Await resolve={data.availability} errorElement={<DayMessage failed />}>
              {(day) => <DayResults data={data} day={day} />}
            </Await>
          </Suspense>
        ) : (
          <OptionsPreview experience={experience} />
        )}
      </div>
    </aside>
  );
}

/** Before a date is chosen: the options and their prices, and a nudge to pick a day. */
function OptionsPreview({ experience }: { experience: Experience }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  return (
    <section className="detail-options-preview" aria-labelledby="options-preview-heading">
      <h3 id="options-preview-heading">{t("detail.option.heading")}</h3>
      <p className="detail-message">{t("detail.availability.pickDate")}</p>
      <ul>
        {experience.options.map((option) => (
          <li key={option.id}>
            <strong>{option.title}</strong>
            {experience.noFixedPrice ? null : experience.pricingPer === "BOOKING" && option.bookingPrice ? (
              <span>{t("detail.option.perBooking", { price: formatMoney(option.bookingPrice) })}</span>
            ) : (
              <ul className="detail-unit-prices">
                {option.units.map((unit) => (
                  <li key={unit.id}>
                    {unit.title}: {unit.price && unit.price.amount > 0 ? formatMoney(unit.price) : t("detail.option.free")}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {experience.noFixedPrice ? <CustomOffer slug={experience.slug} /> : null}
    </section>
  );
}

function CustomOffer({ slug }: { slug: string }) {
  const { t } = useTranslation();
  return (
    <div className="detail-custom-offer">
      <p>{t("detail.price.customOfferHint")}</p>
      <LocalizedLink className="button button--primary" to={customOfferPath(slug)}>
        {t("detail.price.customOffer")}
      </LocalizedLink>
    </div>
  );
}

function SlotLabel({ slot }: { slot: SlotView }) {
  const { t } = useTranslation();
  const time = slot.allDay
    ? slot.openingHours.length
      ? slot.openingHours.map((period) => t("detail.option.openingHours", { from: period.from, to: period.to })).join(", ")
      : t("detail.option.allDay")
    : `${slot.start}${slot.end ? `–${slot.end}` : ""}`;
  return (
    <span className="detail-slot__label">
      <span className="detail-slot__time" dir="ltr">
        {time}
      </span>
      <span className={`detail-slot__status detail-slot__status--${slot.status.toLowerCase()}`}>{t(`detail.status.${slot.status}`, { defaultValue: slot.status })}</span>
      {slot.available && slot.vacancies !== null ? <span className="detail-slot__vacancies">{t("detail.option.vacancies", { count: slot.vacancies })}</span> : null}
    </span>
  );
}

/** What stands for the chosen day while its availability is on its way, or when it could not be had. */
function DayMessage({ failed = false }: { failed?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="detail-day" aria-busy={failed ? undefined : true}>
      <p className={failed ? "detail-message detail-message--error" : "detail-message"} role={failed ? "alert" : "status"}>
        {failed ? t("detail.availability.failed") : t("detail.availability.loading")}
      </p>
    </div>
  );
}

/** The chosen day: the empty state, or the options with their slots, prices and the add-to-cart form. */
function DayResults({ data, day }: { data: DetailPageData; day: DayAvailability }) {
  const { t } = useTranslation();
  const formatDay = useFormatLocalDate("full");
  const localize = useLocalizedPath();
  const formatMoney = useFormatMoney();
  const { experience } = data;
  const bookable = day.options.filter((entry) => entry.slots.some((slot) => slot.available));

  if (!day.anyAvailable) {
    return (
      <div className="detail-day" aria-live="polite">
        <p className="detail-day__date">{t("detail.availability.resultsFor", { date: formatDay(day.date) })}</p>
        <div className="detail-message detail-message--empty" role="status">
          <p>
            <strong>{t("detail.availability.noneAvailable")}</strong>
          </p>
          <p>{t("detail.availability.chooseAnother")}</p>
        </div>
      </div>
    );
  }

  const optionById = new Map(experience.options.map((option) => [option.id, option]));
  const firstOptionId = bookable[0]?.optionId;

  return (
    <div className="detail-day" aria-live="polite">
      <p className="detail-day__date">{t("detail.availability.resultsFor", { date: formatDay(day.date) })}</p>
      <section aria-labelledby="option-heading">
        <h3 id="option-heading">{t("detail.option.heading")}</h3>
        {experience.noFixedPrice ? (
          <>
            <ul className="detail-options">
              {bookable.map((entry) => (
                <li key={entry.optionId} className="detail-option">
                  <strong>{optionById.get(entry.optionId)?.title}</strong>
                  <ul className="detail-slots">
                    {entry.slots.map((slot) => (
                      <li key={slot.id}>
                        <SlotLabel slot={slot} />
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
            <CustomOffer slug={experience.slug} />
          </>
        ) : (
          <form method="post" action={localize(cartPath())} className="detail-option-form">
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="productId" value={experience.id} />
            <input type="hidden" name="date" value={day.date} />
            <input type="hidden" name="currency" value={data.currency} />
            <input type="hidden" name="redirectTo" value={`${data.path}?date=${day.date}`} />
            <fieldset className="detail-options">
              <legend className="visually-hidden">{t("detail.option.option")}</legend>
              {bookable.map((entry) => {
                const option = optionById.get(entry.optionId);
                return option ? <OptionChoice key={entry.optionId} option={option} entry={entry} experience={experience} checked={entry.optionId === firstOptionId} /> : null;
              })}
            </fieldset>
            {experience.extras.length ? (
              <fieldset className="detail-extras">
                <legend>{t("detail.option.extras")}</legend>
                {experience.extras.map((extra) => (
                  <label key={extra.id} className="detail-check">
                    <input type="checkbox" name="extra" value={extra.id} />
                    <span>{extra.title}</span>
                    <span className="detail-extras__price">
                      {extra.per === "UNIT" ? t("detail.option.extraPerUnit", { price: formatMoney(extra.price) }) : t("detail.option.extraPerBooking", { price: formatMoney(extra.price) })}
                    </span>
                  </label>
                ))}
              </fieldset>
            ) : null}
            <button type="submit" className="button button--primary detail-option-form__submit">
              {t("detail.option.addToCart")}
            </button>
          </form>
        )}
      </section>
    </div>
  );
}

/** One option: its radio, its slots (radios) and its quantities per unit type. */
function OptionChoice({ option, entry, experience, checked }: { option: Option; entry: OptionAvailability; experience: Experience; checked: boolean }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const capacity = Math.max(1, Math.min(experience.capacityPerItem, option.maxUnits ?? experience.capacityPerItem));
  const hintId = `capacity-hint-${option.id}`;
  const firstOpen = entry.slots.find((slot) => slot.available);
  const prices = firstOpen?.unitPrices ?? {};
  const bookingPrice = firstOpen?.bookingPrice ?? option.bookingPrice;
  const optionInputId = `option-${option.id}`;
  return (
    <div className="detail-option">
      <div className="detail-option__head">
        <input type="radio" id={optionInputId} name="optionId" value={option.id} defaultChecked={checked} />
        <label htmlFor={optionInputId}>
          <strong>{option.title}</strong>
          {experience.pricingPer === "BOOKING" && bookingPrice ? <span className="detail-option__price">{t("detail.option.perBooking", { price: formatMoney(bookingPrice) })}</span> : null}
        </label>
      </div>
      {option.description ? <p className="detail-option__description">{option.description}</p> : null}
      <fieldset className="detail-slots">
        <legend>{t("detail.option.time", { option: option.title })}</legend>
        {entry.slots.map((slot) => {
          const id = `slot-${option.id}-${slot.id}`;
          return (
            <div key={slot.id} className={`detail-slot${slot.available ? "" : " detail-slot--closed"}`}>
              <input type="radio" id={id} name="availabilityId" value={slot.id} disabled={!slot.available} defaultChecked={checked && slot === firstOpen} />
              <label htmlFor={id}>
                <SlotLabel slot={slot} />
              </label>
            </div>
          );
        })}
      </fieldset>
      <fieldset className="detail-units">
        <legend>{t("detail.option.travellers", { option: option.title })}</legend>
        <p id={hintId} className="detail-units__hint">
          {t("detail.option.capacityHint", { capacity })}
        </p>
        {option.units.map((unit, index) => {
          const id = `unit-${unit.id}`;
          const min = unit.minQuantity ?? 0;
          const max = Math.max(min, Math.min(capacity, unit.maxQuantity ?? capacity));
          const price = prices[unit.id] ?? unit.price;
          return (
            <div key={unit.id} className="detail-unit">
              <label htmlFor={id}>
                <span className="detail-unit__title">{unit.title}</span>
                <span className="detail-unit__ages">{t("detail.option.unitAges", { min: unit.minAge, max: unit.maxAge })}</span>
                {experience.pricingPer === "UNIT" && price ? (
                  <span className="detail-unit__price">{price.amount > 0 ? t("detail.option.perUnit", { price: formatMoney(price) }) : t("detail.option.free")}</span>
                ) : null}
              </label>
              <input
                id={id}
                type="number"
                name={`unit.${unit.id}`}
                inputMode="numeric"
                min={min}
                max={max}
                step={1}
                defaultValue={index === 0 ? Math.max(1, min) : min}
                aria-describedby={hintId}
              />
            </div>
          );
        })}
      </fieldset>
    </div>
  );
}
