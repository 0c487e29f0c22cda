import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const preflight = new URL('../../scripts/check-node.cjs', import.meta.url).pathname;
const systemNode = '/usr/bin/node';
const scripts = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

describe('the Node.js preflight', () => {
  it.runIf(existsSync(systemNode))('stops an old Node at once with one line naming the Node to install', () => {
    const run = spawnSync(systemNode, [preflight], { encoding: 'utf8' });
    const version = spawnSync(systemNode, ['--version'], { encoding: 'utf8' }).stdout.trim();
    expect(Number(version.slice(1).split('.')[0])).toBeLessThan(22);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      `Spectacle needs Node.js 24 (or 22.12 and later 22.x); this is Node.js ${version.slice(1)}. Install Node.js 24 LTS from https://nodejs.org/ (or run \`nvm install 24\`), then run this again.`,
    ]);
  });

  it('lets the Node running the suite through silently', () => {
    const run = spawnSync(process.execPath, [preflight], { encoding: 'utf8' });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 0,
      stdout: '',
      stderr: '',
    });
  });

  it('runs first in every npm script that starts the server or opens the database', () => {
    for (const name of ['start', 'bench', 'create-admin', 'backup', 'restore']) {
      expect(scripts[name], name).toMatch(/^node scripts\/check-node\.cjs && /);
    }
  });
});
