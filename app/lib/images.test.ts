import { describe, expect, test } from "vitest";
import { imageSrcSet, imageUrl } from "./images";

describe("image URLs", () => {
  test("modifiers are encoded the way ipx reads them, webp by default", () => {
    expect(imageUrl("/generated/a.png", { width: 640, height: 400, quality: 70, fit: "cover" })).toBe("/_ipx/w_640&h_400&f_webp&q_70&fit_cover/generated/a.png");
    expect(imageUrl("generated/a.png")).toBe("/_ipx/f_webp/generated/a.png");
    expect(imageUrl("/a.png", { background: "#ffffff", format: "jpeg" })).toBe("/_ipx/f_jpeg&b_ffffff/a.png");
  });

  test("remote sources keep their URL", () => {
    expect(imageUrl("https://cdn.example.com/x.jpg", { width: 320 })).toBe("/_ipx/w_320&f_webp/https://cdn.example.com/x.jpg");
  });

  test("a srcset covers the breakpoints up to twice the displayed width, keeping the aspect ratio", () => {
    const srcset = imageSrcSet("/generated/a.png", 400, 16 / 10);
    const widths = srcset.split(", ").map((entry) => Number(entry.split(" ")[1]!.replace("w", "")));
    expect(widths).toEqual([320, 400, 640, 768, 800]);
    expect(srcset).toContain("/_ipx/w_640&h_400&f_webp&fit_cover/generated/a.png 640w");
  });
});
