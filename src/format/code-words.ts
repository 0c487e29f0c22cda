// A stored name (a field, a status, a role) as a person reads it. The shop's abbreviations keep their capitals:
// `od_sphere` reads "OD Sphere", `lens_od` "Lens OD", never "Od sphere" or "Lens Od".
const abbreviations = new Set([
  'ad',
  'add',
  'ar',
  'bc',
  'bir',
  'cm',
  'dbl',
  'dia',
  'dm',
  'ed',
  'hmo',
  'id',
  'jo',
  'loa',
  'od',
  'or',
  'os',
  'ou',
  'pd',
  'po',
  'pwd',
  'rx',
  'sc',
  'sku',
  'tin',
  'va',
  'vat',
]);

// Codes whose words are not their parts capitalised: the tax classes as the item form's options read them, a lab in
// the shop as the order form writes it.
const codeWordings: Readonly<Record<string, string>> = {
  vatable: 'VATable',
  vat_exempt: 'VAT-exempt',
  zero_rated: 'Zero-rated',
  in_house: 'In-house',
  'z-reading': 'Z-Reading',
};

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function spelled(word: string): string {
  return abbreviations.has(word.toLowerCase()) ? word.toUpperCase() : word;
}

// `title`: each word capitalised, as a label ("OD Sphere"); `sentence`: only the first ("Lens OD", "Partially paid").
export function codeWords(code: string, casing: 'title' | 'sentence' = 'sentence'): string {
  const known = codeWordings[code];
  if (known) return known;
  const words = code
    .split(/[_\s-]+/)
    .filter((word) => word !== '')
    .map(spelled);
  return words.map((word, index) => (casing === 'title' || index === 0 ? capitalised(word) : word)).join(' ');
}

// Whether the words of a code are written on purpose (kept as they are), not capitalised word by word.
export function hasOwnWording(code: string): boolean {
  return code in codeWordings;
}
