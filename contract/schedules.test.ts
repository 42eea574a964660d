/**
 * Decision 067: the starter schedules a vehicle is offered follow what it runs on, from the one
 * table `STARTER_SCHEDULES`.
 */
import { describe, expect, it } from 'vitest';
import { STARTER_SCHEDULES, starterSchedulesFor } from './schedules';

const titlesFor = (
  energies: Parameters<typeof starterSchedulesFor>[0]['energies'],
  auxiliary: 'adblue' | null = null,
) => starterSchedulesFor({ energies, auxiliary }).map((starter) => starter.title);

describe('starter schedules by energy', () => {
  it('offers an electric car what it needs, and no oil change or engine air filter', () => {
    expect(titlesFor(['electricity'])).toEqual([
      'Tire rotation',
      'Cabin air filter',
      'Brake fluid',
      'Battery coolant',
    ]);
  });

  it('offers a gasoline car its engine’s services and what every car needs', () => {
    expect(titlesFor(['gasoline'])).toEqual([
      'Oil and filter change',
      'Tire rotation',
      'Cabin air filter',
      'Brake fluid',
      'Engine air filter',
    ]);
  });

  it('offers a plug-in hybrid both sets, each once', () => {
    expect(titlesFor(['gasoline', 'electricity'])).toEqual([
      'Oil and filter change',
      'Tire rotation',
      'Cabin air filter',
      'Brake fluid',
      'Engine air filter',
      'Battery coolant',
    ]);
  });

  it('offers a diesel its fuel filter, and with AdBlue the AdBlue filter', () => {
    expect(titlesFor(['diesel'])).toEqual([
      'Oil and filter change',
      'Tire rotation',
      'Cabin air filter',
      'Brake fluid',
      'Engine air filter',
      'Diesel fuel filter',
    ]);
    expect(titlesFor(['diesel'], 'adblue')).toEqual([
      'Oil and filter change',
      'Tire rotation',
      'Cabin air filter',
      'Brake fluid',
      'Engine air filter',
      'Diesel fuel filter',
      'AdBlue (DEF) filter',
    ]);
  });

  it('offers every row of the table to some energy, with round figures in both units', () => {
    const offered = new Set(
      [['gasoline'], ['diesel'], ['electricity'], ['hydrogen']].flatMap((energies) =>
        titlesFor(energies as Parameters<typeof titlesFor>[0], 'adblue'),
      ),
    );
    expect([...offered].sort()).toEqual(STARTER_SCHEDULES.map((starter) => starter.title).sort());
    for (const starter of STARTER_SCHEDULES) {
      expect(starter.intervalDistance.mi % 500).toBe(0);
      expect(starter.intervalDistance.km % 1_000).toBe(0);
    }
  });
});
