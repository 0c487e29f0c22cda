// A field of a resource's contract (openapi/<area>/<key>.yaml, `fields`), as scripts/contract/generate.ts writes it
// into src/resources/field-lists.ts. Apart from record-fields.ts, which reads those lists, so the two never import
// each other.
export type ScreenField = {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'number' | 'money' | 'quantity' | 'checkbox' | 'date' | 'select' | 'relation' | 'list';
  required?: true;
  readOnly?: true;
  writableOnce?: true;
  options?: string[];
  resource?: string;
};
