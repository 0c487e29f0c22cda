// The common A4 sheets of self-adhesive labels (Avery's L-series and their many equivalents), in millimetres:
// where the first label starts and how the labels repeat across and down the page.
export type LabelLayout = {
  key: string;
  name: string;
  columns: number;
  rows: number;
  width: number;
  height: number;
  top: number;
  left: number;
  columnGap: number;
  rowGap: number;
};

export const labelLayouts: readonly LabelLayout[] = [
  {
    key: 'L7160',
    name: 'L7160 — 21 per sheet, 63.5 × 38.1 mm',
    columns: 3,
    rows: 7,
    width: 63.5,
    height: 38.1,
    top: 15.15,
    left: 7.25,
    columnGap: 2.5,
    rowGap: 0,
  },
  {
    key: 'L7159',
    name: 'L7159 — 24 per sheet, 63.5 × 33.9 mm',
    columns: 3,
    rows: 8,
    width: 63.5,
    height: 33.9,
    top: 12.9,
    left: 7.25,
    columnGap: 2.5,
    rowGap: 0,
  },
  {
    key: 'L7163',
    name: 'L7163 — 14 per sheet, 99.1 × 38.1 mm',
    columns: 2,
    rows: 7,
    width: 99.1,
    height: 38.1,
    top: 15.15,
    left: 4.65,
    columnGap: 2.5,
    rowGap: 0,
  },
  {
    key: 'L7651',
    name: 'L7651 — 65 per sheet, 38.1 × 21.2 mm',
    columns: 5,
    rows: 13,
    width: 38.1,
    height: 21.2,
    top: 10.7,
    left: 4.75,
    columnGap: 2.5,
    rowGap: 0,
  },
];

export const labelsPerSheet = (layout: LabelLayout) => layout.columns * layout.rows;
