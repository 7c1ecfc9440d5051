// After `sanity build cms/dist`: the built studio must carry what editors rely on, not only compile.
// `npm test -- studio` runs it after the build; alone: `node scripts/check-studio-build.js [dir]`.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Strings the bundle must contain, with why. */
export const EXPECTED = [
  ["Try a path", "the redirect tracing tool (cms/tools/try-a-path.tsx)"],
  ["/api/path-status", "the redirect checks asking the storefront (cms/redirect-checks.ts)"],
  ["which redirects again to", "the redirect chain message (app/lib/redirect-chain.ts)"],
  ["translation.metadata", "the translation workflow (@sanity/document-internationalization, cms/translations)"],
  ["Older than English", "the badge on a translation older than its English version (cms/translations)"],
  ["/api/preview-mode/enable", "the Presentation tool's preview mode (cms/presentation.ts)"],
  ["Redirect: ", "the Presentation tool's locations for every document type (cms/presentation.ts)"],
];

export function missingFromStudioBuild(dir = "cms/dist") {
  const staticDir = path.join(dir, "static");
  const bundle = readdirSync(staticDir)
    .filter((name) => name.endsWith(".js"))
    .map((name) => readFileSync(path.join(staticDir, name), "utf8"))
    .join("\n");
  return EXPECTED.filter(([text]) => !bundle.includes(text));
}

if (import.meta.url === `file://${path.resolve(process.argv[1] ?? "")}`) {
  const missing = missingFromStudioBuild(process.argv[2]);
  for (const [text, why] of missing) console.error(`✖ the studio build lacks "${text}": ${why}`);
  if (missing.length > 0) process.exit(1);
  console.log("✓ the studio build has the redirect tools, the Presentation tool and the translation workflow");
}
