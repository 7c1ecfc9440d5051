#!/bin/sh
# Regenerates app/fonts/*.woff2 (docs/decisions/035-css-and-fonts.md): @fontsource's Noto Sans Arabic
# "arabic" subset also carries Arabic Supplement / Extended-A and the presentation forms (49 KB a
# weight); the storefront's Arabic needs the Arabic block only (20 KB a weight). Needs fontTools with
# brotli: python3 -m venv /tmp/ft && /tmp/ft/bin/pip install fonttools brotli && PYFTSUBSET=/tmp/ft/bin/pyftsubset sh scripts/subset-fonts.sh
set -e
PYFTSUBSET=${PYFTSUBSET:-pyftsubset}
for weight in 400 600 700; do
  "$PYFTSUBSET" "node_modules/@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-$weight-normal.woff2" \
    --unicodes="U+0600-06FF,U+200C-200F,U+25CC" --flavor=woff2 \
    --output-file="app/fonts/noto-sans-arabic-arabic-$weight-normal.woff2"
done
