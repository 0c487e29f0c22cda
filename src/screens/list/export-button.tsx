import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { axiosInstance } from '../../api/http-client.ts';
import { toaster } from '../../ui/toaster.tsx';
import { errorMessage } from '../shared/request-error.ts';

export type ExportButtonProps = { prefix: string; plural: string; params: Record<string, unknown> };

// Downloads every record the list's filters select, all pages, as the server's CSV (`Accept: text/csv`). The
// generated client leaves CSV out of its types, so this is the one call that asks for it by hand.
export function ExportButton({ prefix, plural, params }: ExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const { page: _page, per_page: _perPage, ...filters } = params;
  const download = async () => {
    setBusy(true);
    try {
      const answer = await axiosInstance.get<Blob>(`/api/${prefix}`, {
        params: filters,
        headers: { Accept: 'text/csv' },
        responseType: 'blob',
      });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(answer.data);
      link.download = `${prefix}-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      toaster.create({ type: 'error', title: `${plural} could not be exported.`, description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" loading={busy} onClick={() => void download()}>
      <LuDownload /> Export
    </Button>
  );
}
