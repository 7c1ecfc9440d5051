import { useTranslation } from "react-i18next";
import type { ExperienceDetail } from "#app/catalogue/types";

type GalleryImage = ExperienceDetail["images"][number];

/**
 * Photos in a scroll-snap strip on phones and a mosaic on wide screens. Every image has explicit
 * dimensions (the box's aspect ratio is fixed in CSS), so nothing shifts while they load; the first is
 * the page's largest paint and loads at once with high priority, the rest lazily.
 */
export function Gallery({ images, title }: { images: GalleryImage[]; title: string }) {
  const { t } = useTranslation();
  const shown = images.filter((image) => image.src).slice(0, 5);
  if (shown.length === 0) return null;
  return (
    <section className={`detail-gallery detail-gallery--${Math.min(shown.length, 5)}`} aria-label={t("detail.gallery.label")}>
      {/* On phones the strip scrolls sideways: focusable, so keyboards can scroll it too. */}
      <ul tabIndex={0}>
        {shown.map((image, index) => (
          <li key={image.src} className="detail-gallery__item">
            <img
              src={image.src}
              srcSet={image.srcSet}
              sizes={index === 0 ? "(max-width: 768px) 100vw, 60vw" : "(max-width: 768px) 100vw, 20vw"}
              alt={image.alt || t("detail.gallery.photo", { index: index + 1, count: shown.length, title })}
              width={800}
              height={500}
              loading={index === 0 ? "eager" : "lazy"}
              decoding={index === 0 ? "sync" : "async"}
              // React 18 does not know fetchPriority; the lowercase attribute reaches the DOM as is.
              {...{ fetchpriority: index === 0 ? "high" : "low" }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
