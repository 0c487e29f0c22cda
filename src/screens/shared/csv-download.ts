import { useState } from 'react';
import { axiosInstance } from '../../api/http-client.ts';
import { toaster } from '../../ui/toaster.tsx';
import { errorMessage } from './request-error.ts';

export type CsvRequest = {
  path: string;
  params: Record<string, unknown>;
  filename: string;
  // The error toast's title when the server refuses or the network fails.
  failure: string;
};

// The generated client leaves CSV out of its types, so a list's export and a report's download ask the server for
// it by hand (`Accept: text/csv`) and hand the answer to the browser as a file; `downloading` shows while it comes.
export function useCsvDownload() {
  const [downloading, setDownloading] = useState(false);
  const download = async ({ path, params, filename, failure }: CsvRequest) => {
    setDownloading(true);
    try {
      const answer = await axiosInstance.get<Blob>(path, {
        params,
        headers: { Accept: 'text/csv' },
        responseType: 'blob',
      });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(answer.data);
      link.download = filename;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      toaster.create({ type: 'error', title: failure, description: errorMessage(error) });
    } finally {
      setDownloading(false);
    }
  };
  return { downloading, download };
}
