import { Alert, Box, Button, Flex, Heading, HStack, Input, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import Papa from 'papaparse';
import { useMemo, useState } from 'react';
import { LuDownload, LuUpload } from 'react-icons/lu';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router-dom';
import { useGate } from '../../auth/use-permissions.ts';
import { countOf } from '../../format/count.ts';
import { permissionPrefixOf } from '../../resources/resource.ts';
import { listPath } from '../../resources/routes.ts';
import { TableHeadings } from '../../ui/striped-table.tsx';
import { toaster } from '../../ui/toaster.tsx';
import { RefusedRedirect } from '../shared/refused-redirect.tsx';
import { errorMessage, permissionRefusal, validationErrors } from '../shared/request-error.ts';
import type { ResourceScreenProps } from '../shared/screen-props.ts';
import { cellErrors, errorList, errorsCsv, type ImportError, type ImportFile } from './import-file.ts';

// The preview shows this many rows; the check and the import always cover the whole file, and the list of errors
// shows every error, a page at a time.
const previewRows = 200;
const errorsPerPage = 50;

// docs/domain/README.md, Import: upload a CSV, see every row's errors (row and column) before anything is written, then
// write all rows in one transaction.
export function ImportScreen({ resource, api }: ResourceScreenProps) {
  const can = useGate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<ImportFile | null>(null);
  const [busy, setBusy] = useState(false);
  const importing = resource.importing;
  if (!importing || !api.importCsv) return <Navigate to={listPath(resource)} replace />;
  const importCsv = api.importCsv;
  if (!can({ prefix: permissionPrefixOf(resource), action: 'create', override: [importing.permission] })) {
    return <RefusedRedirect to={listPath(resource)} sentence={permissionRefusal('import', resource.plural)} />;
  }

  const check = async (name: string, text: string) => {
    const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
    const [header = [], ...rows] = parsed.data;
    setBusy(true);
    try {
      await importCsv(text, true);
      setFile({ name, text, header, rows, errors: {}, message: null });
    } catch (error) {
      const errors = validationErrors(error);
      setFile({ name, text, header, rows, errors: errors ?? {}, message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const write = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const result = await importCsv(file.text, false);
      await queryClient.invalidateQueries();
      toaster.create({
        type: 'success',
        title: `${countOf(result.rows, 'row')} of ${importing.label} imported successfully.`,
      });
      navigate(listPath(resource));
    } catch (error) {
      setFile({ ...file, errors: validationErrors(error) ?? {}, message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const errors = file ? cellErrors(file) : null;
  const good = file !== null && file.message === null;
  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading size="xl">Import {importing.label}</Heading>
        <HStack gap="2" wrap="wrap">
          <Button asChild variant="outline">
            <a href={`/api/${resource.key}/import/template`} download>
              <LuDownload /> Download template
            </a>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={listPath(resource)}>Back</RouterLink>
          </Button>
        </HStack>
      </Flex>
      <Text color="fg.muted">
        The first row names the columns, as in the template; a related record is named by its name or code. Every row is
        checked before anything is written, and the rows are written all together or not at all.
      </Text>
      <Box>
        <Input
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file"
          p="1"
          maxW="md"
          disabled={busy}
          onChange={async (event) => {
            const chosen = event.currentTarget.files?.[0];
            if (chosen) await check(chosen.name, await chosen.text());
          }}
        />
      </Box>
      {file ? (
        <Alert.Root status={good ? 'success' : 'error'}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {good
                ? `${countOf(file.rows.length, 'row')} of ${file.name} ${file.rows.length === 1 ? 'is' : 'are'} ready to import.`
                : `${file.name}: ${file.message}`}
            </Alert.Title>
            {errors && errors.general.length > 0 ? (
              <Alert.Description>
                {errors.general.map((message) => (
                  <Text key={message}>{message}</Text>
                ))}
              </Alert.Description>
            ) : null}
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {file && !good ? <ErrorList file={file} /> : null}
      {file && errors ? (
        <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} maxH="xl">
          <Table.Root size="sm" stickyHeader>
            <Table.Caption captionSide="top" textAlign="start" py="2" px="3">
              Preview of {file.name}
              {file.rows.length > previewRows ? ` (the first ${previewRows} of ${file.rows.length} rows)` : ''}
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Row</Table.ColumnHeader>
                {file.header.map((column) => (
                  <Table.ColumnHeader key={column} color={errors.byCell.has(`1.${column}`) ? 'fg.error' : undefined}>
                    {column}
                    {errors.byCell.has(`1.${column}`) ? (
                      <Text textStyle="xs">{errors.byCell.get(`1.${column}`)}</Text>
                    ) : null}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {file.rows.slice(0, previewRows).map((cells, index) => {
                const row = index + 2;
                return (
                  <Table.Row key={row} bg={errors.rows.has(row) ? 'red.50' : undefined}>
                    <Table.Cell>{row}</Table.Cell>
                    {file.header.map((column, position) => {
                      const message = errors.byCell.get(`${row}.${column}`);
                      return (
                        <Table.Cell key={column} verticalAlign="top">
                          <Text>{cells[position] ?? ''}</Text>
                          {message ? (
                            <Text textStyle="xs" color="fg.error" role="note">
                              {message}
                            </Text>
                          ) : null}
                        </Table.Cell>
                      );
                    })}
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : null}
      {file ? (
        <HStack>
          <Button colorPalette="teal" disabled={!good} loading={busy} onClick={() => void write()}>
            <LuUpload /> Import {countOf(file.rows.length, 'row')}
          </Button>
          <Link asChild colorPalette="teal">
            <RouterLink to={listPath(resource)}>Cancel</RouterLink>
          </Link>
        </HStack>
      ) : null}
    </Stack>
  );
}

// Every error of the file, by row and column, a page at a time, and the same list as a CSV to work through.
function ErrorList({ file }: { file: ImportFile }) {
  const list = useMemo(() => errorList(file), [file]);
  const [page, setPage] = useState(1);
  if (list.length === 0) return null;
  const pages = Math.ceil(list.length / errorsPerPage);
  const shown = Math.min(page, pages);
  const download = () => {
    const url = URL.createObjectURL(new Blob([errorsCsv(list)], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${file.name.replace(/\.csv$/i, '')}-errors.csv`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="2">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading size="md">{countOf(list.length, 'error')} to correct</Heading>
        <Button variant="outline" onClick={download}>
          <LuDownload /> Download the errors (CSV)
        </Button>
      </Flex>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm">
          <Table.Caption captionSide="top" textAlign="start" py="2" px="3">
            Errors in {file.name}
            {pages > 1 ? ` (page ${shown} of ${pages})` : ''}
          </Table.Caption>
          <TableHeadings headings={['Row', 'Column', 'Value', 'Problem']} />
          <Table.Body>
            {list.slice((shown - 1) * errorsPerPage, shown * errorsPerPage).map((error: ImportError) => (
              <Table.Row key={`${error.row ?? ''}.${error.column ?? ''}`}>
                <Table.Cell>{error.row ?? '—'}</Table.Cell>
                <Table.Cell>{error.column ?? '—'}</Table.Cell>
                <Table.Cell>{error.value}</Table.Cell>
                <Table.Cell color="fg.error">{error.message}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {pages > 1 ? (
        <HStack>
          <Button variant="outline" size="sm" disabled={shown === 1} onClick={() => setPage(shown - 1)}>
            Previous errors
          </Button>
          <Button variant="outline" size="sm" disabled={shown === pages} onClick={() => setPage(shown + 1)}>
            Next errors
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}
