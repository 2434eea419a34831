// Copy the browser libraries the API's own pages use into the Python package, so /palace
// and /schema/swagger need no network: the palace's graph library and Swagger UI.
// Run by scripts/setup (npm ci && npm run build) when an asset is missing.
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const statics = process.argv[2] ?? join(here, "..", "hebbs_graph", "api", "static");
const modules = join(here, "node_modules");

function copy(pkg, files, out) {
  const meta = JSON.parse(readFileSync(join(modules, pkg, "package.json"), "utf8"));
  mkdirSync(out, { recursive: true });
  for (const [from, to] of files) copyFileSync(join(modules, pkg, from), join(out, to));
  console.log(`${pkg} ${meta.version} -> ${out}`);
}

copy(
  "cytoscape",
  [["dist/cytoscape.min.js", "cytoscape.min.js"], ["LICENSE", "cytoscape.LICENSE"]],
  join(statics, "palace", "vendor"),
);
copy(
  "swagger-ui-dist",
  [
    ["swagger-ui-bundle.js", "swagger-ui-bundle.js"],
    ["swagger-ui-standalone-preset.js", "swagger-ui-standalone-preset.js"],
    ["swagger-ui.css", "swagger-ui.css"],
    ["favicon-32x32.png", "favicon-32x32.png"],
    ["LICENSE", "swagger-ui.LICENSE"],
  ],
  join(statics, "swagger"),
);
