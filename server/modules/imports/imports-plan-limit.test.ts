/**
 * D12 with decision 055: on the free plan an import adds only what the plan has room for, or
 * nothing: apply answers 402 and writes no row of it; the preview itself is never refused.
 */
import { importPreviewSchema } from '@contract/schemas/imports';
import { PLAN_LIMIT_CODE, PLAN_MESSAGES } from '@contract/subscription';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { energyEntries, vehicles } from '../../db/schema';
import { setUpTestApp } from '../../test/app';
import { newUser } from '../../test/factory';
import { fuellyWebCsv } from '../../test/samples/fuelly';
import { multipartBody } from '../../test/upload-fixtures';

const limited = setUpTestApp({ AUTH_MAX_ATTEMPTS: '100000', PLAN_LIMITS: 'on' });

describe('the free plan (D12) and imports', () => {
  it('refuses an import past the plan with 402, adding nothing of it', async () => {
    const user = await newUser(limited);
    const file = fuellyWebCsv({ units: 'metric' });
    const body = multipartBody([{ name: 'file', filename: file.name, data: file.bytes }]);
    const previewed = await limited.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { cookie: user.cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(previewed.statusCode, previewed.body).toBe(201);
    const preview = importPreviewSchema.parse(previewed.json());
    expect(preview.counts.energy).toBeGreaterThan(1);
    // The file names its cars without a year: the user gives each new vehicle's details first.
    const detailed = await limited.inject({
      method: 'PATCH',
      url: `/api/imports/${preview.id}`,
      headers: { cookie: user.cookie },
      payload: {
        vehicleDetails: Object.fromEntries(
          preview.vehicles.map((vehicle) => [
            vehicle.key,
            { year: 2014, make: 'Suzuki', model: vehicle.name },
          ]),
        ),
      },
    });
    expect(detailed.statusCode, detailed.body).toBe(200);

    const applied = await limited.inject({
      method: 'POST',
      url: `/api/imports/${preview.id}/apply`,
      headers: { cookie: user.cookie },
    });
    expect(applied.statusCode).toBe(402);
    expect(applied.json()).toEqual({
      message: preview.counts.vehicles > 1 ? PLAN_MESSAGES.vehicleLimit : PLAN_MESSAGES.recordLimit,
      code: PLAN_LIMIT_CODE,
    });
    const db = limited.db();
    const [ownVehicles] = await db
      .select({ n: count() })
      .from(vehicles)
      .where(eq(vehicles.userId, user.id));
    const [ownEntries] = await db
      .select({ n: count() })
      .from(energyEntries)
      .where(eq(energyEntries.userId, user.id));
    expect([ownVehicles!.n, ownEntries!.n]).toEqual([0, 0]);
  });
});
