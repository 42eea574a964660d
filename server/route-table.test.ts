import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test/app';

describe('the route table', () => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.ready();
  });
  afterAll(() => testApp.close());

  it('lists every method of every route once, without the HEAD and OPTIONS Fastify adds', () => {
    const keys = testApp.app.routeTable.map((route) => `${route.method} ${route.url}`);
    expect(keys).toContain('GET /api/vehicles');
    expect(keys).toContain('DELETE /api/vehicles/:id');
    expect(keys).toContain('POST /api/vehicle-images');
    expect(keys.some((key) => key.startsWith('HEAD '))).toBe(false);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
