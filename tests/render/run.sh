#!/usr/bin/env bash
# Draws every chart vault-agent writes into a processed copy of sample-vault/ (plus the
# questions in tests/render/questions.txt, and tests/render/labels.mmd) with Mermaid's own
# CLI in Debian's headless Chromium, and checks each SVG for the bars or points and the
# labels its block asks for (check.mjs). Installs what it needs on a fresh machine, once:
# Chromium from apt, Node and npm if missing, and @mermaid-js/mermaid-cli under ~/.cache
# (puppeteer never downloads a browser: it is pointed at /usr/bin/chromium by
# puppeteer.json).
# The SVGs and a PNG of each chart are left in target/render/ to look at.
set -euo pipefail
cd "$(dirname "$0")/../.."
HERE=tests/render
MMDC_VERSION=11.17.0
TOOLS=${RENDER_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/vault-agent-render}
TARGET=${CARGO_TARGET_DIR:-target}
OUT=$TARGET/render
BIN=${BIN:-$TARGET/release/vault-agent}

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt_install() {
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}
[ -x /usr/bin/chromium ] || apt_install chromium
command -v npm >/dev/null || apt_install nodejs npm
MMDC=$TOOLS/node_modules/.bin/mmdc
if ! grep -qs "\"version\": \"$MMDC_VERSION\"" "$TOOLS/node_modules/@mermaid-js/mermaid-cli/package.json"; then
  mkdir -p "$TOOLS"
  PUPPETEER_SKIP_DOWNLOAD=1 npm install --prefix "$TOOLS" --no-audit --no-fund --loglevel=error \
    "@mermaid-js/mermaid-cli@$MMDC_VERSION" >/dev/null
fi
[ -x "$BIN" ] || cargo build --release --locked

# The sample vault as committed (not the answers a demo run wrote into it), and the extra
# questions under its open ones.
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git archive HEAD sample-vault | tar -x -C "$WORK"
else
  cp -r sample-vault "$WORK/"
  rm -rf "$WORK/sample-vault/.vault-agent"
fi
VAULT=$WORK/sample-vault
cat "$HERE/questions.txt" >>"$VAULT/Daily/2026-11-21.md"
"$BIN" process "$VAULT" --provider offline -q >/dev/null

# Each chart, taken out of its callout (`> ` removed), one file per block.
rm -rf "$OUT"
mkdir -p "$OUT"
find "$VAULT" -name '*.md' -not -path '*/.vault-agent/*' -print0 | sort -z |
  xargs -0 awk -v out="$OUT" '
    { line = $0; sub(/^> ?/, "", line) }
    line == "```mermaid" { n = ++count; file = sprintf("%s/chart-%02d.mmd", out, n); inside = 1; next }
    inside && line == "```" { inside = 0; close(file); next }
    inside { print line > file }
  '
# And the chart the unit test offline::chart::tests::labels_from_any_note_name_cannot_break_the_chart
# makes of a note name holding %%, quotes, brackets, an entity code and HTML: its labels
# must be drawn as written too.
cp "$HERE/labels.mmd" "$OUT/chart-labels.mmd"
charts=$(find "$OUT" -name '*.mmd' | wc -l)
want=$(( $(grep -c . "$HERE/questions.txt") + 2 ))
if [ "$charts" -lt "$want" ]; then
  echo "render: $charts charts in the answers, expected at least $want (one per question of $HERE/questions.txt, the sample vault's own and labels.mmd)" >&2
  exit 1
fi
for mmd in "$OUT"/*.mmd; do
  for out in "${mmd%.mmd}.svg" "${mmd%.mmd}.png"; do
    "$MMDC" -q -p "$HERE/puppeteer.json" -i "$mmd" -o "$out" -b white >/dev/null || {
      echo "render: Mermaid could not draw $mmd:" >&2
      cat "$mmd" >&2
      exit 1
    }
  done
done
node "$HERE/check.mjs" "$OUT"
