/** The six moving checklists (spec: 2 months, 1 month, 2 weeks, 1 week, a few days before, moving day). */
export interface Checklist {
  id: string;
  title: string;
  items: { id: string; text: string }[];
}

const list = (id: string, title: string, items: string[]): Checklist => ({ id, title, items: items.map((text, i) => ({ id: `${id}-${i + 1}`, text })) });

export const CHECKLISTS: readonly Checklist[] = [
  list('two-months', 'Two months before', [
    'Walk through every room and decide what to keep, sell, donate or discard',
    'Request quotes from two or three movers and book your date',
    'Start a moving folder for quotes, receipts and contracts',
    'Arrange school or daycare records transfers if needed',
    'Measure large furniture against the new home’s doorways and rooms',
  ]),
  list('one-month', 'One month before', [
    'Collect boxes, tape, markers and packing paper',
    'Begin packing rooms and items you rarely use',
    'Submit a change of address with Canada Post mail forwarding',
    'Notify banks, employer, insurers and subscriptions of your new address',
    'Book elevators or loading docks if either home is a condominium',
  ]),
  list('two-weeks', 'Two weeks before', [
    'Confirm the date, times and inventory with your movers',
    'Arrange disconnection and connection of hydro, gas, water and internet',
    'Refill prescriptions and gather medical records',
    'Plan meals to use up the freezer and pantry',
  ]),
  list('one-week', 'One week before', [
    'Pack everything except the essentials for the last few days',
    'Label every box with its room and a short list of contents',
    'Set aside valuables, documents and keys to carry yourself',
    'Arrange care for children and pets on moving day',
  ]),
  list('few-days', 'A few days before', [
    'Defrost and clean the refrigerator and freezer',
    'Pack an essentials box: bedding, toiletries, chargers, kettle, tools',
    'Confirm the key exchange with your lawyer and agent',
    'Withdraw cash for tips and incidentals',
  ]),
  list('moving-day', 'Moving day', [
    'Be present to guide the movers and check the inventory',
    'Take meter readings and photos at both homes',
    'Do a final walk-through: closets, cupboards, garage and attic',
    'Leave keys, remotes and manuals for the new owners',
    'Unpack the essentials box and make the beds first',
  ]),
];

export const MOVING_STORAGE_KEY = 'gta-content/moving-guide/checked';
