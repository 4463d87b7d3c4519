#!/bin/sh
# Makes app/assets/fonts/inter-latin-wght-subset.woff2 from @fontsource-variable/inter's latin variable
# font: the same characters (the unicode-range app.css declares), without the OpenType features the
# site never asks for (stylistic sets, character variants, fractions, contextual alternates...).
# 48.3 KB → 34.5 KB: the font is requested with the stylesheet by every first visit (decision 034).
# The output is committed, so building needs no Python; run this again after upgrading the package.
# Needs pyftsubset: apt-get install fonttools python3-brotli
set -eu
cd "$(dirname "$0")/.."
source_font=node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2
# The characters app.css's @font-face declares (its unicode-range), so the two cannot drift apart.
unicodes=$(sed -n '/unicode-range:/,/;/p' app/app.css | tr -d ' \n' | sed 's/unicode-range://; s/;$//')
pyftsubset "$source_font" \
  --unicodes="$unicodes" \
  --layout-features="kern,liga,ccmp,locl,mark,mkmk,tnum" \
  --flavor=woff2 \
  --output-file=app/assets/fonts/inter-latin-wght-subset.woff2
echo "from @fontsource-variable/inter $(node -p 'require("@fontsource-variable/inter/package.json").version'): $(wc -c < "$source_font") → $(wc -c < app/assets/fonts/inter-latin-wght-subset.woff2) bytes"
