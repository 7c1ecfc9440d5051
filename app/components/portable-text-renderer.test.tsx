import { renderToStaticMarkup } from "react-dom/server";
import { RichText } from "./portable-text";
import { PortableTextRenderer } from "./portable-text-renderer";
import type { RichText as RichTextValue } from "#app/content/queries";

const block = (key: string, text: string, extra: Record<string, unknown> = {}) => ({ _type: "block" as const, _key: key, style: "normal", markDefs: [], children: [{ _type: "span", _key: `${key}s`, text, marks: [] }], ...extra });

function linked(key: string, href: string) {
  return { _type: "block" as const, _key: key, style: "normal", markDefs: [{ _type: "link", _key: "l", href }], children: [{ _type: "span", _key: "s", text: "click", marks: ["l"] }] };
}

describe("PortableTextRenderer", () => {
  it("renders headings, lists, emphasis and images", () => {
    const value: RichTextValue = [
      block("a", "Title", { style: "h2" }),
      block("b", "First", { listItem: "bullet", level: 1 }),
      block("c", "Second", { listItem: "bullet", level: 1 }),
      { _type: "block", _key: "d", style: "normal", markDefs: [], children: [{ _type: "span", _key: "x", text: "bold", marks: ["strong"] }] },
      { _type: "accessibleImage", _key: "e", src: "/cms-assets/city-dubai.jpg", alt: "Dubai skyline", caption: "Dubai", width: null, height: null },
    ];
    const html = renderToStaticMarkup(<PortableTextRenderer value={value} />);
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<ul><li>First</li><li>Second</li></ul>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toMatch(/src="\/_ipx\/[^"/]+\/cms-assets\/city-dubai\.jpg"/);
    expect(html).toMatch(/srcSet="\/_ipx\/\S+\/cms-assets\/city-dubai\.jpg 320w, /);
    expect(html).toContain('alt="Dubai skyline"');
    expect(html).toContain("<figcaption>Dubai</figcaption>");
  });

  it("never passes HTML through", () => {
    const html = renderToStaticMarkup(<PortableTextRenderer value={[block("a", "<script>alert(1)</script><img src=x onerror=alert(1)>")]} />);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
  });

  it("keeps safe links, hardens external ones, and drops dangerous schemes", () => {
    const render = (href: string) => renderToStaticMarkup(<PortableTextRenderer value={[linked("a", href)]} />);
    expect(render("/things-to-do-in-dubai")).toBe('<p><a href="/things-to-do-in-dubai">click</a></p>');
    expect(render("https://example.com/x")).toBe('<p><a href="https://example.com/x" target="_blank" rel="noopener noreferrer">click</a></p>');
    expect(render("mailto:support@rihla.example")).toContain('href="mailto:support@rihla.example"');
    expect(render("tel:+966115204400")).toContain('href="tel:+966115204400"');
    for (const bad of ["javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,<b>x</b>", "//evil.example/path", "vbscript:x"]) {
      expect(render(bad)).toBe("<p>click</p>");
    }
  });

  it("uses Sanity's image pipeline for CDN images", () => {
    const html = renderToStaticMarkup(
      <PortableTextRenderer value={[{ _type: "accessibleImage", _key: "i", src: "https://cdn.sanity.io/images/p/d/abc-640x360.jpg", alt: "x", caption: null, width: 640, height: 360 }]} />,
    );
    // Sanity's own CDN resizes (never /_ipx), up to the picture's own width, in its proportions.
    expect(html).toContain('src="https://cdn.sanity.io/images/p/d/abc-640x360.jpg?w=640&amp;h=360&amp;fit=crop&amp;auto=format&amp;q=70"');
    expect(html).toContain("abc-640x360.jpg?w=320&amp;h=180&amp;fit=crop&amp;auto=format&amp;q=70 320w");
    expect(html).not.toContain("_ipx");
    expect(html).toContain('width="640"');
    expect(html).toContain('height="360"');
  });

  it("skips block types it does not know", () => {
    expect(renderToStaticMarkup(<PortableTextRenderer value={[{ _type: "youtubeEmbed", _key: "y" }, block("b", "after")]} />)).toBe("<p>after</p>");
  });
});

describe("RichText", () => {
  it("renders on the server inside one wrapper that hydration keeps as it is", () => {
    expect(renderToStaticMarkup(<RichText value={[block("a", "Hello")]} />)).toBe('<div class="rich-text"><p>Hello</p></div>');
  });
});
