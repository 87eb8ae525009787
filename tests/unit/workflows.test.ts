/**
 * The GitHub workflows, checked offline: each validates against the workflow schema
 * (@action-validator/core), and every `npm run <script>` a step runs exists in package.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import YAML from 'yaml';
import {validateWorkflow} from '@action-validator/core';

const root = path.join(__dirname, '..', '..');
const dir = path.join(root, '.github', 'workflows');
const files = fs.readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
const scripts = Object.keys(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts);

/** Every `run:` command of a workflow. */
function runCommands(workflow: {jobs?: Record<string, {steps?: {run?: string}[]}>}): string[] {
  return Object.values(workflow.jobs ?? {}).flatMap((job) => (job.steps ?? []).flatMap((step) => step.run ?? []));
}

describe('workflows', () => {
  it('exist', () => {
    expect(files.length).toBeGreaterThan(0);
  });
  it.each(files)('%s validates against the workflow schema', (file) => {
    const result = validateWorkflow(fs.readFileSync(path.join(dir, file), 'utf8'));
    expect(result.errors).toEqual([]);
  });
  it.each(files)('%s runs only npm scripts that exist', (file) => {
    const commands = runCommands(YAML.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
    const named = commands.flatMap((command) =>
      [...command.matchAll(/npm run (?:--silent )?([\w:-]+)/g)].map((m) => m[1]!),
    );
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });
  it('catches a workflow that breaks the schema', () => {
    expect(validateWorkflow('on: push\njobs:\n  x:\n    steps: 3\n').errors.length).toBeGreaterThan(0);
  });
});
