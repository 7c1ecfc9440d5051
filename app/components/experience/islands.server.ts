// The detail page's islands as the server sees them: a .server module is an empty module in the browser
// bundle, so experience-page.tsx's islands render these on the server and load ./islands lazily in the
// browser (static-island.tsx).
export { BookingBox, DetailHeader, DetailMain, RelatedExperiences } from "./islands";
