// The last column of an editable table (a line's remove button) stays at the right edge of its scroll box: where
// the lines are wider than the form (many columns, long names, a narrow window) the inputs scroll under it and the
// button is never cut off.
export const stickyEnd = { position: 'sticky', insetInlineEnd: '0', bg: 'bg', zIndex: '1' } as const;
