// Test support: runs the composite action.yml on this machine as a runner would, for what a runner does locally:
// each `run:` step in bash with its env (expressions evaluated from inputs, github, runner and earlier steps'
// outputs), GITHUB_OUTPUT per step, one GITHUB_STEP_SUMMARY, `if:` with the implicit success(); `uses:` steps are
// answered by the test's stand-in. An expression it does not know is an error, never a silent empty string.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  with?: Record<string, string>;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  'working-directory'?: string;
}
export interface ActionFile {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

export interface LocalRun {
  /** The action's outputs, as a workflow sees them. */
  outputs: Record<string, string>;
  /** Each step by id (or name): how it ended and its outputs. */
  steps: Record<string, { outcome: 'success' | 'failure' | 'skipped'; exitCode?: number; outputs: Record<string, string> }>;
  /** The job summary the steps wrote. */
  summary: string;
  /** Every run step's stdout and stderr. */
  log: string;
}

export interface LocalRunOptions {
  action: ActionFile;
  /** The action's own directory (github.action_path). */
  actionPath: string;
  workspace: string;
  /** runner.temp / RUNNER_TEMP. */
  temp: string;
  inputs?: Record<string, string>;
  /** The job's env (secrets and variables a workflow would set). */
  env?: Record<string, string>;
  /** Answers a `uses:` step with its outputs; throw to fail the step. */
  uses(action: string, inputs: Record<string, string>): Record<string, string>;
}

type Value = string | boolean;
const truthy = (v: Value) => v !== '' && v !== false;

/** Evaluates one expression (the text inside `${{ }}` or an `if:`) with the few forms the action uses. */
export function evaluate(expr: string, lookup: (name: string) => string, status: { failed: boolean }): Value {
  const tokens = expr.match(/'[^']*'|\|\||&&|==|!=|!|\(|\)|[\w.-]+/g) ?? [];
  let i = 0;
  const expect = (token: string) => {
    if (tokens[i++] !== token) throw new Error(`Expected ${token} in: ${expr}`);
  };
  const operand = (): Value => {
    const t = tokens[i++];
    if (t === undefined) throw new Error(`Expression ends early: ${expr}`);
    if (t === '!') return !truthy(operand());
    if (t === '(') {
      const v = or();
      expect(')');
      return v;
    }
    if (t.startsWith("'")) return t.slice(1, -1);
    if (tokens[i] === '(') {
      i++;
      expect(')');
      if (t === 'always') return true;
      if (t === 'success') return !status.failed;
      if (t === 'failure') return status.failed;
      throw new Error(`Unknown function ${t}() in: ${expr}`);
    }
    return lookup(t);
  };
  const comparison = (): Value => {
    const left = operand();
    if (tokens[i] !== '==' && tokens[i] !== '!=') return left;
    const op = tokens[i++];
    const right = operand();
    return op === '==' ? String(left) === String(right) : String(left) !== String(right);
  };
  const and = (): Value => {
    let v = comparison();
    while (tokens[i] === '&&') {
      i++;
      const r = comparison();
      v = truthy(v) ? r : v;
    }
    return v;
  };
  function or(): Value {
    let v = and();
    while (tokens[i] === '||') {
      i++;
      const r = and();
      v = truthy(v) ? v : r;
    }
    return v;
  }
  const v = or();
  if (i !== tokens.length) throw new Error(`Cannot evaluate "${expr}" (stopped at ${tokens[i]})`);
  return v;
}

const STATUS_FUNCTIONS = /\b(always|success|failure|cancelled)\(\)/;

/** Runs the action's steps in order; see the file header for what is simulated. */
export function runActionLocally(o: LocalRunOptions): LocalRun {
  const steps: LocalRun['steps'] = {};
  const status = { failed: false };
  const inputs = Object.fromEntries(Object.entries(o.action.inputs).map(([k, v]) => [k, o.inputs?.[k] ?? v.default ?? '']));
  const context: Record<string, string> = {
    'github.action_path': o.actionPath,
    'github.workspace': o.workspace,
    'runner.temp': o.temp,
    'runner.os': 'Linux',
    'runner.arch': 'X64',
  };
  const lookup = (name: string): string => {
    if (name.startsWith('inputs.')) {
      if (!(name.slice(7) in inputs)) throw new Error(`No input ${name}`);
      return inputs[name.slice(7)];
    }
    const m = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(name);
    if (m) return steps[m[1]]?.outputs[m[2]] ?? '';
    if (name in context) return context[name];
    throw new Error(`Unknown context ${name}`);
  };
  const interpolate = (text: string) => text.replace(/\$\{\{(.*?)\}\}/g, (_, expr: string) => String(evaluate(expr, lookup, status)));
  const summaryFile = join(o.temp, 'step-summary.md');
  writeFileSync(summaryFile, '');
  let log = '';
  for (const [index, step] of o.action.runs.steps.entries()) {
    const key = step.id ?? step.name ?? String(index);
    const condition = step.if ?? 'success()';
    const run = STATUS_FUNCTIONS.test(condition) ? condition : `success() && (${condition})`;
    if (!truthy(evaluate(run, lookup, status))) {
      steps[key] = { outcome: 'skipped', outputs: {} };
      continue;
    }
    if (step.uses) {
      const withInputs = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, interpolate(String(v))]));
      try {
        steps[key] = { outcome: 'success', outputs: o.uses(step.uses, withInputs) };
      } catch {
        steps[key] = { outcome: 'failure', outputs: {} };
        status.failed = true;
      }
      continue;
    }
    if (step.shell !== 'bash') throw new Error(`Step ${key}: only bash steps run locally`);
    const outputFile = join(o.temp, `output-${index}`);
    writeFileSync(outputFile, '');
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...o.env,
      RUNNER_TEMP: o.temp,
      RUNNER_OS: 'Linux',
      RUNNER_ARCH: 'X64',
      GITHUB_ACTION_PATH: o.actionPath,
      GITHUB_WORKSPACE: o.workspace,
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, interpolate(String(v))])),
    };
    const cwd = step['working-directory'] ? interpolate(step['working-directory']) : o.workspace;
    const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run ?? ''], { cwd, env, encoding: 'utf8' });
    log += result.stdout + result.stderr;
    const outputs = Object.fromEntries(
      (existsSync(outputFile) ? readFileSync(outputFile, 'utf8') : '')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const at = line.indexOf('=');
          if (at < 1) throw new Error(`Step ${key} wrote an output line this runner does not read: ${line}`);
          return [line.slice(0, at), line.slice(at + 1)];
        }),
    );
    const ok = result.status === 0;
    steps[key] = { outcome: ok ? 'success' : 'failure', exitCode: result.status ?? undefined, outputs };
    if (!ok) status.failed = true;
  }
  const outputs = Object.fromEntries(Object.entries(o.action.outputs).map(([k, v]) => [k, interpolate(v.value)]));
  return { outputs, steps, summary: readFileSync(summaryFile, 'utf8'), log };
}

/** Reads an action.yml. */
export function loadAction(path: string): ActionFile {
  return parse(readFileSync(path, 'utf8')) as ActionFile;
}
