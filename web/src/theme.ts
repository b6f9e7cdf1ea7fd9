import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const arbor: MantineColorsTuple = [
  '#e8f7ee',
  '#d2ecdc',
  '#a5d8b9',
  '#75c393',
  '#4eb173',
  '#37a55f',
  '#289b53',
  '#1c8644',
  '#12713a',
  '#035e2d',
];

// Neutral greys with a faint green cast; dark[0] (the text in dark mode) a little brighter than Mantine's.
const dark: MantineColorsTuple = [
  '#dfe3e1',
  '#b9bfbc',
  '#8e9592',
  '#68706c',
  '#454c49',
  '#353b38',
  '#2a2f2d',
  '#1f2422',
  '#181c1a',
  '#121514',
];

export const theme = createTheme({
  primaryColor: 'arbor',
  // Filled buttons carry white text: shade 6 gave 3.6:1 on dark; 7 and 8 pass WCAG AA (4.5:1).
  primaryShade: { light: 7, dark: 8 },
  colors: { arbor, dark },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    '"Inter Variable", Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily:
      '"Inter Variable", Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '650',
  },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
    TextInput: { defaultProps: { radius: 'md' } },
    PasswordInput: { defaultProps: { radius: 'md' } },
    Select: { defaultProps: { radius: 'md' } },
  },
});

/**
 * Secondary ("dimmed") text and red text dark enough for WCAG AA contrast (4.5:1) on the white
 * and the off-white page backgrounds, and light enough on the dark ones; Mantine's defaults give
 * about 3.1:1. Checked by the accessibility flow (web/e2e/flows/95-a11y.mjs).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#656d74',
    '--mantine-color-placeholder': '#6c757d',
    '--mantine-color-anchor': 'var(--mantine-color-arbor-8)',
    '--mantine-color-arbor-text': 'var(--mantine-color-arbor-8)',
    '--mantine-color-arbor-outline': 'var(--mantine-color-arbor-8)',
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
    '--mantine-color-orange-text': '#a33a0c',
    // Text of light badges and buttons (pale background): Mantine's shades give 3–4:1 for these.
    '--mantine-color-green-light-color': '#1e6b2f',
    '--mantine-color-orange-light-color': '#a33a0c',
    '--mantine-color-yellow-light-color': '#7a4f00',
    '--mantine-color-lime-light-color': '#466f0b',
    '--mantine-color-teal-light-color': '#06684a',
    '--mantine-color-teal-text': '#06684a',
    '--mantine-color-teal-outline': '#06684a',
    '--mantine-color-red-light-color': '#b02525',
    '--mantine-color-arbor-light-color': 'var(--mantine-color-arbor-9)',
  },
  dark: {
    '--mantine-color-dimmed': '#a3aaa7',
    '--mantine-color-placeholder': '#9ba29f',
    '--mantine-color-red-text': 'var(--mantine-color-red-4)',
  },
});
