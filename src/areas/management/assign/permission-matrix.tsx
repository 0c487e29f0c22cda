import { Checkbox, Stack, Table, Text } from '@chakra-ui/react';
import { resources } from '../../../resources/registry.ts';
import { permissionLabel, sentenceCase } from '../permission-words.ts';
import type { AssignableOption, ChooserProps } from './assignment-screen.tsx';

// The columns of the matrix: the actions every resource has a permission for (docs/domain/management.md, Permissions).
const matrixActions = ['view', 'create', 'update', 'delete', 'restore', 'force-delete'] as const;
type MatrixAction = (typeof matrixActions)[number];

const actionLabel = (action: MatrixAction) =>
  action
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

// A row of the matrix: the resource's plural, else its words ("costs" reads "Costs", "daily-sales" "Daily sales").
export function rowLabel(prefix: string): string {
  return resources.find((resource) => resource.key === prefix)?.plural ?? sentenceCase(prefix);
}

type MatrixRow = { prefix: string; group: string; cells: Map<MatrixAction, number> };

function isMatrixAction(action: string | undefined): action is MatrixAction {
  return matrixActions.some((candidate) => candidate === action);
}

// Places each {action}-{prefix} permission in its resource's row and action's column; any other permission (the
// full access) is offered on its own.
function arrange(options: readonly AssignableOption[]): { rows: MatrixRow[]; single: AssignableOption[] } {
  const rows = new Map<string, MatrixRow>();
  const single: AssignableOption[] = [];
  for (const option of options) {
    const action = option.action;
    if (!isMatrixAction(action) || !option.name.startsWith(`${action}-`)) {
      single.push(option);
      continue;
    }
    const prefix = option.name.slice(action.length + 1);
    const row = rows.get(prefix) ?? { prefix, group: option.group, cells: new Map() };
    row.cells.set(action, option.id);
    rows.set(prefix, row);
  }
  return { rows: [...rows.values()], single };
}

type TickProps = { label: string; ids: readonly number[] } & Pick<ChooserProps, 'picked' | 'onChange'> & {
    labelHidden?: boolean;
  };

// One checkbox standing for a set of permissions: ticked when all are held, half when some are; ticking gives all,
// unticking takes all away.
function Tick({ label, ids, picked, onChange, labelHidden = false }: TickProps) {
  const held = ids.filter((id) => picked.includes(id)).length;
  const checked = held === 0 ? false : held === ids.length ? true : 'indeterminate';
  return (
    <Checkbox.Root
      checked={checked}
      disabled={ids.length === 0}
      onCheckedChange={(details) =>
        onChange(
          details.checked === true
            ? [...picked, ...ids.filter((id) => !picked.includes(id))]
            : picked.filter((id) => !ids.includes(id)),
        )
      }
    >
      <Checkbox.HiddenInput aria-label={labelHidden ? label : undefined} />
      <Checkbox.Control />
      {labelHidden ? null : <Checkbox.Label>{label}</Checkbox.Label>}
    </Checkbox.Root>
  );
}

// A role's permissions as resources × actions, with a select-all per resource (row) and per action (column).
export function PermissionMatrix({ options, picked, onChange }: ChooserProps) {
  const { rows, single } = arrange(options);
  const column = (action: MatrixAction) => rows.flatMap((row) => row.cells.get(action) ?? []);
  return (
    <Stack gap="4">
      {single.map((option) => (
        <Tick
          key={option.id}
          label={permissionLabel(option.name)}
          ids={[option.id]}
          picked={picked}
          onChange={onChange}
        />
      ))}
      <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0}>
        <Table.Root size="sm">
          <Table.Caption captionSide="top" textAlign="start" py="2" px="3">
            Permissions by resource and action
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Resource</Table.ColumnHeader>
              {matrixActions.map((action) => (
                <Table.ColumnHeader key={action}>
                  <Tick label={actionLabel(action)} ids={column(action)} picked={picked} onChange={onChange} />
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row, index) => (
              <MatrixRowView
                key={row.prefix}
                row={row}
                groupStarts={rows[index - 1]?.group !== row.group}
                picked={picked}
                onChange={onChange}
              />
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}

type MatrixRowViewProps = { row: MatrixRow; groupStarts: boolean } & Pick<ChooserProps, 'picked' | 'onChange'>;

function MatrixRowView({ row, groupStarts, picked, onChange }: MatrixRowViewProps) {
  return (
    <>
      {groupStarts ? (
        <Table.Row>
          <Table.Cell colSpan={matrixActions.length + 1}>
            <Text fontWeight="semibold" textTransform="capitalize">
              {row.group.replaceAll('-', ' ')}
            </Text>
          </Table.Cell>
        </Table.Row>
      ) : null}
      <Table.Row>
        <Table.ColumnHeader scope="row">
          <Tick label={rowLabel(row.prefix)} ids={[...row.cells.values()]} picked={picked} onChange={onChange} />
        </Table.ColumnHeader>
        {matrixActions.map((action) => {
          const id = row.cells.get(action);
          return (
            <Table.Cell key={action}>
              {id === undefined ? null : (
                <Tick
                  label={`${actionLabel(action)} ${rowLabel(row.prefix)}`}
                  ids={[id]}
                  picked={picked}
                  onChange={onChange}
                  labelHidden
                />
              )}
            </Table.Cell>
          );
        })}
      </Table.Row>
    </>
  );
}
