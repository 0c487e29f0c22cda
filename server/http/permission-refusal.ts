// The 403 of a missing permission, in the words the screens use: "You do not have permission to view Purchase
// Orders." The permission names the action and the resource prefix ({action}-{prefix}).
const actionWords: Readonly<Record<string, string>> = {
  view: 'view',
  create: 'create',
  update: 'update',
  delete: 'delete',
  restore: 'restore',
  'force-delete': 'permanently delete',
};

const lowerWords = new Set(['of', 'and']);

function pluralTitle(prefix: string): string {
  return prefix
    .split('-')
    .map((word, index) =>
      index > 0 && lowerWords.has(word) ? word : `${word.charAt(0).toUpperCase()}${word.slice(1)}`,
    )
    .join(' ');
}

export function permissionRefusal(permissions: readonly string[]): string {
  const [first] = permissions;
  const match = first ? /^(force-delete|view|create|update|delete|restore)-(.+)$/.exec(first) : null;
  if (!match?.[1] || !match[2]) {
    // A rule of its own (close-books): named, so that the user knows what to ask for.
    return first ? `You need the permission ${first} to do this.` : 'You do not have permission to do this.';
  }
  return `You do not have permission to ${actionWords[match[1]]} ${pluralTitle(match[2])}.`;
}
