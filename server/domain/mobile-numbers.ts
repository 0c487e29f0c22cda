// A Philippine mobile number as customers write it (+63 917 123 4567, 0917-123-4567, 639171234567) in E.164, the
// form the gateway takes and the shop stores: +639 and nine digits. Null for anything else (a landline, a short or
// foreign number), which the caller refuses in words.
export function philippineMobile(written: string): string | null {
  const digits = written.trim().replace(/[\s\-().]/g, '');
  const match = /^(?:\+?63|0)?(9\d{9})$/.exec(digits);
  return match ? `+63${match[1]}` : null;
}

export const mobileRefusal = 'The mobile number is a Philippine mobile number, as +63 917 123 4567 or 0917 123 4567.';
