import { useState, type FormEvent } from "react";
import { definePlugin, useClient } from "sanity";
import { tracePath, type PathTrace } from "../../app/lib/redirect-chain";
import { REDIRECT_RULES_QUERY, STOREFRONT_URL, storefrontPathStatus, type PathStatus } from "../redirect-checks";

/** The tool's title; the studio build test looks for it in cms/dist. */
export const TRY_A_PATH_TITLE = "Try a path";

type Result = { trace: PathTrace; status: PathStatus | null };

const box = { padding: "1.5rem", maxWidth: "48rem", fontFamily: "inherit", lineHeight: 1.5 } as const;
const input = { padding: "0.5rem", fontSize: "1rem", width: "24rem", maxWidth: "100%", marginRight: "0.5rem" } as const;

function describeStatus(status: PathStatus | null): string {
  if (status === null) return `The storefront (${STOREFRONT_URL}) could not be asked.`;
  if (status.status === 404) return "404: the storefront has no page here.";
  if (status.status >= 300 && status.status < 400) return `${status.status}: the storefront's own rules send it on to ${status.location ?? "?"}.`;
  return `${status.status}${status.status === 200 ? ": the page exists." : ""}`;
}

function TryAPath() {
  const client = useClient({ apiVersion: "2025-02-19" });
  const [path, setPath] = useState("/");
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const rules = await client.fetch<Array<{ from: string; to: string; permanent: boolean }>>(REDIRECT_RULES_QUERY);
      const trace = tracePath(path.trim(), rules);
      const status = trace.stop === "no-rule" ? await storefrontPathStatus(trace.end, { fresh: true }) : null;
      setResult({ trace, status });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  }

  const trace = result?.trace;
  return (
    <div style={box}>
      <h1 style={{ fontSize: "1.5rem" }}>{TRY_A_PATH_TITLE}</h1>
      <p>Type a site path (such as /promo/summer or /ar/old-page) to see where the published redirects send a visitor, and what the storefront answers there.</p>
      <form onSubmit={onSubmit}>
        <input style={input} aria-label="Path" value={path} onChange={(event) => setPath(event.currentTarget.value)} placeholder="/promo/summer" />
        <button type="submit" disabled={busy} style={{ padding: "0.5rem 1rem", fontSize: "1rem" }}>{busy ? "Checking…" : "Trace"}</button>
      </form>
      {error ? <p role="alert">Could not read the redirects: {error}</p> : null}
      {trace ? (
        <div aria-live="polite">
          {trace.hops.length === 0 ? <p>No redirect starts at {trace.end}.</p> : (
            <ol>
              {trace.hops.map((hop, index) => (
                <li key={index}>
                  {hop.from} → {hop.to} ({hop.permanent ? "301 permanent" : "302 temporary"})
                </li>
              ))}
            </ol>
          )}
          {trace.stop === "loop" ? <p role="alert">Loop: the redirects come back to {trace.end}. Visitors get an error; fix one of these rules.</p> : null}
          {trace.stop === "too-many-hops" ? <p role="alert">Stopped after {trace.hops.length} redirects: point the first rule straight at the last page.</p> : null}
          {trace.stop === "external" ? <p>Ends on another site: {trace.end}</p> : null}
          {trace.stop === "no-rule" ? <p>Ends at {trace.end}. Storefront: {describeStatus(result.status)}</p> : null}
          {trace.hops.length > 1 ? <p>This is a chain: point the first rule straight at {trace.end}.</p> : null}
        </div>
      ) : null}
    </div>
  );
}

/** A studio tool: where a path ends up through the editors' redirects, and the storefront's answer there. */
export const tryAPathTool = definePlugin({
  name: "rihla-try-a-path",
  tools: [{ name: "try-a-path", title: TRY_A_PATH_TITLE, component: TryAPath }],
});
