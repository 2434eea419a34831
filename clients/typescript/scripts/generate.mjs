#!/usr/bin/env node
// Regenerate src/schema.ts from the hebbs-graph OpenAPI document:
//
//   npm run generate -- http://127.0.0.1:8000/schema/openapi.json
//   npm run generate -- openapi.json [--out other.ts]
//
// The test suite runs this against the live API into a temporary file and compares it
// with the committed src/schema.ts, so a REST model the types do not reflect fails it.
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";

const HEADER = `/**
 * The hebbs-graph REST API, generated from its OpenAPI document (GET /schema/openapi.json)
 * by \`npm run generate -- <url-or-file>\` with openapi-typescript. Do not edit by hand.
 */

`;

function usage(message) {
  if (message) console.error(`generate: ${message}`);
  console.error("usage: npm run generate -- <url-or-file> [--out FILE]");
  process.exit(2);
}

const args = process.argv.slice(2);
let source;
let out = fileURLToPath(new URL("../src/schema.ts", import.meta.url));
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--out") {
    out = args[++i] ?? usage("--out needs a file");
  } else if (source === undefined) {
    source = args[i];
  } else {
    usage(`unexpected argument ${args[i]}`);
  }
}
if (!source) usage("name the OpenAPI document (a URL or a file)");

async function load(where) {
  if (/^https?:\/\//.test(where)) {
    const response = await fetch(where);
    if (!response.ok) throw new Error(`${where} answered HTTP ${response.status}`);
    return await response.json();
  }
  return JSON.parse(await readFile(where, "utf8"));
}

const document = await load(source);
const ast = await openapiTS(document, {
  // The document's own rule: a property not listed in `required` may be left out. (The
  // generator's default would make every property with a default required, which a
  // request body's defaulted fields are not.)
  defaultNonNullable: false,
  // Path and component order follow the server's route registration; sorted, a
  // reordering alone does not count as drift.
  alphabetize: true,
  silent: true,
});
await writeFile(out, HEADER + astToString(ast));
console.error(`generate: wrote ${out}`);
