import type { StructureResolver } from "sanity/structure";
import { LANGUAGES } from "./constants";

const LIST_TYPES = [
  { type: "blogPost", title: "Blog posts" },
  { type: "faqEntry", title: "FAQ" },
  { type: "staticPage", title: "Pages" },
  { type: "theme", title: "Themes" },
  { type: "testimonial", title: "Testimonials" },
] as const;

/** Desk grouped by language: each language holds its settings and home page (singletons) and its lists; experiences and redirects are not per language. */
export const structure: StructureResolver = (S) =>
  S.list()
    .title("Content")
    .items([
      ...LANGUAGES.map(({ id, title }) =>
        S.listItem()
          .id(`language-${id}`)
          .title(title)
          .child(
            S.list()
              .id(`language-${id}-items`)
              .title(title)
              .items([
                S.listItem()
                  .id(`siteSettings-${id}`)
                  .title("Site settings")
                  .child(S.document().schemaType("siteSettings").documentId(`siteSettings-${id}`).initialValueTemplate("siteSettings-by-language", { language: id })),
                S.listItem()
                  .id(`homePage-${id}`)
                  .title("Home page")
                  .child(S.document().schemaType("homePage").documentId(`homePage-${id}`).initialValueTemplate("homePage-by-language", { language: id })),
                S.divider(),
                ...LIST_TYPES.map(({ type, title: listTitle }) =>
                  S.listItem()
                    .id(`${type}-${id}`)
                    .title(listTitle)
                    .schemaType(type)
                    .child(
                      S.documentTypeList(type)
                        .title(`${listTitle} · ${title}`)
                        .filter("_type == $type && language == $language")
                        .params({ type, language: id })
                        .initialValueTemplates([S.initialValueTemplateItem(`${type}-by-language`, { language: id })]),
                    ),
                ),
              ]),
          ),
      ),
      S.divider(),
      // Not per language: one document per product holds every language (field-level localisation).
      S.documentTypeListItem("product").title("Experiences"),
      S.documentTypeListItem("redirectRule").title("Redirects"),
    ]);

/** “New document” templates that preset the language, used by the lists above. */
export const LANGUAGE_TEMPLATE_TYPES = ["siteSettings", "homePage", ...LIST_TYPES.map((item) => item.type)];
