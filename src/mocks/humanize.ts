import { faker } from '@faker-js/faker';

// faker's strings from the contract are random letters; a demo reads better with shop-like words.
const opticalNames = [
  'Ray-Ban Aviator Classic',
  'Oakley Holbrook',
  'Acuvue Oasys 2-Week',
  'Essilor Varilux Comfort',
  'Bausch + Lomb Renu 355 ml',
  'Hoya Blue Control 1.56',
  'Silhouette Titan Minimal',
  'Crizal Sapphire Lens',
  'Lens Cleaning Spray',
  'Microfiber Cloth',
  'Eye Examination',
  'Biofinity Toric',
];

function nameFor(key: string): string {
  if (key === 'contact_name') return faker.company.name();
  if (key.includes('location') || key === 'branch_name' || key === 'userable_from') {
    return `${faker.location.city()} ${faker.helpers.arrayElement(['Branch', 'Warehouse'])}`;
  }
  if (key.endsWith('_number')) return `DOC-${faker.string.numeric(8)}`;
  return faker.helpers.arrayElement(opticalNames);
}

function humanValue(key: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (key === 'name' || key.endsWith('_name') || key === 'userable_from') return nameFor(key);
  if (key === 'email') return faker.internet.email().toLowerCase();
  if (key === 'phone') return faker.phone.number({ style: 'national' });
  if (key === 'address') return faker.location.streetAddress();
  if (['description', 'notes', 'reason'].includes(key)) return faker.lorem.sentence();
  if (key === 'code' || key === 'abbreviation') return faker.string.alphanumeric({ length: 6, casing: 'upper' });
  if (key === 'number' || key === 'reference_number')
    return `${faker.string.alpha({ length: 2, casing: 'upper' })}-20261121-B00001-${faker.string.numeric(8)}`;
  if (key === 'tin' || key === 'barcode' || key === 'supplier_invoice_number' || key === 'reference') {
    return faker.string.numeric(12);
  }
  return value;
}

export function humanize<T extends object>(record: T): T {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [
      key,
      Array.isArray(value)
        ? value.map((entry) => (typeof entry === 'object' && entry !== null ? humanize(entry) : humanValue(key, entry)))
        : humanValue(key, value),
    ]),
  ) as T;
}
