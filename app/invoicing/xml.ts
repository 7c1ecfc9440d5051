/**
 * A small XML tree for ZATCA documents: parse (saxes, a conforming namespace-aware parser), find and
 * remove elements, and serialise in Canonical XML 1.1 without comments — what the invoice hash is
 * taken over. Only whole subtrees are ever removed, so the node set stays a document minus subtrees
 * and the namespace rules of C14N reduce to "emit a declaration where it differs from the parent's".
 */
import { SaxesParser, type SaxesTagNS } from "saxes";

export type XmlText = { kind: "text"; value: string };
export type XmlInstruction = { kind: "pi"; target: string; body: string };
export type XmlAttribute = { name: string; prefix: string; local: string; uri: string; value: string };
export type XmlElement = {
  kind: "element";
  name: string;
  prefix: string;
  local: string;
  uri: string;
  /** Namespace declarations written on this element, prefix "" for the default namespace. */
  declarations: { prefix: string; uri: string }[];
  attributes: XmlAttribute[];
  children: XmlNode[];
};
export type XmlNode = XmlElement | XmlText | XmlInstruction;
export type XmlDocument = { root: XmlElement; before: XmlInstruction[]; after: XmlInstruction[] };

const XMLNS_URI = "http://www.w3.org/2000/xmlns/";

export class XmlParseError extends Error {}

/** Parses a whole document; DOCTYPEs are refused (no entity expansion from untrusted input). */
export function parseXml(text: string): XmlDocument {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const before: XmlInstruction[] = [];
  const after: XmlInstruction[] = [];
  let failure: Error | undefined;
  const appendText = (value: string) => {
    const parent = stack.at(-1);
    if (!parent) return; // whitespace outside the document element is not part of the canonical form
    const last = parent.children.at(-1);
    if (last?.kind === "text") last.value += value;
    else parent.children.push({ kind: "text", value });
  };
  parser.on("error", (error) => {
    failure ??= error;
  });
  parser.on("doctype", () => {
    failure ??= new XmlParseError("DOCTYPE is not allowed in an invoice");
  });
  parser.on("text", appendText);
  parser.on("cdata", appendText);
  parser.on("processinginstruction", ({ target, body }) => {
    const instruction: XmlInstruction = { kind: "pi", target, body };
    const parent = stack.at(-1);
    if (parent) parent.children.push(instruction);
    else (root ? after : before).push(instruction);
  });
  parser.on("opentag", (tag: SaxesTagNS) => {
    const declarations: XmlElement["declarations"] = [];
    const attributes: XmlAttribute[] = [];
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.uri === XMLNS_URI) {
        declarations.push({ prefix: attribute.prefix === "xmlns" ? attribute.local : "", uri: attribute.value });
      } else {
        attributes.push({ name: attribute.name, prefix: attribute.prefix, local: attribute.local, uri: attribute.uri, value: attribute.value });
      }
    }
    const element: XmlElement = { kind: "element", name: tag.name, prefix: tag.prefix, local: tag.local, uri: tag.uri, declarations, attributes, children: [] };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on("closetag", () => {
    stack.pop();
  });
  try {
    parser.write(text).close();
  } catch (error) {
    failure ??= error instanceof Error ? error : new Error(String(error));
  }
  if (failure) throw new XmlParseError(failure.message);
  if (!root) throw new XmlParseError("no document element");
  return { root, before, after };
}

export function childElements(element: XmlElement): XmlElement[] {
  return element.children.filter((child): child is XmlElement => child.kind === "element");
}

/** The first child element with this namespace and local name. */
export function child(element: XmlElement | undefined, uri: string, local: string): XmlElement | undefined {
  return element ? childElements(element).find((candidate) => candidate.uri === uri && candidate.local === local) : undefined;
}

/** Every descendant element (document order) matching the predicate. */
export function descendants(element: XmlElement, match: (candidate: XmlElement) => boolean): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (node: XmlElement) => {
    for (const candidate of childElements(node)) {
      if (match(candidate)) found.push(candidate);
      walk(candidate);
    }
  };
  walk(element);
  return found;
}

/** The concatenated text content of an element. */
export function textOf(element: XmlElement | undefined): string {
  if (!element) return "";
  return element.children.map((node) => (node.kind === "text" ? node.value : node.kind === "element" ? textOf(node) : "")).join("");
}

