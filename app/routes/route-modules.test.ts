/**
 * Route modules also run in the browser, where every `*.server` import is an empty stub. Code at a
 * route module's top level that uses a value from a server module therefore breaks only in the browser
 * (the cookie banner's route once threw "CONSENT_CHOICES is not iterable" and Remix reloaded the page
 * mid-answer). Server values may be used inside functions (loaders, actions), never at the top level.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, test } from "vitest";

const ROUTES_DIR = path.join(import.meta.dirname, ".");

/** Names bound by value imports from a `.server` module. */
function serverImports(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.importClause;
    if (!/\.server(\.tsx?)?$/.test(statement.moduleSpecifier.text) || !clause || clause.isTypeOnly) continue;
    if (clause.name) names.add(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) if (!element.isTypeOnly) names.add(element.name.text);
    if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
  }
  return names;
}

/** "file:line name" for each top-level use (outside any function) of a server import. */
function topLevelServerUses(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const names = serverImports(source);
  const uses: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isIdentifier(node) && names.has(node.text)) uses.push(`${fileName}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.text}`);
    ts.forEachChild(node, visit);
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement)) continue;
    // `export { loader } from …` and type positions are fine; so is a re-export of a name.
    if (ts.isExportDeclaration(statement)) continue;
    visit(statement);
  }
  return uses;
}

describe("route modules", () => {
  test("use server-only values inside functions only, never at the top level", () => {
    const files = fs.readdirSync(ROUTES_DIR).filter((name) => /\.tsx?$/.test(name) && !name.includes(".test.") && !name.includes(".server."));
    expect(files.length).toBeGreaterThan(20);
    const uses = files.flatMap((name) => topLevelServerUses(name, fs.readFileSync(path.join(ROUTES_DIR, name), "utf8")));
    expect(uses).toEqual([]);
  });

  test("the check finds a top-level use and allows one inside a function", () => {
    const text = `import { CHOICES, cookieOf } from "#app/lib/consent.server";\nconst schema = [...CHOICES];\nexport function action() { return cookieOf(CHOICES); }\n`;
    expect(topLevelServerUses("api.example.ts", text)).toEqual(["api.example.ts:2 CHOICES"]);
  });
});
