import { getSelectedBusinessId } from '../../api/selected-business.ts';
import { businessDayIso, todayIso } from '../../format/date.ts';
import { receivedUnbilledKey } from '../../resources/remaining.ts';
import type { FormField, FormValues, LineField } from '../../resources/resource.ts';
import type { HomeLocation } from './home-location.ts';

export type FormMode = 'create' | 'edit';

// Keys starting with an underscore hold what the form shows but never sends (a chosen record's name). In a line
// ('lines.0.item_id') the underscore goes on the last segment, where the line row writes it and stripLocal drops it.
export const labelKey = (name: string) => name.replace(/([^.]+)$/, '_$1_label');

// What a picker shows for its pick: the name the form keeps beside it, or the bare id while it keeps none.
export function pickedLabel(label: unknown, value: number | null): string {
  return typeof label === 'string' && label !== '' ? label : value === null ? '' : `#${value}`;
}

const locationKeys = (prefix: string) => [`${prefix}branch_id`, `${prefix}warehouse_id`];

export function fieldsFor(fields: readonly FormField[], mode: FormMode): FormField[] {
  // A hidden link to the source record (an invoice's job order) is set once, on create.
  return fields.filter(
    (field) => !(mode === 'edit' && (field.kind === 'hidden' || ('createOnly' in field && field.createOnly))),
  );
}

// The value keys a field writes, so that server errors can be matched to the field that shows them.
export function valueKeys(field: FormField): string[] {
  switch (field.kind) {
    case 'location':
      return locationKeys(field.prefix);
    case 'home-location':
      return ['userable_type', 'userable_id'];
    case 'area':
      return field.values ? [...field.values] : [field.name];
    default:
      return [field.name];
  }
}

// A line's own display keys: the item's name (for lines that come from a source line), its discount tiers, and
// whether the discount was typed by the user (then a quantity change leaves it alone).
// Whether its price came from the price lists (then it follows the document's date and party) and what the line
// says under its price (a lookup under way, or no price in effect).
export const lineKeys = {
  label: '_label',
  tiers: '_tiers',
  discountTyped: '_discount_typed',
  autoPriced: '_auto_priced',
  priceNote: '_price_note',
  // Whether the line's item is kept by lot: true or false once known, null until the item is looked up.
  lotTracked: '_lot_tracked',
  // What its source line has received and not yet billed (a bill's line from a purchase order), or null: the
  // form warns when the line bills more.
  receivedUnbilled: receivedUnbilledKey,
  // The line's fields the server fills when they are left out (its price): an empty one is not sent.
  filledByServer: '_filled_by_server',
} as const;

function lineValues(columns: readonly LineField[], line: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const column of columns) {
    // Every value of a line is defined, an empty one null: react-hook-form gives a field that reads undefined the
    // default value of its index, which after a line is added or removed is another line's (its price).
    values[column.name] = line[column.name] ?? null;
    if (column.kind === 'item' || column.kind === 'unit') values[labelKey(column.name)] = line[column.labelField] ?? '';
  }
  // An omitted price is filled by the server from the price lists, so an empty one is left out, not sent as null.
  values[lineKeys.filledByServer] = columns.filter((column) => column.kind === 'money').map((column) => column.name);
  values[lineKeys.label] = line.item_name ?? '';
  values[lineKeys.tiers] = [];
  values[lineKeys.discountTyped] = line.discount_percent !== null && line.discount_percent !== undefined;
  values[lineKeys.autoPriced] = false;
  values[lineKeys.priceNote] = null;
  values[lineKeys.lotTracked] = typeof line.is_lot_tracked === 'boolean' ? line.is_lot_tracked : null;
  const receivedUnbilled = line[lineKeys.receivedUnbilled];
  values[lineKeys.receivedUnbilled] = typeof receivedUnbilled === 'number' ? receivedUnbilled : null;
  return values;
}

export const lineColumn = (columns: readonly LineField[], kind: LineField['kind']): string | undefined =>
  columns.find((column) => column.kind === kind)?.name;

export function emptyLine(columns: readonly LineField[]): FormValues {
  return lineValues(columns, { quantity: 1 });
}

function asRecords(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter((entry) => typeof entry === 'object' && entry !== null) : [];
}

// Where a new document starts: the field that takes the user's home location, and that location.
export type HomeStart = { field: string; home: HomeLocation };

// Puts the home location into a new document's location field, unless its source (a prefill) already set one or
// the field cannot hold that kind of location (a branch-only field for a warehouse clerk).
function startAtHome(values: FormValues, field: FormField, home: HomeLocation): void {
  if (field.kind === 'relation') {
    const fits = field.resource === (home.kind === 'branch' ? 'branches' : 'warehouses');
    if (!fits || values[field.name] !== null) return;
    values[field.name] = home.id;
    values[labelKey(field.name)] = home.name;
  } else if (field.kind === 'location') {
    const [branch, warehouse] = locationKeys(field.prefix);
    if (!branch || !warehouse || values[branch] !== null || values[warehouse] !== null) return;
    values[home.kind === 'branch' ? branch : warehouse] = home.id;
    values[labelKey(field.name)] = home.name;
  }
}

