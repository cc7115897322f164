#!/usr/bin/env bash
# The action's own Node when the runner's cannot run the kit: the npm registry's `node` package, installed in a
# private dir (restored from the cache when it can be). Nothing goes on the job's PATH: later steps keep their Node.
set -euo pipefail
: "${NODE_FETCH:?the Node version to fetch}" "${NODE_DIR:?where the private Node goes}"

bin="$NODE_DIR/node_modules/node/bin/node"
if [ ! -x "$bin" ]; then
  if ! command -v npm > /dev/null; then
    echo "::error title=bucketkit::this runner has no npm to fetch Node $NODE_FETCH with; run actions/setup-node (22 or 24) before this action"
    exit 1
  fi
  npm install --prefix "$NODE_DIR" --no-save --no-audit --no-fund --loglevel=error "node@$NODE_FETCH"
fi
version="$("$bin" --version)"
case "$version" in
  "v$NODE_FETCH" | "v$NODE_FETCH".*) ;;
  *)
    echo "::error title=bucketkit::$bin is Node $version, not the $NODE_FETCH asked for"
    exit 1
    ;;
esac
echo "bucketkit runs on its own Node $version; the job's PATH keeps the runner's"
echo "node=$bin" >> "$GITHUB_OUTPUT"