/**
 * A copy of the tree without the elements the predicate selects (with their subtrees). The text
 * around a removed element stays, as it does in an XPath-filtered node set.
 */
export function withoutElements(element: XmlElement, remove: (candidate: XmlElement) => boolean): XmlElement {
  return {
    ...element,
    children: element.children.filter((node) => node.kind !== "element" || !remove(node)).map((node) => (node.kind === "element" ? withoutElements(node, remove) : node)),
  };
}

function escapeText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r/g, "&#xD;");
}

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/"/g, "&quot;")
    .replace(/\t/g, "&#x9;")
    .replace(/\n/g, "&#xA;")
    .replace(/\r/g, "&#xD;");
}

function compareCodeUnits(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Canonical XML 1.1 (without comments) of an element and its subtree. `inherited` are the namespace
 * bindings in scope from ancestors that are outside the output (for a subtree such as the XAdES
 * SignedProperties, C14N writes them on its top element).
 */
export function canonicalize(element: XmlElement, inherited: ReadonlyMap<string, string> = new Map()): string {
  const out: string[] = [];
  const write = (node: XmlElement, parentScope: ReadonlyMap<string, string>, rendered: ReadonlyMap<string, string>) => {
    const scope = new Map(parentScope);
    for (const { prefix, uri } of node.declarations) scope.set(prefix, uri);
    const emitted: { prefix: string; uri: string }[] = [];
    for (const [prefix, uri] of scope) {
      const before = rendered.get(prefix) ?? "";
      if (uri !== before) emitted.push({ prefix, uri });
    }
    emitted.sort((a, b) => compareCodeUnits(a.prefix, b.prefix));
    const nowRendered = new Map(rendered);
    for (const { prefix, uri } of emitted) nowRendered.set(prefix, uri);
    const attributes = [...node.attributes].sort((a, b) => compareCodeUnits(a.uri, b.uri) || compareCodeUnits(a.local, b.local));
    out.push(`<${node.name}`);
    for (const { prefix, uri } of emitted) out.push(prefix ? ` xmlns:${prefix}="${escapeAttribute(uri)}"` : ` xmlns="${escapeAttribute(uri)}"`);
    for (const attribute of attributes) out.push(` ${attribute.name}="${escapeAttribute(attribute.value)}"`);
    out.push(">");
    for (const childNode of node.children) {
      if (childNode.kind === "text") out.push(escapeText(childNode.value));
      else if (childNode.kind === "pi") out.push(`<?${childNode.target}${childNode.body ? ` ${childNode.body}` : ""}?>`);
      else write(childNode, scope, nowRendered);
    }
    out.push(`</${node.name}>`);
  };
  // Bindings of the implicit xml prefix are never written; the empty default needs no xmlns="".
  const scope = new Map([...inherited].filter(([prefix]) => prefix !== "xml"));
  write(element, scope, new Map());
  return out.join("");
}

/** Canonical form of a whole document: instructions outside the root on their own lines. */
export function canonicalizeDocument(document: XmlDocument): string {
  const before = document.before.map((pi) => `<?${pi.target}${pi.body ? ` ${pi.body}` : ""}?>\n`).join("");
  const after = document.after.map((pi) => `\n<?${pi.target}${pi.body ? ` ${pi.body}` : ""}?>`).join("");
  return before + canonicalize(document.root) + after;
}

/** The namespace bindings in scope at `target` (declared on it and its ancestors). */
export function bindingsAt(root: XmlElement, target: XmlElement): Map<string, string> {
  const path: XmlElement[] = [];
  const find = (node: XmlElement): boolean => {
    path.push(node);
    if (node === target) return true;
    for (const candidate of childElements(node)) if (find(candidate)) return true;
    path.pop();
    return false;
  };
  if (!find(root)) throw new Error("element not in tree");
  const bindings = new Map<string, string>();
  for (const node of path) for (const { prefix, uri } of node.declarations) bindings.set(prefix, uri);
  return bindings;
}

/** Escapes a value for element content in the documents we write. */
export function xmlText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Escapes a value for a double-quoted attribute in the documents we write. */
export function xmlAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
}
