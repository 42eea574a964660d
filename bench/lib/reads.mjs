/** The reads the benchmark loads (api.bench.mjs) and the memory probe repeats (memory.probe.mjs). */

/** The reads of issue 11: the seeded user's lists and the dashboard's calls. */
export function readsOf(garage) {
  const vehicleId = garage.vehicleIds[0];
  return [
    { name: 'GET /api/vehicles', path: '/api/vehicles' },
    { name: 'GET /api/vehicles/{id}/maintenance', path: `/api/vehicles/${vehicleId}/maintenance` },
    { name: 'GET /api/records', path: '/api/records' },
    { name: 'GET /api/upcoming-maintenance', path: '/api/upcoming-maintenance' },
    { name: 'GET /api/user (dashboard)', path: '/api/user' },
    { name: 'GET /api/recent-activity (dashboard)', path: '/api/recent-activity' },
    {
      name: 'GET /api/vehicles/{id}/economy (10,000 entries)',
      path: `/api/vehicles/${garage.energyVehicleId}/economy`,
    },
    {
      name: 'GET /api/vehicles/{id}/energy (a page of 50)',
      path: `/api/vehicles/${garage.energyVehicleId}/energy`,
    },
  ];
}

/** The paged records (issue 24 §2): the first page, and the same searched and filtered. */
export function pagedReadsOf(garage) {
  return [
    { name: 'GET /api/records/page (first page)', path: '/api/records/page' },
    { name: 'GET /api/records/page?q=', path: '/api/records/page?q=Service' },
    { name: 'GET /api/records/page?type=', path: '/api/records/page?type=repair' },
    {
      name: 'GET /api/records/page?vehicleId=',
      path: `/api/records/page?vehicleId=${garage.vehicleIds[0]}`,
    },
  ];
}

/**
 * The writes the benchmark ends with, as load options: a maintenance record created, and a
 * sign-in (an Argon2id hash of 19 MiB each).
 */
export function writesOf(serverUrl, garage, password) {
  return [
    {
      name: 'POST /api/maintenance',
      url: `${serverUrl}/api/maintenance`,
      method: 'POST',
      headers: { cookie: garage.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        vehicleId: garage.vehicleIds[1],
        category: 'Oil Change',
        title: 'Bench oil change',
        cost: 49.99,
        date: '2025-06-01',
        isCompleted: true,
      }),
    },
    {
      name: 'POST /api/login (Argon2id)',
      url: `${serverUrl}/api/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: garage.email, password }),
    },
  ];
}
