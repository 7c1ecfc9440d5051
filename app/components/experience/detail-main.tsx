import type { DetailPageData } from "#app/catalogue/detail-page.server";
import { ContentSections } from "./content-sections";
import { DetailFacts } from "./detail-facts";
import { ReviewsSection } from "./reviews-section";

/** The page's main column: the facts, the descriptive sections and the reviews. */
export function DetailMain({ data }: { data: DetailPageData }) {
  return (
    <>
      <DetailFacts experience={data.experience} />
      <ContentSections experience={data.experience} />
      <ReviewsSection data={data} />
    </>
  );
}
