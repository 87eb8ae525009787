/**
 * The GitHub workflows, checked offline: each validates against the workflow schema
 * (@action-validator/core), every `npm run <script>` a step runs exists in package.json, and every job
 * that runs the browser or server tests runs on the Debian the README's commands are made for, with
 * Debian's own Chromium at the path the tests use.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import YAML from 'yaml';
import {validateWorkflow} from '@action-validator/core';
import {CHROMIUM} from '../../playwright.config';

const root = path.join(__dirname, '..', '..');
const dir = path.join(root, '.github', 'workflows');
const files = fs.readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
const scripts = Object.keys(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts);

interface Step {
  run?: string;
  env?: Record<string, string>;
}
interface Job {
  container?: string | {image?: string};
  steps?: Step[];
}
interface Workflow {
  jobs?: Record<string, Job>;
}

/** Every `run:` command of a workflow. */
function runCommands(workflow: Workflow): string[] {
  return Object.values(workflow.jobs ?? {}).flatMap((job) => (job.steps ?? []).flatMap((step) => step.run ?? []));
}

/** The Debian release the README's commands are made for, and the official Node 24 image on it. */
const DEBIAN = 'bookworm';
const IMAGE = new RegExp(`^node:24(\\.\\d+)*-${DEBIAN}$`);

/** A step that runs the browser tests or the checks over the build and its server. */
const runsBrowserOrServer = (step: Step) =>
  /playwright test|vitest\.site\.config|npm test|npm run test\b/.test(step.run ?? '');

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
  it.each(files)('%s runs browser and server tests in the Debian image, with its own Chromium', (file) => {
    const workflow = YAML.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Workflow;
    for (const [name, job] of Object.entries(workflow.jobs ?? {})) {
      const steps = job.steps ?? [];
      const testing = steps.filter(runsBrowserOrServer);
      if (testing.length === 0) continue;
      const image = typeof job.container === 'string' ? job.container : job.container?.image;
      expect(image, `job ${name}: container image`).toMatch(IMAGE);
      const installs = steps.map((step) => step.run ?? '').filter((run) => /apt-get install/.test(run));
      expect(installs.join('\n'), `job ${name}: installs Debian's chromium and nginx`).toMatch(
        /\bchromium\b.*\bnginx\b|\bnginx\b.*\bchromium\b/,
      );
      expect(installs.join('\n'), `job ${name}: no sudo inside the container`).not.toMatch(/\bsudo\b/);
      for (const step of testing)
        expect(step.env?.CHROMIUM_PATH ?? CHROMIUM, `job ${name}: Chromium path`).toBe(CHROMIUM);
    }
  });

  it("points the tests at the Chromium that Debian's chromium package installs, on the same Debian", () => {
    expect(CHROMIUM).toBe('/usr/bin/chromium');
    // This machine is the Debian the README describes: the image's release must be its release,
    // and the path must belong to its chromium package.
    const release = Object.fromEntries(
      fs
        .readFileSync('/etc/os-release', 'utf8')
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => line.split('=', 2).map((part) => part.replace(/^"|"$/g, '')) as [string, string]),
    );
    expect(release.ID).toBe('debian');
    expect(release.VERSION_CODENAME).toBe(DEBIAN);
    expect(execFileSync('dpkg', ['-S', CHROMIUM], {encoding: 'utf8'}).trim()).toBe(`chromium: ${CHROMIUM}`);
  });

  it('catches a workflow that breaks the schema', () => {
    expect(validateWorkflow('on: push\njobs:\n  x:\n    steps: 3\n').errors.length).toBeGreaterThan(0);
  });
});
