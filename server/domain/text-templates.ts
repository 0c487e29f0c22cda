// The wording of texts to customers (docs/domain/management.md, Texts to customers). A template names only the
// figures a text may carry: who, which shop and branch, which order, what is left to pay. Nothing of a
// prescription or of the patient's health can be named, so no text can carry it, whatever a template says.

export type TextPurpose = 'ready' | 'pickup_reminder' | 'recall';

export const textPlaceholders = ['customer', 'shop', 'branch', 'job_number', 'balance'] as const;
export type TextPlaceholder = (typeof textPlaceholders)[number];
export type TextFigures = Record<TextPlaceholder, string>;

// Texted when the business has written no template of its own for the purpose.
export const defaultTemplates: Record<TextPurpose, string> = {
  ready:
    'Hi {customer}, your eyewear order {job_number} is ready for pickup at {shop} {branch}. Balance due: {balance}. Thank you!',
  pickup_reminder:
    'Hi {customer}, a reminder that your eyewear order {job_number} is waiting for you at {shop} {branch}. Balance due: {balance}.',
  recall:
    'Hi {customer}, it has been a while since your last eye exam at {shop}. Visit us at {branch} to book your next one.',
};

const placeholderPattern = /\{([^{}]*)\}/g;

// The sentence refusing a template, or null when it may be used: only the known placeholders, braces closed.
export function templateRefusal(body: string): string | null {
  const unknown = [...body.matchAll(placeholderPattern)]
    .map((match) => match[1] ?? '')
    .filter((name) => !(textPlaceholders as readonly string[]).includes(name));
  if (unknown.length > 0) {
    return `A text may name only ${textPlaceholders.map((name) => `{${name}}`).join(', ')}; {${unknown[0]}} is not one of them, and no prescription or health detail goes in a text.`;
  }
  if (/[{}]/.test(body.replace(placeholderPattern, ''))) return 'Every { in a text closes with }, as in {customer}.';
  return null;
}

export function renderText(template: string, figures: TextFigures): string {
  return template.replace(placeholderPattern, (_whole, name: string) => figures[name as TextPlaceholder] ?? '');
}
