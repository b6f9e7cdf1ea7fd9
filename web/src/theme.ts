import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
  primaryShade: { light: 7, dark: 6 },
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
