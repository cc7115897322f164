#!/usr/bin/env bash
# The action's run step: builds the suite's command line from the inputs (each value one argument), runs the
# installed kit on the chosen Node, and records its start time and exit code; a failing run does not fail this step.
set -uo pipefail
: "${BUCKETKIT_NODE:?the Node to run on}" "${RUNNER_DIR:?the installed kit}"

if [ -n "${INPUT_MERGE:-}" ]; then
  read -ra shard_dirs <<< "$INPUT_MERGE"
  args=(conformance --merge "${shard_dirs[@]}" --report-dir "$INPUT_REPORT_DIR")
else
  args=(conformance --level "$INPUT_LEVEL" --report-dir "$INPUT_REPORT_DIR")
  if [ -n "${INPUT_CONFIG:-}" ]; then args+=(--config "$INPUT_CONFIG"); fi
  if [ -n "${INPUT_SHARD:-}" ]; then args+=(--shard "$INPUT_SHARD"); fi
  if [ "${INPUT_ALLOW_UNBUILT:-false}" = "true" ]; then args+=(--allow-unbuilt); fi
fi
if [ -n "${INPUT_BASELINE:-}" ]; then args+=(--baseline "$INPUT_BASELINE"); fi

# The report step trusts only a summary.json written after this moment: an earlier run's must not pass for this one.
echo "started-at=$(date +%s)" >> "$GITHUB_OUTPUT"
status=0
"$BUCKETKIT_NODE" "$RUNNER_DIR/kit/bin/bucketkit.js" "${args[@]}" || status=$?
echo "exit-code=$status" >> "$GITHUB_OUTPUT"
