import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { hashPassword } from '../src/auth/passwords';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/data-dir-lock';
import { openConfiguredDatabase } from '../src/db/open-configured';
import { users } from '../src/db/schema/users';
import { redactedError } from '../src/http/redacted-error';
import { createTestContext } from './support/test-app';
import { openTestDatabase } from './support/test-database';
import { seedWorld } from './support/world';

describe('TRUST_PROXY (the sign-in rate limit could be bypassed with X-Forwarded-For)', () => {
  const wrongLogin = (forwardedFor: string, remoteAddress = '203.0.113.7') => ({
    method: 'POST' as const,
    url: '/api/login',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: 'admin@test.example.com', password: 'wrong-password' },
  });

  it('ignores X-Forwarded-For by default: a new value per attempt still hits the limit', async () => {
    const ctx = await createTestContext({ LOGIN_RATE_LIMIT_MAX: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await ctx.app.inject(wrongLogin(`198.51.100.${i}`))).statusCode);
      expect(statuses).toEqual([422, 422, 422, 429, 429]);
    } finally {
      await ctx.close();
    }
  });

  it('trusts the header only from a configured proxy (hop count or addresses)', async () => {
    for (const setting of ['1', '10.0.0.0/8, 192.0.2.1']) {
      const ctx = await createTestContext({ LOGIN_RATE_LIMIT_MAX: '2', TRUST_PROXY: setting });
      try {
        // Behind the proxy, each forwarded client has its own budget.
        for (let i = 0; i < 4; i++) {
          expect((await ctx.app.inject(wrongLogin(`198.51.100.${i}`, '10.1.2.3'))).statusCode).toBe(422);
        }
        if (setting !== '1') {
          // A caller that is not the configured proxy cannot pick its address.
          const direct = [0, 1, 2].map((i) => ctx.app.inject(wrongLogin(`198.51.100.${50 + i}`, '203.0.113.9')));
          expect((await Promise.all(direct)).map((r) => r.statusCode).sort()).toEqual([422, 422, 429]);
        }
      } finally {
        await ctx.close();
      }
    }
  });

  it('refuses a malformed TRUST_PROXY at start', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1,::1' }).TRUST_PROXY).toEqual(['127.0.0.1', '::1']);
  });
});

describe('logs never carry the parameters of a failed statement (password hashes reached the log)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
    await seedWorld(handle.db);
  });
  afterAll(async () => handle.close());

  const failedUserInsert = async (): Promise<unknown> => {
    const passwordHash = await hashPassword('Leaky-pass-1');
    try {
      await handle.db.insert(users).values({ name: 'Dup', email: 'admin@test.example.com', passwordHash });
    } catch (error) {
      return error;
    }
    throw new Error('the insert should have failed');
  };

  it('redacts params, detail and the message/stack parameter part of a real database error', async () => {
    const error = await failedUserInsert();
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error as object))).toContain('$argon2id$');
    const logged = JSON.stringify(redactedError(error));
    expect(logged).not.toContain('$argon2id$');
    expect(logged).not.toContain('admin@test.example.com');
    expect(logged).toContain('23505');
  });

  it('keeps them out of the server log when a request fails on the database', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk) => lines.push(String(chunk)));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
    const app = await buildApp({ db: handle.db, config, logger: { stream } });
    // A route outside /api that fails exactly as the probe's user insert did, to see what the log receives.
    app.get('/probe/failed-insert', async () => {
      throw await failedUserInsert();
    });
    app.get('/probe/crash', async () => {
      const error = await failedUserInsert();
      throw Object.assign(new Error(`wrapped: ${(error as Error).message}`), { cause: error, code: undefined });
    });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/probe/failed-insert' })).statusCode).toBe(409);
      const crash = await app.inject({ method: 'GET', url: '/probe/crash' });
      expect(crash.statusCode).toBe(409);
      const log = lines.join('');
      expect(log).toContain('database refused a request');
      expect(log).not.toContain('$argon2id$');
    } finally {
      await app.close();
    }
  });
});

describe('one server per embedded DATA_DIR (two servers handed out the same ids)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wms-lock-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('refuses a second lock while the first is held, and allows it once released', () => {
    const first = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    first.release();
    acquireDataDirLock(dir).release();
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const gone = spawn(process.execPath, ['-e', '']);
    const pid = gone.pid!;
    await new Promise((resolve) => gone.on('exit', resolve));
    await writeFile(join(dir, 'db.lock'), `${pid}\n`);
    acquireDataDirLock(dir).release();
  });

  it('refuses another running process’s lock with a message naming DATA_DIR', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      await writeFile(join(dir, 'db.lock'), `${other.pid}\n`);
      expect(() => acquireDataDirLock(dir)).toThrow(/already open by another server .*DATA_DIR/);
    } finally {
      other.kill();
      await rm(join(dir, 'db.lock'), { force: true });
    }
  });

  it('makes the embedded database refuse to open twice on one DATA_DIR', async () => {
    const first = await openConfiguredDatabase({ DATA_DIR: dir, DATABASE_URL: undefined });
    try {
      await expect(openConfiguredDatabase({ DATA_DIR: dir, DATABASE_URL: undefined })).rejects.toThrow(
        DataDirLockedError,
      );
    } finally {
      await first.close();
    }
    const again = await openConfiguredDatabase({ DATA_DIR: dir, DATABASE_URL: undefined });
    await again.close();
  }, 120_000);
});
