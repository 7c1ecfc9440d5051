import { useEffect, useState } from "react";
import { useClient, type DocumentBadgeComponent, type DocumentBadgeDescription } from "sanity";

/** The English version's last edit, through the translation metadata that links it to this document. */
const ENGLISH_UPDATED_AT = `*[_type == "translation.metadata" && references($id)][0].translations[_key == "en"][0].value->_updatedAt`;

/** Whether a translation was last edited before its English version (so it may miss what English gained). */
export function isOlderThanEnglish(language: unknown, updatedAt: string | undefined, englishUpdatedAt: string | null | undefined): boolean {
  return language !== "en" && Boolean(updatedAt && englishUpdatedAt && Date.parse(updatedAt) < Date.parse(englishUpdatedAt));
}

export const OlderThanEnglishBadge: DocumentBadgeComponent = (props): DocumentBadgeDescription | null => {
  const client = useClient({ apiVersion: "2025-02-19" });
  const document = props.draft ?? props.published;
  const id = props.id.replace(/^drafts\./, "");
  const [englishUpdatedAt, setEnglishUpdatedAt] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    client
      .fetch<string | null>(ENGLISH_UPDATED_AT, { id })
      .then((value) => {
        if (current) setEnglishUpdatedAt(value);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [client, id]);
  if (!isOlderThanEnglish(document?.language, document?._updatedAt, englishUpdatedAt)) return null;
  return { label: "Older than English", title: "The English version was edited after this translation: check what changed.", color: "warning" };
};
