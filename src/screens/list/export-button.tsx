import { Button } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import { useCsvDownload } from '../shared/csv-download.ts';

export type ExportButtonProps = { prefix: string; plural: string; params: Record<string, unknown> };

// Downloads every record the list's filters select, all pages, as the server's CSV.
export function ExportButton({ prefix, plural, params }: ExportButtonProps) {
  const { downloading, download } = useCsvDownload();
  const { page: _page, per_page: _perPage, ...filters } = params;
  const exportAll = () =>
    download({
      path: `/api/${prefix}`,
      params: filters,
      filename: `${prefix}-${new Date().toISOString().slice(0, 10)}.csv`,
      failure: `${plural} could not be exported.`,
    });
  return (
    <Button variant="outline" loading={downloading} onClick={() => void exportAll()}>
      <LuDownload /> Export
    </Button>
  );
}
