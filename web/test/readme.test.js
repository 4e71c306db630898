// The README's "From JavaScript" example, run as it is written (its
// `from "betza"` made to import this package's index.js): each
// console.log line's trailing comment is what it must print, so the README
// stays true.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const readmeUrl = new URL("../../README.md", import.meta.url);
const indexUrl = new URL("../index.js", import.meta.url);

/** The first ```js block after the heading `heading`. */
function jsBlock(markdown, heading) {
  const at = markdown.indexOf(`\n${heading}\n`);
  assert.ok(at >= 0, `README.md has no "${heading}"`);
  const match = /\n```js\n([\s\S]*?)\n```\n/.exec(markdown.slice(at));
  assert.ok(match, `no js block under "${heading}"`);
  return match[1];
}

describe("README.md, From JavaScript", () => {
  it("runs and prints what its comments say", async () => {
    const block = jsBlock(await readFile(readmeUrl, "utf8"), "## From JavaScript");
    assert.match(block, /from "betza"/);
    const expected = block
      .split("\n")
      .filter((line) => /^\s*console\.log\(/.test(line))
      .map((line) => {
        const comment = /\);\s*\/\/ (.*)$/.exec(line);
        assert.ok(comment, `no expected output after: ${line}`);
        return comment[1];
      });
    assert.ok(expected.length >= 3, "the example prints what it shows");

    const dir = await mkdtemp(join(tmpdir(), "betza-readme-"));
    const file = join(dir, "readme.mjs");
    await writeFile(file, block.replaceAll('from "betza"', `from ${JSON.stringify(indexUrl.href)}`));
    const printed = [];
    const log = console.log;
    console.log = (...args) => printed.push(args.map(String).join(" "));
    try {
      await import(pathToFileURL(file).href);
    } finally {
      console.log = log;
      await rm(dir, { recursive: true, force: true });
    }
    assert.deepEqual(printed, expected);
  });
});
