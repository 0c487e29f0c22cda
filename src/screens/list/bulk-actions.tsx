import { Button, HStack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import Papa from 'papaparse';
import { useState } from 'react';
import { LuDownload, LuPrinter, LuRotateCcw, LuTrash2 } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import type { ResourceApi, ResourceDefinition, ResourceRecord } from '../../resources/resource.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../ui/toaster.tsx';
import { errorMessage } from '../shared/request-error.ts';

// As the server's exports do (docs/DECISIONS.md): a text cell a spreadsheet would run as a formula gets a leading
// apostrophe; a plain number does not.
const formulaCell = /^(?![+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$)[=+\-@\t\r]/;

type BulkAction = 'delete' | 'restore';

const done: Record<BulkAction, string> = { delete: 'deleted', restore: 'restored' };

export type BulkActionsProps = {
  resource: ResourceDefinition;
  api: ResourceApi;
  selected: readonly ResourceRecord[];
  canDelete: boolean;
  canRestore: boolean;
  onDone: () => void;
};

// What a list does with its ticked rows: delete or restore them (the confirmation dialog of docs/domain/screens.md,
// then one toast for all), download them as CSV, or print their labels.
export function BulkActions({ resource, api, selected, canDelete, canRestore, onDone }: BulkActionsProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState<BulkAction | null>(null);
  const [busy, setBusy] = useState(false);
  const count = selected.length;
  const active = selected.filter((record) => record.deleted_at === null);
  const trashed = selected.filter((record) => record.deleted_at !== null);

  const counted = (records: readonly ResourceRecord[]) =>
    `${records.length} ${records.length === 1 ? resource.singular : resource.plural}`;

  const run = async (action: BulkAction) => {
    const targets = action === 'delete' ? active : trashed;
    const call = action === 'delete' ? api.remove : api.restore;
    if (!call) return;
    setBusy(true);
    let succeeded = 0;
    const failures: string[] = [];
    // One at a time: each record's own rules (a posted document's void) decide, and a refusal names its record.
    for (const record of targets) {
      try {
        await call(record.id);
        succeeded += 1;
      } catch (error) {
        failures.push(errorMessage(error));
      }
    }
    await queryClient.invalidateQueries({ queryKey: api.listKey().slice(0, 1) });
    setBusy(false);
    setPending(null);
    const noun = `${succeeded} ${succeeded === 1 ? resource.singular : resource.plural}`;
    if (failures.length === 0) notifySuccess(`${noun} ${done[action]} successfully.`);
    else notifyError(`${noun} ${done[action]}; ${failures.length} could not be: ${failures[0]}`);
    onDone();
  };

  const download = () => {
    const rows = selected.map((record) =>
      Object.fromEntries(Object.entries(record).filter(([, value]) => value === null || typeof value !== 'object')),
    );
    const link = document.createElement('a');
    const csv = Papa.unparse(rows, { escapeFormulae: formulaCell });
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
    link.download = `${resource.key}-selected.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <HStack
      gap="2"
      wrap="wrap"
      borderWidth="1px"
      rounded="md"
      px="3"
      py="2"
      bg="teal.50"
      role="toolbar"
      aria-label="Selected rows"
    >
      <Text textStyle="sm" fontWeight="medium" me="2">
        {count} selected
      </Text>
      {canDelete && active.length > 0 && api.remove ? (
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => setPending('delete')}>
          <LuTrash2 /> Delete
        </Button>
      ) : null}
      {canRestore && trashed.length > 0 && api.restore ? (
        <Button size="sm" variant="outline" onClick={() => setPending('restore')}>
          <LuRotateCcw /> Restore
        </Button>
      ) : null}
      <Button size="sm" variant="outline" onClick={download}>
        <LuDownload /> Export selected
      </Button>
      {resource.printsLabels ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => navigate(`/${resource.key}/labels?ids=${selected.map((record) => record.id).join(',')}`)}
        >
          <LuPrinter /> Print labels
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" onClick={onDone}>
        Clear selection
      </Button>
      {pending ? (
        <ConfirmDialog
          open
          action={pending}
          subject={counted(pending === 'delete' ? active : trashed)}
          busy={busy}
          onConfirm={() => void run(pending)}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </HStack>
  );
}
