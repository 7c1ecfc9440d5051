// The detail page's static islands (experience-page.tsx), one module so the browser loads them as one
// chunk. (Separate lazy modules would also split react-i18next out of the shared framework chunk: a lazy
// module that reaches it without reaching @remix-run/react changes which entry points share it.)
export { ContentSections } from "./content-sections";
export { RelatedExperiences } from "./related-experiences";
export { ReviewsSection } from "./reviews-section";
