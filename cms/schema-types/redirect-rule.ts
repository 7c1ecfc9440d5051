import { defineField, defineType, type ValidationContext } from "sanity";
import type { RedirectRuleLike } from "../../app/lib/redirect-chain";
import { SITE_PATH_PATTERN } from "../constants";
import { OTHER_REDIRECT_RULES_QUERY, redirectTargetError, redirectTargetWarning } from "../redirect-checks";

/** The published rules the storefront would apply beside this one. */
function otherRules(context: ValidationContext): Promise<RedirectRuleLike[]> {
  const id = (context.document?._id ?? "").replace(/^drafts\./, "");
  return context.getClient({ apiVersion: "2025-02-19" }).fetch<RedirectRuleLike[]>(OTHER_REDIRECT_RULES_QUERY, { id, draft: `drafts.${id}` });
}

/**
 * A per-path redirect. Not localized: the source path carries its own locale prefix (`/ar/old-page`),
 * so the document has no `language` field and the desk lists redirects once, outside the language groups.
 */
export const redirectRule = defineType({
  name: "redirectRule",
  title: "Redirect",
  type: "document",
  fields: [
    defineField({
      name: "from",
      title: "From path",
      type: "string",
      description: "A site path such as /promo/summer or /ar/promo/summer (no domain, no query string).",
      validation: (rule) =>
        rule.required().custom(async (from, context) => {
          if (typeof from !== "string") return true;
          if (!SITE_PATH_PATTERN.test(from)) return "Start with a single / and leave out the domain, ? and #.";
          if (from === "/") return "The home page cannot be redirected.";
          const id = (context.document?._id ?? "").replace(/^drafts\./, "");
          const count = await context
            .getClient({ apiVersion: "2025-02-19" })
            .fetch<number>(`count(*[_type == "redirectRule" && from == $from && !(_id in [$id, $draft])])`, { from, id, draft: `drafts.${id}` });
          return count === 0 || "Another redirect already starts from this path.";
        }).error(),
    }),
    defineField({
      name: "to",
      title: "To path or URL",
      type: "string",
      description: "A site path (/blog) or an absolute https:// URL.",
      // Errors: the shape, a loop, a chain, a page the storefront answers 404 for. Warnings: the
      // storefront could not be asked, or other rules would chain through this one.
      validation: (rule) => [
        rule.required().custom(async (to, context) => {
          if (typeof to !== "string") return true;
          const from = (context.document as { from?: string } | undefined)?.from;
          return (await redirectTargetError(to, from, () => otherRules(context))) ?? true;
        }).error(),
        rule.custom(async (to, context) => {
          if (typeof to !== "string") return true;
          const from = (context.document as { from?: string } | undefined)?.from;
          return (await redirectTargetWarning(to, from, () => otherRules(context))) ?? true;
        }).warning(),
      ],
    }),
    defineField({
      name: "permanent",
      title: "Permanent (301)",
      type: "boolean",
      description: "Off answers 302: use it for campaigns that will end.",
      initialValue: false,
      validation: (rule) => rule.required(),
    }),
    defineField({ name: "note", title: "Note", type: "string", description: "Why the redirect exists (for editors only)." }),
  ],
  preview: {
    select: { from: "from", to: "to", permanent: "permanent" },
    prepare: ({ from, to, permanent }) => ({ title: `${from ?? "?"} → ${to ?? "?"}`, subtitle: permanent ? "301 permanent" : "302 temporary" }),
  },
});
