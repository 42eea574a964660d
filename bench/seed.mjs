/**
 * The seeded garage: one user, registered through the API so its password hash is real, with 20
 * vehicles (through the API) and 2,000 records of every kind, among 1,000 other users. Everything
 * but the one user and its vehicles goes in with SQL, straight into the app's database.
 */

export const GARAGE = { vehicles: 20, records: 2000, otherUsers: 1000, energyEntries: 10_000 };
export const PASSWORD = 'benchmark-password-1';

/** How a user's records split over the kinds; documents are a record kind of their own here. */
const SHARES = { maintenance: 0.4, repairs: 0.25, modifications: 0.2, documents: 0.15 };

const MAINTENANCE = ['Oil Change', 'Tire Rotation', 'Brake Service'];
const REPAIRS = ['Engine', 'Transmission', 'Brakes'];
const MODIFICATIONS = ['Performance', 'Exterior', 'Interior'];

async function api(url, method, pathname, body, cookie) {
  const response = await fetch(`${url}${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  return response;
}

/** Inserts `count` records, of every kind, spread over the vehicles that `vehicleSql` selects. */
async function insertRecords(pool, { count, vehicleSql }) {
  // `vehicleSql` answers (n, user_id, vehicle_id) for n = 0…; record i goes to vehicle i % size.
  const counts = Object.fromEntries(
    Object.entries(SHARES).map(([kind, share]) => [kind, Math.round(count * share)]),
  );
  const { rows } = await pool.query(`select count(*)::int as n from (${vehicleSql}) owners`);
  const owners = `with owners as materialized (${vehicleSql})`;
  const pick = `join owners o on o.n = g % ${rows[0].n}`;
  const day = (offset) => `(date '2024-01-01' + ((g * 7 + ${offset}) % 900))`;
  const array = (names) => `(array['${names.join("','")}'])[1 + g % ${names.length}]`;
  await pool.query(`${owners}
    insert into maintenance (user_id, vehicle_id, title, category, description, cost, date,
      location, is_completed, completed_at, due_date, due_mileage)
    select o.user_id, o.vehicle_id, 'Service ' || g, ${array(MAINTENANCE)}, 'Routine work',
      (g % 500) + 19.99, ${day(0)}, 'Main St Garage', g % 3 <> 0,
      case when g % 3 <> 0 then timestamptz '2025-01-01' + g * interval '1 minute' end,
      case when g % 3 = 0 then ${day(400)} end, case when g % 6 = 0 then 10000 + g % 90000 end
    from generate_series(0, ${counts.maintenance - 1}) g ${pick}`);
  for (const [table, names] of [
    ['repairs', REPAIRS],
    ['modifications', MODIFICATIONS],
  ]) {
    await pool.query(`${owners}
      insert into ${table} (user_id, vehicle_id, title, category, cost, date, location,
        is_completed, completed_at)
      select o.user_id, o.vehicle_id, 'Job ' || g, ${array(names)}, (g % 900) + 49.5, ${day(3)},
        'Corner Shop', g % 4 <> 0,
        case when g % 4 <> 0 then timestamptz '2025-01-01' + g * interval '1 minute' end
      from generate_series(0, ${counts[table] - 1}) g ${pick}`);
  }
  await pool.query(`${owners}
    insert into documents (user_id, vehicle_id, title, type, date, amount)
    select o.user_id, o.vehicle_id, 'Receipt ' || g, 'other', ${day(5)}, (g % 300) + 9.5
    from generate_series(0, ${counts.documents - 1}) g ${pick}`);
}

/** The one user of the benchmark, its vehicles through the API and its records with SQL. */
export async function seedGarage(url, pool) {
  const email = `garage-${Date.now()}@example.com`;
  const register = await api(url, 'POST', '/api/register', {
    firstName: 'Garage',
    lastName: 'Owner',
    email,
    password: PASSWORD,
  });
  const cookie = register.headers.getSetCookie()[0].split(';')[0];
  const user = await register.json();
  const vehicleIds = [];
  for (let index = 0; index < GARAGE.vehicles; index++) {
    const response = await api(
      url,
      'POST',
      '/api/vehicles',
      {
        year: 2000 + index,
        make: 'Toyota',
        model: `Model ${index}`,
        mileage: 50000 + index * 1000,
      },
      cookie,
    );
    vehicleIds.push((await response.json()).id);
  }
  await insertRecords(pool, {
    count: GARAGE.records,
    vehicleSql: `select (row_number() over (order by id) - 1)::int as n, user_id, id as vehicle_id
      from vehicles where user_id = ${Number(user.id)}`,
  });
  await insertEnergyEntries(pool, { userId: Number(user.id), vehicleId: vehicleIds[0] });
  return { email, cookie, userId: user.id, vehicleIds, energyVehicleId: vehicleIds[0] };
}

/**
 * A vehicle's fill-ups over 27 years (decision 050), each with its odometer reading: every tenth
 * a partial fill, one in a hundred with a missed fill-up before it, every 25th without an odometer,
 * so that the economy read walks every kind of span. Prices and quantities vary a little.
 */
async function insertEnergyEntries(pool, { userId, vehicleId }) {
  await pool.query(
    `insert into energy_entries (user_id, vehicle_id, date, odometer, energy, quantity, unit,
       canonical_quantity, unit_price, total_cost, is_full, missed_previous, place)
     select $1, $2, date '1999-01-01' + g, case when g % 25 = 24 then null else 50000 + g * 300 end,
       'gasoline', q, 'galUS', q * 3.785411784, p, round(q * p, 2), g % 10 <> 9, g % 100 = 50,
       'Station ' || (g % 7)
     from generate_series(0, $3 - 1) g,
       lateral (select 9 + (g % 5) * 0.25 as q, 3.099 + (g % 40) * 0.01 as p) amounts`,
    [userId, vehicleId, GARAGE.energyEntries],
  );
  await pool.query(
    `insert into odometer_readings (user_id, vehicle_id, date, odometer, source, energy_entry_id)
     select user_id, vehicle_id, date, odometer, 'energy', id from energy_entries
     where vehicle_id = $1 and odometer is not null`,
    [vehicleId],
  );
  await pool.query(
    `update vehicles set mileage = (select max(odometer) from energy_entries where vehicle_id = $1)
     where id = $1`,
    [vehicleId],
  );
}

/**
 * `count` other users (no password: they never sign in here, but each has a live session),
 * `vehiclesEach` vehicles each, and `records` records spread over their vehicles.
 */
export async function seedOtherUsers(pool, { count, vehiclesEach = 2, records }) {
  const tag = Date.now();
  await pool.query(
    `insert into users (username, email, first_name, last_name, auth_type)
     select 'other-${tag}-' || g, 'other-${tag}-' || g || '@example.com', 'Other', 'User ' || g, 'local'
     from generate_series(1, $1) g`,
    [count],
  );
  await pool.query(
    `insert into vehicles (user_id, year, make, model, mileage)
     select u.id, 1990 + v, 'Honda', 'Civic ' || v, 1000 * v
     from users u cross join generate_series(1, $1) v where u.username like 'other-${tag}-%'`,
    [vehiclesEach],
  );
  // Each signed in somewhere, as the users of a live service are: the session lookup every call
  // makes then meets a table of many sessions, as it would in production, not of one.
  await pool.query(
    `insert into sessions (sid, user_id, expire, sess)
     select md5('session-' || u.id) || md5('other-${tag}-' || u.id), u.id,
       now() + interval '30 days', '{}'::jsonb
     from users u where u.username like 'other-${tag}-%'`,
  );
  await insertRecords(pool, {
    count: records,
    vehicleSql: `select (row_number() over (order by v.id) - 1)::int as n, v.user_id, v.id as vehicle_id
      from vehicles v join users u on u.id = v.user_id where u.username like 'other-${tag}-%'`,
  });
  await pool.query('analyze');
}

/** The number of records (all kinds) in the database. */
export async function countRecords(pool) {
  const { rows } = await pool.query(`select
    (select count(*) from maintenance) + (select count(*) from repairs)
    + (select count(*) from modifications) + (select count(*) from documents) as total`);
  return Number(rows[0].total);
}

/**
 * Photos and stored files of the other users (vehicle images, record images, uploaded files),
 * so that the planner sees those tables as they are in use, not empty: an empty table is always
 * read with a sequential scan, whatever its indexes.
 */
export async function seedImagesAndFiles(pool, { perVehicle = 1 }) {
  await pool.query(
    `insert into vehicle_images (vehicle_id, user_id, image_url, is_primary)
     select v.id, v.user_id, '/api/files/bench-' || v.id || '-' || g, g = 1
     from vehicles v cross join generate_series(1, $1) g`,
    [perVehicle],
  );
  await pool.query(
    `insert into record_images (user_id, record_id, record_type, image_url, is_primary)
     select user_id, id, 'repair', '/api/files/bench-repair-' || id, true
     from repairs where id % 10 = 0`,
  );
  await pool.query(
    `insert into binary_files (id, user_id, data, content_type, original_name, size)
     select 'bench-' || v.id, v.user_id, '\\x00'::bytea, 'image/jpeg', 'photo.jpg', 1
     from vehicles v`,
  );
  await pool.query('analyze');
}
