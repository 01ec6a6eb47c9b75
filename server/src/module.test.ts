import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { ok } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../test/app';
import type { AppContext } from './context';
import { shutdownModules, startModules, type ServerModule } from './module';
import { SERVER_MODULES } from './modules';

const log = pino({ level: 'silent' });
const ctx = {} as AppContext;

describe('startModules', () => {
  it('starts each module with a start, and one stop stops them all once, with the grace', async () => {
    const calls: string[] = [];
    const mod = (name: string): ServerModule => ({
      name,
      start: () => {
        calls.push(`start ${name}`);
        return (grace) => void calls.push(`stop ${name} ${grace}`);
      },
    });
    const stop = await startModules(ctx, log, [mod('a'), { name: 'routes-only' }, mod('b')]);
    expect(calls).toEqual(['start a', 'start b']);
    await Promise.all([stop(500), stop(0)]);
    expect(calls).toEqual(['start a', 'start b', 'stop a 500', 'stop b 500']);
  });

  it('a failing stop is logged and does not keep the others running', async () => {
    let bStopped = false;
    const stop = await startModules(ctx, log, [
      { name: 'a', start: () => () => Promise.reject(new Error('stuck')) },
      { name: 'b', start: () => () => void (bStopped = true) },
    ]);
    await expect(stop()).resolves.toBeUndefined();
    expect(bStopped).toBe(true);
  });

  it('shutdownModules calls every shutdown even when one fails', async () => {
    const seen: string[] = [];
    await shutdownModules(ctx, log, [
      { name: 'a', shutdown: () => Promise.reject(new Error('x')) },
      { name: 'b', shutdown: () => void seen.push('b') },
    ]);
    expect(seen).toEqual(['b']);
  });
});

describe('the module list', () => {
  it('names each module once and declares the background work in the modules that own it', () => {
    const names = SERVER_MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    expect(SERVER_MODULES.filter((m) => m.start).map((m) => m.name).sort()).toEqual(['catalog', 'quota', 'shop', 'tasks', 'uploads', 'vendors']);
    expect(SERVER_MODULES.filter((m) => m.shutdown).map((m) => m.name)).toEqual(['mcp']);
  });
});

describe('the app lifecycle', () => {
  const events: string[] = [];
  const probe: ServerModule = {
    name: 'probe',
    routes: async (api) => {
      events.push('routes');
      api.get('/v1/test/probe', async () => ok(events.slice()));
    },
    start: (c) => {
      events.push(c.config ? 'start with ctx' : 'start without ctx');
      return (grace) => void events.push(`stop ${grace}`);
    },
    shutdown: () => void events.push('shutdown'),
  };
  const idle: ServerModule = { name: 'idle', start: () => (events.push('idle started'), () => undefined) };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { modules: [...SERVER_MODULES, probe, idle], background: ['probe'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('registers routes first and starts background work once the app is ready, only for the modules asked', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/test/probe' });
    expect(r.json().data).toEqual(['routes', 'start with ctx']);
    expect(events).not.toContain('idle started');
  });

  it('stops background work before the app closes, then lets the modules release what they hold', async () => {
    await t.app.close();
    expect(events.slice(2)).toEqual(['stop 0', 'shutdown']);
    await t.app.stopBackground(1000);
    expect(events.filter((e) => e.startsWith('stop'))).toEqual(['stop 0']);
  });
});
