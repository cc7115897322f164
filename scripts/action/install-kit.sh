#!/usr/bin/env bash
# The action's install step on a cache miss: builds the kit in a private dir with only its build tools, packs it, and
# unpacks the package into the runner dir with its runtime dependencies only, pinned by the kit's lockfile.
set -euo pipefail
: "${KIT_DIR:?the checkout of the kit}" "${RUNNER_DIR:?where the installed kit goes}" "${BUCKETKIT_NODE:?the Node to build with}"

# For this step only: npm, tsx and the compiler run on the chosen Node. The job's PATH is not changed.
PATH="$(dirname "$BUCKETKIT_NODE"):$PATH"
export PATH
npm_quiet=(--no-audit --no-fund --loglevel=error)

work="$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/bucketkit-build.XXXXXX")"
trap 'rm -rf "$work"' EXIT
tar -C "$KIT_DIR" --exclude=./node_modules --exclude=./dist --exclude=./.git --exclude=./reports -cf - . | tar -C "$work" -xf -

cd "$work"
mv package.json package.kit.json
"$BUCKETKIT_NODE" "$KIT_DIR/scripts/action/build-manifest.mjs" package.kit.json > package.json
# Scripts off: "prepare" would build the HTML reference too, which the package does not ship.
npm install --ignore-scripts "${npm_quiet[@]}"
npm run build --silent
# The package ships the kit's own package.json (not the narrowed one), without what only a checkout uses.
npx --no-install tsx scripts/package/shipped-manifest.ts package.kit.json > package.json
mkdir pack
npm pack --ignore-scripts --silent --pack-destination pack > /dev/null

rm -rf "$RUNNER_DIR"
mkdir -p "$RUNNER_DIR/kit"
tar -xzf pack/*.tgz -C "$RUNNER_DIR/kit" --strip-components=1
# npm never packs the lockfile; with it, `npm ci` installs exactly the runtime tree the kit was tested with.
cp "$KIT_DIR/package-lock.json" "$RUNNER_DIR/kit/"
(cd "$RUNNER_DIR/kit" && npm ci --omit=dev --ignore-scripts "${npm_quiet[@]}")
echo "bucketkit $("$BUCKETKIT_NODE" "$RUNNER_DIR/kit/bin/bucketkit.js" --version) installed in $RUNNER_DIR ($(ls "$RUNNER_DIR/kit/node_modules" | wc -l | tr -d ' ') top-level packages)"
