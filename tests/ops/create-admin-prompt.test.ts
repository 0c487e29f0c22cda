import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { askAll } from '../../scripts/create-admin-prompt.ts';

// Issue 25, part 8: `npm run create-admin` takes piped answers and never shows the password.
describe('create-admin', () => {
  it('creates the administrator from piped answers without echoing the password', () => {
    const dir = mkdtempSync(join(tmpdir(), 'spectacle-admin-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/create-admin.ts'], {
        input: 'Owner@Example.ph\nOwner One\nsecret-pass-99\n',
        env: { ...process.env, SQLITE_PATH: join(dir, 'spectacle.db'), DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.stderr).not.toContain('unsettled top-level await');
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('Administrator owner@example.ph created.');
      expect(run.stdout).not.toContain('secret-pass-99');
      const db = new Sqlite(join(dir, 'spectacle.db'), { readonly: true });
      const user = db.prepare('select name from users where email = ?').get('owner@example.ph');
      db.close();
      expect(user).toEqual({ name: 'Owner One' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not echo a password typed at a terminal, and answers empty text when the input ends', async () => {
    const input = Object.assign(new PassThrough(), { isTTY: true });
    const screen = new PassThrough();
    let shown = '';
    screen.on('data', (chunk) => {
      shown += String(chunk);
    });
    const answers = askAll([{ text: 'Name: ' }, { text: 'Password: ', secret: true }], input, screen);
    // Typed as a person types: each answer once its question shows.
    const shows = (text: string) =>
      new Promise<void>((resolve) => {
        const check = () => (shown.includes(text) ? resolve() : setTimeout(check, 5));
        check();
      });
    await shows('Name: ');
    input.write('Ana\r');
    await shows('Password: ');
    input.write('hunter2-pass\r');
    expect(await answers).toEqual(['Ana', 'hunter2-pass']);
    expect(shown).toContain('Ana');
    expect(shown).not.toContain('hunter2');

    const ended = new PassThrough();
    const early = askAll([{ text: 'Email: ' }, { text: 'Name: ' }], ended, new PassThrough());
    ended.end('only@example.ph\n');
    expect(await early).toEqual(['only@example.ph', '']);
  });
});
