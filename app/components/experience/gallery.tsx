import { useTranslation } from "react-i18next";
import type { ExperienceDetail } from "#app/catalogue/types";
import { imagePreloadLink, responsiveImage } from "#app/lib/images";
import { Image } from "../image";

type GalleryImage = ExperienceDetail["images"][number];

/** The photos' boxes are 16:10 (experience.css); the first fills ~60% of a wide screen, the rest ~20%. */
const GALLERY_IMAGE = { width: 800, height: 500 } as const;
const FIRST_SIZES = "(max-width: 768px) 100vw, 60vw";
const OTHER_SIZES = "(max-width: 768px) 100vw, 20vw";
const shownImages = (images: GalleryImage[]) => images.filter((image) => image.src).slice(0, 5);

/** The preload of the gallery's first photo (the page's largest paint), for the route's meta. */
export function galleryPreload(images: GalleryImage[] | undefined) {
  const first = images ? shownImages(images)[0] : undefined;
  return first ? [imagePreloadLink(responsiveImage(first.src, { ...GALLERY_IMAGE, sizes: FIRST_SIZES }))] : [];
}

/**
 * Photos in a scroll-snap strip on phones and a mosaic on wide screens. Every image has explicit
 * dimensions (the box's aspect ratio is fixed in CSS), so nothing shifts while they load; the first is
 * the page's largest paint and loads at once with high priority (and a preload), the rest lazily.
 */
export function Gallery({ images, title }: { images: GalleryImage[]; title: string }) {
  const { t } = useTranslation();
  const shown = shownImages(images);
  if (shown.length === 0) return null;
  return (
    <section className={`detail-gallery detail-gallery--${Math.min(shown.length, 5)}`} aria-label={t("detail.gallery.label")}>
      {/* On phones the strip scrolls sideways: focusable, so keyboards can scroll it too. */}
      <ul tabIndex={0}>
        {shown.map((image, index) => (
          <li key={image.src} className="detail-gallery__item">
            <Image
              source={image.src}
              alt={image.alt || t("detail.gallery.photo", { index: index + 1, count: shown.length, title })}
              {...GALLERY_IMAGE}
              sizes={index === 0 ? FIRST_SIZES : OTHER_SIZES}
              priority={index === 0}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
