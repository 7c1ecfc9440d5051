import { Form } from "@remix-run/react";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale, useLocalizedPath } from "#app/i18n/use-locale";
import { cityPath } from "#app/lib/paths";

// One destination suggested as the visitor types (the shape of GET /api/suggest).
import type { DestinationSuggestion } from "./search-suggestions-source";

// swr and the fetching live in their own chunk, loaded when the visitor first types.
const SearchSuggestionsSource = lazy(() => import("./search-suggestions-source"));

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const handle = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(handle);
  }, [value, delayMs]);
  return debounced;
}

/**
 * 'Where to?' and 'When?': a GET form to the search page (which goes straight to a city when the
 * text names one), so it works without JavaScript. With JavaScript, destinations are suggested as the
 * visitor types: an ARIA combobox with arrow keys, Enter and Escape.
 */
export function SearchBox({ defaultDate }: { defaultDate?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const id = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(text.trim(), 150);
  const [engaged, setEngaged] = useState(false);
  const [suggestions, setSuggestions] = useState<DestinationSuggestion[]>([]);
  const suggestUrl = query.length >= 1 ? `/api/suggest?q=${encodeURIComponent(query)}&lng=${locale.code}` : null;
  const listId = `${id}-suggestions`;
  const showList = open && query.length >= 1 && suggestions.length > 0;

  function choose(suggestion: DestinationSuggestion) {
    window.location.assign(localize(cityPath(suggestion.slug)));
  }

  return (
    <Form method="get" action={localize("/search")} role="search" className="search-box">
      {engaged ? (
        <Suspense fallback={null}>
          <SearchSuggestionsSource url={suggestUrl} onData={setSuggestions} />
        </Suspense>
      ) : null}
      <div className="search-box__field">
        <label htmlFor={`${id}-q`}>{t("discovery.home.whereTo")}</label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          required
          maxLength={100}
          autoComplete="off"
          placeholder={t("discovery.home.whereTo")}
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          // Uncontrolled: the field keeps what a visitor typed before the page's JavaScript ran (a controlled
          // one would get the state's "" written back on the first re-render, and the search would stop).
          onChange={(event) => {
            setEngaged(true);
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onBlur={() => window.setTimeout(() => setOpen(false), 150)}
          onKeyDown={(event) => {
            if (!showList) return;
            if (event.key === "ArrowDown") {
              event.preventDefault();
              setActive((index) => (index + 1) % suggestions.length);
            } else if (event.key === "ArrowUp") {
              event.preventDefault();
              setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
            } else if (event.key === "Enter" && active >= 0) {
              event.preventDefault();
              choose(suggestions[active]!);
            } else if (event.key === "Escape") {
              setOpen(false);
            }
          }}
        />
        <ul id={listId} role="listbox" aria-label={t("discovery.home.suggestions")} className="search-box__suggestions" hidden={!showList}>
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.slug}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(suggestion);
              }}
            >
              <strong>{suggestion.name}</strong> <span>{suggestion.country}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="search-box__field">
        <label htmlFor={`${id}-date`}>{t("discovery.home.when")}</label>
        <input id={`${id}-date`} name="date" type="date" defaultValue={defaultDate} aria-describedby={`${id}-date-hint`} />
        <span id={`${id}-date-hint`} className="visually-hidden">
          {t("discovery.home.selectDate")}
        </span>
      </div>
      <button type="submit" className="button button--primary search-box__submit">
        {t("discovery.home.search")}
      </button>
    </Form>
  );
}
