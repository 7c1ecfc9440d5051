import { describe, expect, it } from "vitest";
import { canonicalize, canonicalizeDocument, parseXml, withoutElements, XmlParseError } from "./xml";

const c14n = (xml: string) => canonicalizeDocument(parseXml(xml));

describe("Canonical XML 1.1 (the cases of the W3C recommendation's examples that apply without a DTD)", () => {
  it("drops the declaration, comments and whitespace outside the root; keeps instructions on their own lines", () => {
    expect(c14n('<?xml version="1.0"?>\n\n<?xml-stylesheet href="doc.xsl"\n   type="text/xsl"   ?>\n<doc>Hello, world!<!-- Comment 1 --></doc>\n\n<?pi-without-data     ?>\n\n<!-- Comment 2 -->')).toBe(
      '<?xml-stylesheet href="doc.xsl"\n   type="text/xsl"   ?>\n<doc>Hello, world!</doc>\n<?pi-without-data?>',
    );
  });

  it("sorts namespace declarations by prefix, attributes by namespace URI then name, and expands empty elements", () => {
    const xml = '<doc xmlns:b="http://www.ietf.org" xmlns:a="http://www.w3.org" xmlns="http://example.org"><e5 a:attr="out" b:attr="sorted" attr2="all" attr="I&apos;m" xmlns:b="http://www.ietf.org" xmlns:a="http://www.w3.org" xmlns="http://example.org"/></doc>';
    expect(c14n(xml)).toBe('<doc xmlns="http://example.org" xmlns:a="http://www.w3.org" xmlns:b="http://www.ietf.org"><e5 attr="I\'m" attr2="all" b:attr="sorted" a:attr="out"></e5></doc>');
  });

  it("writes xmlns=\"\" only where it undoes a default namespace in the output", () => {
    expect(c14n('<a xmlns="urn:x"><b xmlns=""/></a>')).toBe('<a xmlns="urn:x"><b xmlns=""></b></a>');
    expect(c14n('<a><b xmlns=""/></a>')).toBe("<a><b></b></a>");
  });

  it("escapes text and attributes as C14N does; CDATA becomes text; character references are resolved", () => {
    expect(c14n('<doc a="x&#9;y&#10;z&#13;&quot;&lt;&amp;">&lt;&gt;&amp;&#13;&#x41;<![CDATA[<b>&]]>"\'</doc>')).toBe('<doc a="x&#x9;y&#xA;z&#xD;&quot;&lt;&amp;">&lt;&gt;&amp;&#xD;A&lt;b&gt;&amp;"\'</doc>');
  });

  it("a subtree carries the namespaces in scope from outside it", () => {
    const document = parseXml('<r xmlns="urn:r" xmlns:p="urn:p"><p:s><t/></p:s></r>');
    const subtree = document.root.children[0];
    if (subtree?.kind !== "element") throw new Error("no subtree");
    expect(canonicalize(subtree, new Map([["", "urn:r"], ["p", "urn:p"]]))).toBe('<p:s xmlns="urn:r" xmlns:p="urn:p"><t></t></p:s>');
  });

  it("removing an element keeps the whitespace around it", () => {
    const document = parseXml("<r>\n  <drop>x</drop>\n  <keep/>\n</r>");
    expect(canonicalize(withoutElements(document.root, (element) => element.local === "drop"))).toBe("<r>\n  \n  <keep></keep>\n</r>");
  });

  it("refuses a DOCTYPE (no entities from outside) and malformed documents", () => {
    expect(() => parseXml('<!DOCTYPE r [<!ENTITY e "x">]><r>&e;</r>')).toThrow(XmlParseError);
    expect(() => parseXml("<r><a></r>")).toThrow(XmlParseError);
    expect(() => parseXml("<p:r/>")).toThrow(XmlParseError);
  });
});
