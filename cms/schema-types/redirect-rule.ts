import { defineField, defineType } from "sanity";
import { SITE_PATH_PATTERN } from "../constants";

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
      validation: (rule) =>
        rule.required().custom((to, context) => {
          if (typeof to !== "string") return true;
          const isPath = SITE_PATH_PATTERN.test(to.split(/[?#]/)[0] ?? "");
          const isUrl = /^https?:\/\/[^/\s]+/i.test(to);
          if (!isPath && !isUrl) return "Use a site path starting with / or a full http(s):// URL.";
          const from = (context.document as { from?: string } | undefined)?.from;
          return to !== from || "A redirect cannot point at itself.";
        }).error(),
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
