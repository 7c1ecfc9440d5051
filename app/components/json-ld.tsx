import { useNonce } from "#app/lib/nonce";

/** Prints structured data; `<` is escaped so CMS text can never close the script element. */
export function JsonLdScript({ data }: { data: Record<string, unknown> }) {
  const nonce = useNonce();
  return <script type="application/ld+json" nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />;
}
