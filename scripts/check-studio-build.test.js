import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { EXPECTED, missingFromStudioBuild } from "./check-studio-build.js";

describe("check-studio-build", () => {
  it("names every expected string a bundle lacks", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "studio-dist-"));
    try {
      mkdirSync(path.join(dir, "static"));
      writeFileSync(path.join(dir, "static", "a.js"), `const title = "${EXPECTED[0][0]}";`);
      expect(missingFromStudioBuild(dir).map(([text]) => text)).toEqual(EXPECTED.slice(1).map(([text]) => text));
      writeFileSync(path.join(dir, "static", "b.js"), EXPECTED.map(([text]) => text).join(" "));
      expect(missingFromStudioBuild(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // After `npm run studio:build` (npm test -- studio runs the build, then this check as a script).
  it.skipIf(!existsSync("cms/dist/static"))("finds the Try a path tool and the redirect checks in cms/dist", () => {
    expect(missingFromStudioBuild("cms/dist")).toEqual([]);
  });
});
