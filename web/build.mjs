// Bundles the client into dist/ (app.js, style.css, index.html) with esbuild. `make web` runs
// it after generating src/gen (buf + protoc-gen-es, and the catalog from client/locale);
// `python -m tools.web stamp` then records the hash of the sources it was built from.
import { build } from "esbuild";
import { copyFileSync, mkdirSync } from "node:fs";

mkdirSync("dist", { recursive: true });
await build({
  entryPoints: ["src/main.ts"],
  bundle: true,
  minify: true,
  format: "iife",
  target: "es2022",
  outfile: "dist/app.js",
  legalComments: "none",
  logLevel: "warning",
});
await build({
  entryPoints: ["style.css"],
  bundle: true,
  minify: true,
  outfile: "dist/style.css",
  logLevel: "warning",
});
copyFileSync("index.html", "dist/index.html");
