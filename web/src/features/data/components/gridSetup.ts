import {
  CellStyleModule,
  ColumnApiModule,
  InfiniteRowModelModule,
  LocaleModule,
  RowApiModule,
  RowSelectionModule,
  RowStyleModule,
  ValidationModule,
  colorSchemeDark,
  colorSchemeLight,
  ModuleRegistry,
  themeQuartz,
} from 'ag-grid-community';

// Without its modules the grid renders nothing. Only what this table uses: all of the community
// modules made the data page's script 1.2 MB. A feature whose module is missing logs
// "AG Grid: error #200" (the e2e data flows fail on it); in development the validation module
// names the module.
ModuleRegistry.registerModules([
  InfiniteRowModelModule,
  RowSelectionModule,
  ColumnApiModule,
  RowApiModule,
  RowStyleModule,
  CellStyleModule,
  LocaleModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
]);

/** Rows the table asks the server for at a time. */
export const PAGE = 100;

/** Mantine's colours, so the grid looks like the rest of the app in both schemes. */
const mantineParams = {
  fontFamily: 'inherit',
  fontSize: 13,
  backgroundColor: 'var(--mantine-color-body)',
  foregroundColor: 'var(--mantine-color-text)',
  borderColor: 'var(--mantine-color-default-border)',
  accentColor: 'var(--mantine-primary-color-filled)',
  headerBackgroundColor: 'var(--mantine-color-default-hover)',
  headerFontWeight: 600,
  selectedRowBackgroundColor: 'var(--mantine-primary-color-light)',
  rowHoverColor: 'var(--mantine-color-default-hover)',
  wrapperBorderRadius: 'var(--mantine-radius-lg)',
  spacing: 6,
};
/** The grid's theme in the light and the dark scheme. */
export const themes = {
  light: themeQuartz.withPart(colorSchemeLight).withParams(mantineParams),
  dark: themeQuartz.withPart(colorSchemeDark).withParams(mantineParams),
};
