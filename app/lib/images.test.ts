import { describe, expect, test } from "vitest";
import { derivativeWidth, imagePreloadLink, imageSrcSet, imageUrl, publicImageUrl, responsiveImage, sizedImageUrl, srcSetWidths } from "./images";

const SANITY = "https://cdn.sanity.io/images/proj/production/abc-1600x900.jpg";

describe("image URLs", () => {
  test("modifiers are encoded the way ipx reads them, format chosen by Accept by default", () => {
    expect(imageUrl("/generated/a.png", { width: 640, height: 400, quality: 70, fit: "cover" })).toBe("/_ipx/w_640&h_400&f_auto&q_70&fit_cover/generated/a.png");
    expect(imageUrl("generated/a.png")).toBe("/_ipx/f_auto/generated/a.png");
    expect(imageUrl("/a.png", { background: "#ffffff", format: "jpeg" })).toBe("/_ipx/f_jpeg&b_ffffff/a.png");
  });

  test("remote sources keep their URL", () => {
    expect(imageUrl("https://cdn.example.com/x.jpg", { width: 320 })).toBe("/_ipx/w_320&f_auto/https://cdn.example.com/x.jpg");
  });

  test("Sanity images use Sanity's own CDN parameters, seed references are served through /_ipx", () => {
    expect(sizedImageUrl(`${SANITY}?w=1200&q=75&auto=format`, { width: 400, height: 250, fit: "cover" })).toBe(`${SANITY}?w=400&h=250&fit=crop&auto=format&q=70`);
    expect(sizedImageUrl("image@file://./images/hero.jpg", { width: 400 })).toBe("/_ipx/w_400&f_auto/cms-assets/hero.jpg");
  });

  test("a srcset covers the breakpoints up to twice the displayed width, keeping the aspect ratio", () => {
    const srcset = imageSrcSet("/generated/a.png", 400, 16 / 10);
    const widths = srcset.split(", ").map((entry) => Number(entry.split(" ")[1]!.replace("w", "")));
    expect(widths).toEqual([320, 400, 640, 768, 800]);
    expect(srcset).toContain("/_ipx/w_640&h_400&f_auto&fit_cover/generated/a.png 640w");
    expect(srcSetWidths(1600, 1600)).toEqual([320, 640, 768, 1024, 1280, 1536, 1600]);
  });

  test("a responsive image: 1x src, srcset to 2x (never past the source), its box, and a preload for it", () => {
    const image = responsiveImage("/generated/a-1600.webp", { width: 400, height: 250, sizes: "(max-width: 640px) 100vw, 400px" });
    expect(image).toMatchObject({ src: "/_ipx/w_400&h_250&f_auto&q_70&fit_cover/generated/a-1600.webp", width: 400, height: 250, sizes: "(max-width: 640px) 100vw, 400px" });
    expect(image.srcSet.split(", ")).toHaveLength(5);
    const hero = responsiveImage("/cms-assets/hero.jpg", { width: 1600, height: 900, sizes: "100vw", maxWidth: 1600 });
    expect(hero.srcSet.split(", ").at(-1)).toBe("/_ipx/w_1600&h_900&f_auto&q_70&fit_cover/cms-assets/hero.jpg 1600w");
    expect(imagePreloadLink(hero)).toEqual({ tagName: "link", rel: "preload", as: "image", href: hero.src, imageSrcSet: hero.srcSet, imageSizes: "100vw", fetchpriority: "high" });
  });
});

describe("only the widths and shapes the image server offers (IMAGE_WIDTHS, IMAGE_ASPECTS)", () => {
  test("a width between two offered ones is lowered to the one below; a shape not offered is sized by width alone", () => {
    expect(derivativeWidth(1920)).toBe(1600);
    expect(derivativeWidth(1000)).toBe(800);
    expect(derivativeWidth(100)).toBe(320);
    const hero = responsiveImage("/cms-assets/hero.jpg", { width: 1920, height: 1280, sizes: "100vw", maxWidth: 1920 });
    expect(hero.src).toBe("/_ipx/w_1600&f_auto&q_70&fit_cover/cms-assets/hero.jpg");
    expect(hero.srcSet.split(", ").map((entry) => entry.split(" ")[1])).toEqual(["320w", "640w", "768w", "1024w", "1280w", "1536w", "1600w"]);
    // The box keeps its own size: only the derivatives are the offered ones.
    expect([hero.width, hero.height]).toEqual([1920, 1280]);
  });
});

describe("pictures for other sites (structured data)", () => {
  test("a seed picture is its own file; a Sanity one is Sanity's CDN at that width", () => {
    expect(publicImageUrl("image@file://./images/hero-desert.jpg", 1200)).toBe("/cms-assets/hero-desert.jpg");
    const sanity = new URL(publicImageUrl("https://cdn.sanity.io/images/p/d/abc-1600x900.jpg?w=300", 1200));
    expect(Object.fromEntries(sanity.searchParams)).toEqual({ w: "1200", auto: "format", q: "75" });
  });
});
