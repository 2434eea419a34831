// Copy the bundled graph library next to the palace page, so /palace needs no network.
// Run by scripts/setup (npm ci && npm run build) when the asset is missing.
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2] ?? join(here, "..", "hebbs_graph", "api", "static", "palace", "vendor");
const pkg = JSON.parse(readFileSync(join(here, "node_modules", "cytoscape", "package.json"), "utf8"));

mkdirSync(out, { recursive: true });
copyFileSync(join(here, "node_modules", "cytoscape", "dist", "cytoscape.min.js"), join(out, "cytoscape.min.js"));
copyFileSync(join(here, "node_modules", "cytoscape", "LICENSE"), join(out, "cytoscape.LICENSE"));
console.log(`palace: cytoscape ${pkg.version} -> ${out}`);
