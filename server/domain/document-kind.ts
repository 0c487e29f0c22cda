import {
  type DocumentKind,
  documentEntries,
  documentKindOf,
  type ReferencedDocumentKind,
} from '../registry/resources.ts';

export type { DocumentKind, ReferencedDocumentKind };

// The number prefix of each document kind, from the registry.
export const documentPrefixes = Object.fromEntries(
  documentEntries.map((entry) => [documentKindOf(entry.key), entry.document.numberPrefix]),
) as Record<DocumentKind, string>;
