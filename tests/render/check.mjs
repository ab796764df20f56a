// Checks the SVGs Mermaid drew for the charts of an answered vault: each has as many bars
// or line points as its block has values, and shows its title, axis titles and every
// x-axis label. Usage: node check.mjs DIR (holding N.mmd and N.svg pairs).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2];
let failed = 0;
let checked = 0;

/// The chart a block asks for: kind, values, and the texts it must show.
function wanted(mmd) {
  const line = (key) => mmd.split("\n").map((l) => l.trim()).find((l) => l.startsWith(key));
  const quoted = (s) => [...s.matchAll(/"([^"]*)"/g)].map((m) => m[1]);
  const mark = line("bar [") ? "bar" : "line";
  const values = line(`${mark} [`).slice(mark.length + 2, -1).split(",").map(Number);
  const title = quoted(line("title"))[0];
  const [xTitle, ...labels] = quoted(line("x-axis"));
  const yTitle = quoted(line("y-axis"))[0];
  return { mark, values, texts: [title, xTitle, yTitle, ...labels] };
}

/// What the SVG drew: bars in the bar plot, points of the line plot, and its texts.
function drawn(svg) {
  const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) =>
    m[1].replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#39;/g, "'"),
  );
  const group = (cls) => {
    const at = svg.indexOf(`class="${cls}"`);
    return at < 0 ? "" : svg.slice(at, svg.indexOf("</g>", at));
  };
  const bars = (group("bar-plot-0").match(/<rect/g) || []).length;
  const path = (group("line-plot-0").match(/ d="([^"]*)"/) || [, ""])[1];
  const points = path ? path.split(/[ML]/).filter((p) => p.trim()).length : 0;
  return { bars, points, texts, error: /Syntax error in text/.test(svg) };
}

for (const name of readdirSync(dir).filter((f) => f.endsWith(".mmd")).sort()) {
  const want = wanted(readFileSync(join(dir, name), "utf8"));
  const got = drawn(readFileSync(join(dir, name.replace(/\.mmd$/, ".svg")), "utf8"));
  const problems = [];
  if (got.error) problems.push("Mermaid drew an error");
  const count = want.mark === "bar" ? got.bars : got.points;
  if (count !== want.values.length) {
    problems.push(`${want.values.length} ${want.mark} values, ${count} drawn`);
  }
  for (const t of want.texts) {
    if (!got.texts.includes(t)) problems.push(`text "${t}" not shown`);
  }
  checked += 1;
  if (problems.length) {
    failed += 1;
    console.log(`FAIL ${name}: ${problems.join("; ")}`);
  } else {
    console.log(`ok   ${name}: ${want.values.length} ${want.mark} values, ${want.texts.length} texts`);
  }
}
console.log(`${checked - failed} of ${checked} charts drawn as written`);
process.exit(failed || !checked ? 1 : 0);