// The form's starting values: the record being edited, or a source record (prefill), or empty ones; a new
// document's location at the user's home.
export function initialValues(
  fields: readonly FormField[],
  source: Record<string, unknown> | null,
  mode: FormMode,
  start: HomeStart | null = null,
) {
  const values: FormValues = {};
  const from = source ?? {};
  for (const field of fieldsFor(fields, mode)) {
    switch (field.kind) {
      case 'checkbox':
        values[field.name] = typeof from[field.name] === 'boolean' ? from[field.name] : (field.defaultChecked ?? true);
        break;
      case 'select':
        values[field.name] = from[field.name] ?? field.defaultValue ?? null;
        break;
      case 'relation':
        values[field.name] = from[field.name] ?? null;
        values[labelKey(field.name)] = from[field.labelField] ?? '';
        break;
      case 'relations':
        values[field.name] = Array.isArray(from[field.name]) ? from[field.name] : startingRelations(field, mode);
        break;
      case 'location':
        for (const key of locationKeys(field.prefix)) values[key] = from[key] ?? null;
        values[labelKey(field.name)] = from[field.labelField] ?? '';
        break;
      case 'home-location':
        values.userable_type = from.userable_type ?? null;
        values.userable_id = from.userable_id ?? null;
        values[labelKey(field.name)] = from[field.labelField] ?? '';
        break;
      case 'area':
        for (const key of field.values ?? [field.name]) {
          values[key] = field.initial ? field.initial(from[key]) : (from[key] ?? null);
        }
        if (field.labelField) values[labelKey(field.name)] = from[field.labelField] ?? '';
        break;
      case 'discounts':
        values[field.name] = asRecords(from[field.name]).map((tier) => ({
          quantity: tier.quantity ?? null,
          discount_percent: tier.discount_percent ?? null,
        }));
        break;
      case 'lines': {
        const lines = asRecords(from.lines);
        values.lines =
          lines.length > 0 ? lines.map((line) => lineValues(field.columns, line)) : [emptyLine(field.columns)];
        break;
      }
      case 'date': {
        // A document belongs to the shop's business day in Manila, wherever the browser is.
        const today = field.documentDate ? businessDayIso() : todayIso();
        values[field.name] = from[field.name] ?? (mode === 'create' && field.required ? today : null);
        break;
      }
      case 'text':
      case 'email':
      case 'password':
      case 'textarea':
        values[field.name] = from[field.name] ?? (field.required ? '' : null);
        break;
      default:
        values[field.name] = from[field.name] ?? null;
    }
    if (mode === 'create' && start?.field === field.name) startAtHome(values, field, start.home);
  }
  return values;
}

// A user made inside a business belongs to it unless the form says otherwise: the Businesses boxes start with the
// selected one ticked.
function startingRelations(field: FormField, mode: FormMode): number[] {
  const selected = getSelectedBusinessId();
  return mode === 'create' && 'resource' in field && field.resource === 'businesses' && selected !== null
    ? [selected]
    : [];
}

// The values a source record (an order picked on its receive order) sets, leaving the fields it says nothing
// about as the user has them: the same values the prefill route starts with.
export function sourceValues(
  fields: readonly FormField[],
  source: Record<string, unknown>,
  mode: FormMode,
): FormValues {
  const all = initialValues(fields, source, mode);
  const set: FormValues = {};
  for (const field of fieldsFor(fields, mode)) {
    const keys = field.kind === 'lines' ? ['lines'] : valueKeys(field);
    if (!keys.some((key) => source[key] !== undefined && source[key] !== null)) continue;
    for (const key of [...keys, labelKey(field.name)]) if (key in all) set[key] = all[key];
  }
  return set;
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

// A line left as Add line or Enter made it (no item, nothing typed but its starting quantity of 1) is not part of
// the document: the counter's extra empty line at the end is left out rather than blocking the save. Only trailing
// ones, so every refused line keeps the number it has on the screen; a document of blank lines keeps its first, whose
// missing item is then named.
function withoutTrailingBlankLines(lines: readonly unknown[]): unknown[] {
  const blank = (line: unknown) =>
    typeof line === 'object' &&
    line !== null &&
    'item_id' in line &&
    Object.entries(line).every(
      ([key, value]) => key.startsWith('_') || isBlank(value) || (key === 'quantity' && value === 1),
    );
  let end = lines.length;
  while (end > 1 && blank(lines[end - 1])) end -= 1;
  return lines.slice(0, end);
}

// What is sent: the form's values without the display-only keys, at the top and inside lines, and without a line's
// empty values that the server fills.
export function stripLocal(values: FormValues): FormValues {
  const filled = values[lineKeys.filledByServer];
  const leftOut = (key: string, value: unknown) => value === null && Array.isArray(filled) && filled.includes(key);
  return Object.fromEntries(
    Object.entries(values)
      .filter(([key, value]) => !key.startsWith('_') && !leftOut(key, value))
      .map(([key, value]) => [
        key,
        Array.isArray(value)
          ? withoutTrailingBlankLines(value).map((entry) =>
              typeof entry === 'object' && entry !== null ? stripLocal(entry as FormValues) : entry,
            )
          : value,
      ]),
  );
}
