import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { check } from './check-imports.mjs';

describe('one-way imports (convention 7)', () => {
  it('lets contract/ import only zod', () => {
    expect(check('contract/schemas/vehicles.ts', 'zod')).toBeNull();
    expect(check('contract/vehicles.ts', 'zod', { isTypeOnly: true })).toBeNull();
    expect(check('contract/vehicles.ts', './common')).toBeNull();
    expect(check('contract/vehicles.ts', 'react')).toMatch(/only zod/);
    expect(check('contract/vehicles.ts', '../server/db/schema')).toMatch(/nothing of ours/);
  });

  it('keeps zod schemas in contract/schemas/, so texts and types load no zod', () => {
    expect(check('contract/vehicles.ts', 'zod')).toMatch(/only contract\/schemas\//);
    expect(check('contract/vehicles.test.ts', 'zod')).toBeNull();
  });

  it('keeps features apart and layers in order on the web', () => {
    expect(check('web/app/router.tsx', '@web/features/vehicles/components/list')).toBeNull();
    expect(
      check('web/features/vehicles/components/card.tsx', '@web/components/ui/button'),
    ).toBeNull();
    expect(
      check('web/features/vehicles/components/card.tsx', '@web/features/records/api/get-records'),
    ).toMatch(/another feature/);
    expect(
      check('web/components/ui/button.tsx', '@web/features/vehicles/api/get-vehicles'),
    ).toMatch(/may not import/);
    expect(check('web/lib/format.ts', '@web/app/router')).toMatch(/may not import/);
    expect(check('web/features/vehicles/components/card.tsx', '../../../lib/format')).toMatch(
      /through '@web/,
    );
    expect(check('web/lib/api-client.ts', '../../server/app')).toMatch(/never imports server/);
  });

  it('keeps routes → service → repository → db on the server', () => {
    expect(check('server/modules/vehicles/vehicles.routes.ts', './vehicles.service')).toBeNull();
    expect(
      check('server/modules/vehicles/vehicles.service.ts', './vehicles.repository'),
    ).toBeNull();
    expect(check('server/modules/vehicles/vehicles.repository.ts', './vehicles.service')).toMatch(
      /repository may not import a service/,
    );
    expect(check('server/modules/vehicles/vehicles.service.ts', './vehicles.routes')).toMatch(
      /may not import/,
    );
    expect(check('server/db/open.ts', '../modules/vehicles/vehicles.service')).toMatch(
      /may not import|never/,
    );
    expect(check('server/app.ts', '../web/lib/format')).toMatch(/never imports web/);
  });
});
