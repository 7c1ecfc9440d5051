// The detail page's islands (experience-page.tsx), one module so the browser loads them as one chunk.
// (Separate lazy modules would also split react-i18next out of the shared framework chunk: a lazy
// module that reaches it without reaching @remix-run/react changes which entry points share it.)
export { BookingBox } from "./booking-box";
export { DetailHeader } from "./detail-header";
export { DetailMain } from "./detail-main";
export { RelatedExperiences } from "./related-experiences";
