import {
  type DocumentKind,
  documentEntries,
  documentKindOf,
  type ReferencedDocumentKind as RegistryReferencedKind,
} from '../registry/resources.ts';

export type { DocumentKind };

// Credit and debit memos count their reference numbers per contact under one shared name (docs/domain/sales.md,
// Credit memos), besides the kinds the registry marks as referenced.
export type ReferencedDocumentKind = RegistryReferencedKind | 'document-memorandum';

// The number prefix of each document kind, from the registry.
export const documentPrefixes = Object.fromEntries(
  documentEntries.map((entry) => [documentKindOf(entry.key), entry.document.numberPrefix]),
) as Record<DocumentKind, string>;
