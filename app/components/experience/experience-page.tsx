import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { DetailPageData } from "#app/catalogue/detail-page.server";
import { staticIsland } from "#app/components/static-island";
import { SupportBlock } from "#app/components/support";
import { pageMeta } from "#app/lib/meta";
import { galleryPreload } from "./gallery";
import * as islands from "./islands";

// The page is islands (static-island.tsx, docs/decisions/037): hydration keeps their server markup, and
// their code (8.6 KB of the page's first-load JavaScript, gzipped) comes with the visitor's first
// gesture, or as the booking box comes near the screen: the box then renders itself, with its calendar.
// Meanwhile their Remix links and forms still navigate and submit on the client.
// On the server the islands render from the static import; in the browser bundle `import.meta.env.SSR`
// is false at build time, so the import is shaken out and only `loadIslands` brings their code.
const loadIslands = () => import("./islands");
const serverIslands = import.meta.env.SSR ? islands : null;
const DetailHeader = staticIsland("DetailHeader", serverIslands?.DetailHeader, () => loadIslands().then((module) => module.DetailHeader));
const DetailMain = staticIsland("DetailMain", serverIslands?.DetailMain, () => loadIslands().then((module) => module.DetailMain));
const BookingBox = staticIsland("BookingBox", serverIslands?.BookingBox, () => loadIslands().then((module) => module.BookingBox), { renderNearViewport: true });
const RelatedExperiences = staticIsland("RelatedExperiences", serverIslands?.RelatedExperiences, () => loadIslands().then((module) => module.RelatedExperiences));

/** Title, description, Open Graph image; the loader's SEO texts or the error title. */
export const experienceMeta: MetaFunction = (args) => {
  const base = pageMeta(args);
  const data = args.data as DetailPageData | undefined;
  if (!data?.seo) return base;
  return [...base, { property: "og:type", content: "product" }, ...(data.ogImage ? [{ property: "og:image", content: data.ogImage }] : []), ...galleryPreload(data.experience?.images)];
};

/** The experience detail page (both detail routes render it). */
export function ExperiencePage() {
  // The loader's data is JSON-safe except `availability`, which Remix revives as a promise when it
  // streams (`defer`), so the page takes the loader's own type rather than its JSON form.
  const data = useLoaderData() as DetailPageData;
  const { experience, storefrontType } = data;

  return (
    <article className="detail container" aria-labelledby="detail-title">
      <DetailHeader data={data} />

      <div className="detail-layout">
        <div className="detail-main">
          <DetailMain data={data} />
        </div>

        <BookingBox data={data} />
      </div>

      {experience.related.length ? <RelatedExperiences related={experience.related} storefrontType={storefrontType} /> : null}

      <SupportBlock className="detail-support" showClaims={false} />
    </article>
  );
}
