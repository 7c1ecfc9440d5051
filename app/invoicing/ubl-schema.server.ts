/**
 * The UBL 2.1 schema check of a tax document: ZATCA validates every invoice, credit and debit note
 * against the OASIS UBL 2.1 Invoice schema its SDK ships (app/invoicing/xsd/UBL2.1, copied unchanged
 * from the SDK's Data/Schemas/xsds, OASIS's copyright notice kept in each file) before its business
 * rules. libxml2's own validator does it here (xmllint compiled to WebAssembly: no native build, no
 * network). About a quarter of a second a document: for the CLI, tests and onboarding checks, not per
 * request.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { validateXML } from "xmllint-wasm";

export type SchemaProblem = { line: number | null; message: string };

const ROOT = fileURLToPath(new URL("./xsd/UBL2.1/", import.meta.url));

let loaded: { schema: { fileName: string; contents: string }; preload: Array<{ fileName: string; contents: string }> } | null = null;

/** The schema and the modules it imports, read once, named as its schemaLocations name them. */
function schemaFiles() {
  loaded ??= {
    schema: { fileName: "maindoc/UBL-Invoice-2.1.xsd", contents: readFileSync(`${ROOT}maindoc/UBL-Invoice-2.1.xsd`, "utf8") },
    preload: readdirSync(`${ROOT}common`)
      .filter((name) => name.endsWith(".xsd"))
      .map((name) => ({ fileName: `common/${name}`, contents: readFileSync(`${ROOT}common/${name}`, "utf8") })),
  };
  return loaded;
}

/** What the UBL 2.1 schema finds wrong with a document (empty when it is valid). */
export async function ublSchemaProblems(xml: string): Promise<SchemaProblem[]> {
  const { schema, preload } = schemaFiles();
  const result = await validateXML({ xml: { fileName: "document.xml", contents: xml }, schema, preload });
  return result.valid ? [] : result.errors.map((error) => ({ line: error.loc?.lineNumber ?? null, message: error.message.trim() }));
}
