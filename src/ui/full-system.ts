import { createSystem } from '@chakra-ui/react';
import { defaultConfig } from '@chakra-ui/react/preset';

// Chakra's default system, every token and recipe: loaded with the first screen (system.ts). One change: a solid
// teal button (Create New, Save) is teal.700, not teal.600, so that its white text reads at the 4.5:1 contrast
// that WCAG asks of normal text (teal.600 gives 3.7:1). And every focusable element shows a ring when reached by
// keyboard: Chakra's recipes ring their own controls, and `:where` (no specificity) lets those win, so this only
// reaches what no recipe styles (sidebar links, row actions, links in tables and cards).
export const fullSystem = createSystem(defaultConfig, {
  globalCss: {
    ':where(a, button, summary, [role="button"], [role="link"], [tabindex]):focus-visible': {
      outline: '2px solid {colors.teal.600}',
      outlineOffset: '2px',
    },
  },
  theme: { semanticTokens: { colors: { teal: { solid: { value: '{colors.teal.700}' } } } } },
});
