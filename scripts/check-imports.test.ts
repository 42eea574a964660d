import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { check, findCycles } from './check-imports.mjs';

type Cycle = { nodes: string[]; steps: string[] };

const imports = (isTypeOnly: boolean, pairs: Array<[string, string]>) =>
  pairs.map(([file, specifier]) => ({ file, specifier, isTypeOnly }));
const printed = (cycles: Cycle[]) => cycles.map((cycle) => cycle.nodes.join(' → '));

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

describe('no cycles between server modules or contract files (decision 071)', () => {
  it('reports server modules that import each other, with the file of each step', () => {
    const cycles: Cycle[] = findCycles(
      imports(false, [
        ['server/modules/odometer/odometer.service.ts', '../energy/energy.repository'],
        ['server/modules/energy/energy.service.ts', '../odometer/odometer-readings.service'],
      ]),
    );
    expect(printed(cycles)).toEqual([
      'server/modules/energy → server/modules/odometer → server/modules/energy',
    ]);
    expect(cycles[0]!.steps).toEqual([
      'server/modules/energy/energy.service.ts',
      'server/modules/odometer/odometer.service.ts',
    ]);
  });

  it('names every module of a longer knot', () => {
    const cycles: Cycle[] = findCycles(
      imports(false, [
        ['server/modules/access/access.service.ts', '../records/records.repository'],
        ['server/modules/records/records.service.ts', '../schedules/schedule-progress'],
        ['server/modules/schedules/schedules.service.ts', '../access/access.service'],
      ]),
    );
    expect(printed(cycles)).toEqual([
      'server/modules/access → server/modules/records → server/modules/schedules → server/modules/access',
    ]);
  });

  it('passes modules that import one way, and leaves out type-only imports, tests and a module’s own files', () => {
    const oneWay = [
      ...imports(false, [
        ['server/modules/energy/energy.service.ts', '../odometer/odometer-readings.service'],
        ['server/modules/odometer/odometer.service.ts', '../access/access.service'],
        ['server/modules/odometer/odometer.service.ts', './odometer.repository'],
        ['server/modules/odometer/odometer.repository.ts', './odometer.service'],
        ['server/modules/odometer/odometer.test.ts', '../energy/energy.repository'],
      ]),
      ...imports(true, [
        ['server/modules/odometer/odometer.service.ts', '../energy/energy.service'],
      ]),
    ];
    expect(findCycles(oneWay)).toEqual([]);
  });

  it('reports a contract file and its schema that import each other, even for types only', () => {
    const cycles: Cycle[] = findCycles([
      ...imports(true, [['contract/records.ts', './schemas/records']]),
      ...imports(false, [['contract/schemas/records.ts', '../records']]),
    ]);
    expect(printed(cycles)).toEqual([
      'contract/records → contract/schemas/records → contract/records',
    ]);
  });

  it('passes a contract whose schemas read their constants from below them', () => {
    const layered = [
      ...imports(true, [['contract/records.ts', './schemas/records']]),
      ...imports(false, [
        ['contract/records.ts', './rules/records'],
        ['contract/schemas/records.ts', '../rules/records'],
        ['contract/rules/records.ts', './common'],
        ['contract/records.test.ts', './records'],
      ]),
    ];
    expect(findCycles(layered)).toEqual([]);
  });
});
