import { useEffect } from "react";
import useSWR from "swr";
/** A destination the search box offers as the visitor types. */
export type DestinationSuggestion = { slug: string; name: string; country: string; count: number };

const fetchSuggestions = async (url: string): Promise<DestinationSuggestion[]> => {
  const response = await fetch(url);
  if (!response.ok) return [];
  return ((await response.json()) as { suggestions: DestinationSuggestion[] }).suggestions;
};

/**
 * Fetches destination suggestions with swr (deduplicated, cached per query) and hands them to the
 * search box. Its own module so swr loads only once a visitor starts typing.
 */
export default function SearchSuggestionsSource({ url, onData }: { url: string | null; onData: (suggestions: DestinationSuggestion[]) => void }) {
  const { data } = useSWR(url, fetchSuggestions, { keepPreviousData: true, revalidateOnFocus: false });
  useEffect(() => {
    onData(data ?? []);
  }, [data, onData]);
  return null;
}
