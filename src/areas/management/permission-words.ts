// Words for a person, not the stored names: the full access keeps its stored (misspelt) name, which sign-in and
// every role refer to, and reads correctly here.
const permissionWords: Readonly<Record<string, string>> = {
  'full-access-and-permssions': 'Full access and permissions',
  'work-at-any-location': 'Work at any location',
  'post-backdated-documents': 'Post backdated documents',
};

export const sentenceCase = (words: string) => {
  const spaced = words.replaceAll('-', ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

// A permission in words ("View brands", "Force delete invoices", "Full access and permissions").
export function permissionLabel(name: string): string {
  return permissionWords[name] ?? sentenceCase(name);
}
