// The contract's one rule for text (every free-text field of a request body declares this `pattern`): no control
// characters but tab and newline. PostgreSQL refuses NUL outright, and the others are never typed by a user.
// biome-ignore lint/suspicious/noControlCharactersInRegex: naming the control characters is the point of the rule
export const plainTextPattern = /^[^\u0000-\u0008\u000B-\u001F\u007F]*$/;

export function isPlainText(text: string): boolean {
  return plainTextPattern.test(text);
}

export function controlCharacterMessage(field: string): string {
  return `The ${field} may not contain control characters.`;
}
