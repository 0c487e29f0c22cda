// docs/domain/management.md, Contacts: a number is typed as it is dialled ("09175550101") and kept as it was written
// ("+63 917 555 0101"). A search text that looks like a phone number (digits with the marks a number is written
// with, seven digits or more) is matched on digits alone, past the country code or the trunk zero.

const writtenNumber = /^[+\d\s().-]+$/;
const leastDigits = 7;

// The digits a stored number must hold for the search to find it, or null for a text that is not a number.
export function dialledDigits(text: string): string | null {
  if (!writtenNumber.test(text.trim())) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length < leastDigits) return null;
  // The subscriber's number as a Philippine number is written at home (0917…) or abroad (+63 917…).
  if (digits.length === 12 && digits.startsWith('63')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}

// The marks a written number carries between its digits, stripped before it is compared.
export const numberMarks = [' ', '-', '(', ')', '.', '+'] as const;
